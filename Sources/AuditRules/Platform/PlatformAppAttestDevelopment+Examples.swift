import AuditKit

extension PlatformAppAttestDevelopment {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        let development = "<key>com.apple.developer.devicecheck.appattest-environment</key><string>development</string>"
        let production = "<key>com.apple.developer.devicecheck.appattest-environment</key><string>production</string>"
        return [
            .plist("Store.entitlements", Self.entitlements("<key>beta-reports-active</key><true/>", "↓" + development)),
            .plist("AdHoc.entitlements", Self.entitlements("<key>get-task-allow</key><false/>", "↓" + development)),
            // What Xcode writes when the capability is added: App Store builds ignore it.
            .plist("App.entitlements", Self.entitlements(development)),
            .plist("Store.entitlements", Self.entitlements("<key>beta-reports-active</key><true/>", production)),
        ]
    }

    /// An XML entitlements file with `entries`, one per line.
    private static func entitlements(_ entries: String...) -> String {
        (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "<dict>"] + entries + ["</dict>", "</plist>"]).joined(separator: "\n")
    }
}
