import Foundation

/// What a verified App Attest attestation establishes: store it under the key identifier
/// and use it to verify the key's assertions.
public struct AttestedKey: Sendable, Hashable {
    /// The attested P-256 public key as an uncompressed X9.63 point (0x04 ‖ X ‖ Y, 65 bytes).
    public let publicKey: Data
    /// The signature counter at attestation (always 0); the first assertion must exceed it.
    public let counter: UInt32
    /// Apple's CMS receipt, to exchange for a fraud-risk metric with Apple's server.
    public let receipt: Data
    /// The environment the attestation was made in (the one the verifier was configured for).
    public let environment: AppAttestVerifier.Environment

    /// An attested key with these fields (for tests and storage round trips).
    public init(publicKey: Data, counter: UInt32, receipt: Data, environment: AppAttestVerifier.Environment) {
        self.publicKey = publicKey
        self.counter = counter
        self.receipt = receipt
        self.environment = environment
    }
}
