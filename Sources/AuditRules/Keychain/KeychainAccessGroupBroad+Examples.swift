import AuditKit

extension KeychainAccessGroupBroad {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .plist(
                "App.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>application-identifier</key>
                    <string>A1B2C3D4E5.com.example.bank</string>
                    ↓<key>keychain-access-groups</key>
                    <array>
                        <string>A1B2C3D4E5.*</string>
                        <string>Z9Y8X7W6V5.com.other.vault</string>
                    </array>
                </dict>
                </plist>
                """),
            .plist(
                "App.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>application-identifier</key>
                    <string>A1B2C3D4E5.com.example.bank</string>
                    <key>keychain-access-groups</key>
                    <array>
                        <string>A1B2C3D4E5.com.example.bank</string>
                        <string>$(AppIdentifierPrefix)com.example.shared</string>
                    </array>
                </dict>
                </plist>
                """),
        ]
    }
}
