import AuditKit

extension NetworkATSDisabled {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .plist("Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
                <key>NSAppTransportSecurity</key>
                <dict>
                    <key>NSExceptionDomains</key>
                    <dict>
                        <key>api.ksr.test</key>
                        <dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
                    </dict>
                </dict>
            </dict></plist>
            """),
            .plist("Info.plist", NetworkATSDisabled.plist("""
                    ↓<key>NSAllowsArbitraryLoads</key>
                    <true/>
            """)),
            .plist("Info.plist", NetworkATSDisabled.plist("""
                    ↓<key>NSAllowsArbitraryLoadsInWebContent</key>
                    <true/>
                    <key>NSAllowsLocalNetworking</key>
                    <true/>
            """)),
            .plist("Info.plist", NetworkATSDisabled.plist("""
                    <key>NSExceptionDomains</key>
                    <dict>
                        <key>legacy.bank.example.com</key>
                        <dict>
                            ↓<key>NSExceptionAllowsInsecureHTTPLoads</key>
                            <true/>
                            ↓<key>NSExceptionMinimumTLSVersion</key>
                            <string>TLSv1.0</string>
                        </dict>
                        <key>cdn.bank.example.com</key>
                        <dict>
                            <key>NSIncludesSubdomains</key>
                            <true/>
                            ↓<key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key>
                            <true/>
                        </dict>
                    </dict>
            """)),
            .plist("Info.plist", NetworkATSDisabled.plist("""
                    <key>NSAllowsArbitraryLoads</key>
                    <false/>
                    <key>NSAllowsLocalNetworking</key>
                    <true/>
                    <key>NSExceptionDomains</key>
                    <dict>
                        <key>api.bank.example.com</key>
                        <dict>
                            <key>NSExceptionMinimumTLSVersion</key>
                            <string>TLSv1.3</string>
                            <key>NSExceptionAllowsInsecureHTTPLoads</key>
                            <false/>
                        </dict>
                        <key>localhost</key>
                        <dict>
                            <key>NSExceptionAllowsInsecureHTTPLoads</key>
                            <true/>
                        </dict>
                    </dict>
            """)),
            // A web browser: arbitrary loads are its job; a native exception domain is still a decision of its own.
            .plist("Info.plist", NetworkATSDisabled.plist("""
                    <key>NSAllowsArbitraryLoads</key>
                    <true/>
                    <key>NSAllowsArbitraryLoadsInWebContent</key>
                    <true/>
                    <key>NSExceptionDomains</key>
                    <dict>
                        <key>sync.browser.example.com</key>
                        <dict>
                            <key>NSIncludesSubdomains</key>
                            <true/>
                            ↓<key>NSExceptionAllowsInsecureHTTPLoads</key>
                            <true/>
                        </dict>
                    </dict>
            """), otherFiles: NetworkATSDisabled.browserEntitlements),
            .plist("Info.plist", NetworkATSDisabled.plist("""
                    <key>NSExceptionDomains</key>
                    <dict>
                        <key>media.partner.example.com</key>
                        <dict>
                            <key>NSIncludesSubdomains</key>
                            <true/>
                            <key>NSThirdPartyExceptionRequiresForwardSecrecy</key>
                            <false/>
                        </dict>
                    </dict>
            """)),
            .plist("Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key>
                <string>com.example.bank</string>
            </dict>
            </plist>
            """),
        ]
    }
}
