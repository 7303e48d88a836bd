import AuditKit

/// A distribution-signed build whose entitlements set the App Attest environment to
/// `development`.
///
/// Whether a build is for distribution is read from the same entitlements (or the
/// provisioning profile's `Entitlements`): `beta-reports-active` true is set by App Store
/// and TestFlight profiles; `get-task-allow` false by every distribution profile, ad hoc
/// included. A source `.entitlements` file with only `development` is not reported: that
/// is what Xcode writes when the capability is added, and App Store builds ignore it.
struct PlatformAppAttestDevelopment: AuditRule {
    static let environmentKey = "com.apple.developer.devicecheck.appattest-environment"

    let metadata = RuleMetadata(
        id: "platform-app-attest-development",
        title: "App Attest environment development in a distribution build",
        severity: .medium,
        category: .platform,
        masvs: "MASVS-RESILIENCE-1",
        cwe: 1188,
        rationale:
            "The App Attest environment entitlement picks Apple's sandbox (development, aaguid appattestdevelop) or production servers. Builds distributed through the App Store, TestFlight or the Enterprise program ignore the value and attest in production, so development there only misleads whoever configures the server; an ad hoc build honours it and ships sandbox keys, which a production server must refuse and which any development-signed copy of the app can also produce. Read from the built app's archived-expanded-entitlements.xcent and embedded.mobileprovision, and from source .entitlements files that say they are for distribution.",
        fix:
            "Set com.apple.developer.devicecheck.appattest-environment to production in the entitlements of the release configuration (a separate .entitlements file per configuration through CODE_SIGN_ENTITLEMENTS), and run the server with --app-attest-environment production, which refuses sandbox attestations."
    )

    let triggers = ["appattest-environment"]

    let triggersAreCode = false

    let preCheck = PreCheck.only([.propertyList])

    func checkPropertyList(_ plist: PropertyListFile, project _: ProjectFacts) -> [Match] {
        let entitlements: PropertyListValue?
        switch plist.role {
        case .entitlements: entitlements = plist.root
        case .provisioningProfile: entitlements = plist.root["Entitlements"]
        default: return []
        }
        guard let entitlements, entitlements[Self.environmentKey]?.string == "development" else { return [] }
        let range = plist.range(ofKey: Self.environmentKey)
        if entitlements["beta-reports-active"]?.isTrue == true {
            return [
                Match(
                    range,
                    "App Attest environment development in an App Store or TestFlight build (beta-reports-active): Apple attests it in production anyway, so a server set up for development refuses every real user"
                )
            ]
        }
        if entitlements["get-task-allow"] == .bool(false) {
            return [
                Match(
                    range,
                    "App Attest environment development in a distribution-signed build (get-task-allow false): an ad hoc copy ships sandbox keys (aaguid appattestdevelop) that a production server must refuse"
                )
            ]
        }
        return []
    }
}
