import AuditKit

extension PlatformAppAttestDevelopment {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .plist(
                "Bank.xcent.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>beta-reports-active</key>
                    <true/>
                    ↓<key>com.apple.developer.devicecheck.appattest-environment</key>
                    <string>development</string>
                </dict>
                </plist>
                """),
            .plist(
                "Release.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>get-task-allow</key>
                    <false/>
                    ↓<key>com.apple.developer.devicecheck.appattest-environment</key>
                    <string>development</string>
                </dict>
                </plist>
                """),
            // What Xcode writes when the capability is added: App Store builds ignore it.
            .plist(
                "App.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>com.apple.developer.devicecheck.appattest-environment</key>
                    <string>development</string>
                </dict>
                </plist>
                """),
            .plist(
                "Release.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>beta-reports-active</key>
                    <true/>
                    <key>com.apple.developer.devicecheck.appattest-environment</key>
                    <string>production</string>
                </dict>
                </plist>
                """),
        ]
    }
}
