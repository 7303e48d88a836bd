import Foundation

/// A key that passed ``AndroidKeyAttestationVerifier/verify(chain:challenge:)``: its public
/// key and what the secure hardware attested about it. Store it at enrolment; remotely
/// provisioned chains expire within weeks and cannot be verified again later.
public struct AndroidAttestedKey: Sendable {
    /// The leaf's SubjectPublicKeyInfo, DER (EC P-256).
    public let publicKey: Data
    /// The KeyDescription schema version (1–4 Keymaster, 100–500 KeyMint).
    public let attestationVersion: Int
    /// Where the key lives (equal to where the attestation was made).
    public let securityLevel: AndroidKeyPolicy.SecurityLevel
    /// The package names of the app that generated the key; empty when the attestation names none.
    public let packageNames: [String]
    /// SHA-256 digests of the app's signing certificates; empty when the attestation names none.
    public let signingCertificateDigests: [Data]
    /// The device's verified-boot state at the time of attestation.
    public let rootOfTrust: RootOfTrust
    /// The whole parsed attestation extension, for logging and further policy.
    public let keyDescription: KeyDescription
}
