import AuditKit

extension PlatformGetTaskAllow {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .plist(
                "App.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    ↓<key>get-task-allow</key>
                    <true/>
                    <key>keychain-access-groups</key>
                    <array><string>$(AppIdentifierPrefix)com.example.bank</string></array>
                </dict>
                </plist>
                """),
            .plist(
                "App.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>get-task-allow</key>
                    <false/>
                    <key>aps-environment</key>
                    <string>production</string>
                </dict>
                </plist>
                """),
        ]
    }
}
