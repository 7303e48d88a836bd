import Foundation

/// What an emulated Android device states in its key attestations: its KeyMint, its boot
/// state and the app asking. The defaults describe a healthy, locked Pixel-like phone
/// running our customer's genuine app.
public struct AndroidDeviceProfile: Sendable {
    /// Where keys live (KeyDescription SecurityLevel).
    public enum SecurityLevel: Int, Sendable {
        case software = 0, trustedEnvironment = 1, strongBox = 2
    }

    /// RootOfTrust.verifiedBootState.
    public enum VerifiedBootState: Int, Sendable {
        case verified = 0, selfSigned = 1, unverified = 2, failed = 3
    }

    /// Attestation and KeyMint version: 300 (KeyMint 3) unless told otherwise; 1–4 are
    /// Keymaster, 100–400 KeyMint.
    public var attestationVersion: Int = 300
    /// The security level of both the attestation and the key.
    public var securityLevel: SecurityLevel = .trustedEnvironment
    /// The verified boot state.
    public var verifiedBootState: VerifiedBootState = .verified
    /// Whether the bootloader is locked.
    public var deviceLocked = true
    /// The app's package name.
    public var packageName = "com.example.bank"
    /// The app's version code.
    public var packageVersion = 42
    /// SHA-256 of the app's signing certificate.
    public var signingCertificateDigests: [[UInt8]] = [[UInt8](repeating: 0xA5, count: 32)]
    /// osVersion as KeyMint encodes it (14.0.0 → 140000).
    public var osVersion = 140_000
    /// osPatchLevel, YYYYMM.
    public var osPatchLevel = 202_410

    /// The default profile.
    public init() {}
}
