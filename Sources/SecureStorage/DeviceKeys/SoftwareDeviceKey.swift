import DeviceTrustCrypto
import Foundation

/// A ``DeviceKey`` whose private key lives in process memory, for the iOS Simulator and
/// tests, where there is no Secure Enclave.
///
/// It proves possession of a key, not hardware: a server that requires attestation will
/// (rightly) refuse it. Persist it with ``loadOrCreate(in:account:)``, which keeps the
/// scalar in the Keychain with the keychain's protection class.
public struct SoftwareDeviceKey: DeviceKey {
    private let privateKey: P256.Signing.PrivateKey

    /// A new random key.
    public init() { privateKey = P256.Signing.PrivateKey() }

    /// A key from its 32-byte scalar.
    public init(rawRepresentation: Data) throws { privateKey = try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation) }

    /// The public key, to enrol with the server.
    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }

    /// An ECDSA signature over `data` (hashed with SHA-256); never prompts.
    public func signature(for data: Data) async throws -> P256.Signing.ECDSASignature {
        try privateKey.signature(for: data)
    }

    /// The key stored in `keychain` under `account`, or a new one stored there. Any
    /// keychain error other than "not found" is thrown: a locked phone must not silently
    /// replace the enrolled key.
    public static func loadOrCreate(in keychain: Keychain, account: String) throws -> SoftwareDeviceKey {
        if let stored = try keychain.loadIfPresent(for: account) {
            return try SoftwareDeviceKey(rawRepresentation: stored)
        }
        // Add-only: if another launch path stored a key meanwhile, keep that one, and
        // read back what is stored so both callers end up with the same key.
        _ = try keychain.addIfAbsent(SoftwareDeviceKey().privateKey.rawRepresentation, for: account)
        return try SoftwareDeviceKey(rawRepresentation: keychain.load(for: account))
    }
}
