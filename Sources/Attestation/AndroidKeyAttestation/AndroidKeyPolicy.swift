import Foundation

/// What a server requires of an attested Android key beyond a genuine attestation: where
/// the key lives, which app asked for it, the device's boot state, and how the key is
/// unlocked.
///
/// The default is the server default: key and attestation in a TEE or StrongBox,
/// verified boot with a locked bootloader, any app.
public struct AndroidKeyPolicy: Sendable, Hashable {
    /// Where a key lives and where its attestation was made, weakest first.
    public typealias SecurityLevel = AndroidSecurityLevel

    /// The package names allowed; empty: any. One of the attestation's packages must be listed.
    public var packageNames: Set<String>
    /// SHA-256 digests of the app's signing certificates allowed; empty: any. One of the
    /// attestation's digests must be listed.
    public var signingCertificateDigests: Set<Data>
    /// The weakest security level accepted, for the key and for the attestation.
    public var minimumSecurityLevel: SecurityLevel
    /// Whether verifiedBootState must be Verified and the bootloader locked.
    public var requireVerifiedBoot: Bool
    /// Whether the key must demand a fresh biometric check for every use: userAuthType
    /// includes biometric, no authTimeout, and not noAuthRequired.
    public var requirePerUseBiometry: Bool

    /// A policy; every parameter's default is the permissive-but-safe server default.
    public init(
        packageNames: Set<String> = [],
        signingCertificateDigests: Set<Data> = [],
        minimumSecurityLevel: SecurityLevel = .trustedEnvironment,
        requireVerifiedBoot: Bool = true,
        requirePerUseBiometry: Bool = false
    ) {
        self.packageNames = packageNames
        self.signingCertificateDigests = signingCertificateDigests
        self.minimumSecurityLevel = minimumSecurityLevel
        self.requireVerifiedBoot = requireVerifiedBoot
        self.requirePerUseBiometry = requirePerUseBiometry
    }
}
