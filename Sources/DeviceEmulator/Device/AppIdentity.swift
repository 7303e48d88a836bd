/// Who an emulated app is, and what its entitlements let it share: the team, the bundle
/// identifier, the `keychain-access-groups` entitlement and the
/// `com.apple.security.application-groups` entitlement.
///
/// Two identities with the same team and bundle identifier are the same app: installing
/// one after the other is an update (or, after an uninstall, a reinstall).
public struct AppIdentity: Sendable, Hashable {
    /// The ten-character team identifier (the app-ID prefix), e.g. `"ABCDE12345"`.
    public let teamID: String
    /// The bundle identifier, e.g. `"com.example.bank"`.
    public let bundleID: String
    /// The `keychain-access-groups` entitlement, in order. Each entry must start with
    /// `"TEAMID."`; others are ignored, as the provisioning profile would not allow them.
    public let keychainAccessGroups: [String]
    /// The `com.apple.security.application-groups` entitlement (`"group.…"` identifiers),
    /// shared only with apps of the same team.
    public let appGroups: [String]
    /// The Info.plist's `NSFaceIDUsageDescription`, shown in the one-time Face ID permission
    /// prompt. Without it, the app can never use Face ID (see <doc:LocalAuthenticationBehaviour>).
    public let faceIDUsageDescription: String?

    /// An app identity with its entitlements and Face ID usage description.
    public init(
        teamID: String, bundleID: String, keychainAccessGroups: [String] = [], appGroups: [String] = [], faceIDUsageDescription: String? = nil
    ) {
        self.teamID = teamID
        self.bundleID = bundleID
        self.keychainAccessGroups = keychainAccessGroups
        self.appGroups = appGroups
        self.faceIDUsageDescription = faceIDUsageDescription
    }

    /// The `application-identifier` entitlement, `"TEAMID.bundleID"`, which is also an
    /// implicit keychain access group.
    public var applicationIdentifier: String { "\(teamID).\(bundleID)" }
}
