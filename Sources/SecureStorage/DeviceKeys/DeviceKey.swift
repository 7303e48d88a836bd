import DeviceTrustCrypto
import Foundation

/// A P-256 signing key held by hardware — the Secure Enclave, Android Keystore, or an
/// emulation of either — that signs a server's one-time challenges.
///
/// The private key never leaves the hardware. Biometry, when the key requires it, unlocks
/// the key itself: there is no Bool an attacker can flip, only a signature the server
/// verifies.
public protocol DeviceKey: Sendable {
    /// The public key, to enrol with the server.
    var publicKey: P256.Signing.PublicKey { get }
    /// An ECDSA signature over `data` (hashed with SHA-256), after whatever
    /// authentication the key's access control demands.
    func signature(for data: Data) async throws -> P256.Signing.ECDSASignature
}
