import DeviceTrustCrypto
import Foundation

/// Stored App Attest keys already imported into OpenSSL, by their X9.63 bytes.
///
/// Importing a point (with its on-curve check) costs about a third of an ECDSA
/// verification, and a server verifies the same device keys again and again. The cache is
/// shared by copies of a verifier, behind a lock, and bounded: when it holds
/// ``maximumKeys`` keys it starts over, so hostile input cannot grow it.
final class AppAttestKeyCache: @unchecked Sendable {
    /// Most keys held at once.
    static let maximumKeys = 4_096

    // Guarded by `lock`.
    private var keys: [Data: P256.Signing.PublicKey] = [:]
    private let lock = NSLock()

    /// The key for `x963` bytes, imported once; throws `keyType` for bytes that are not
    /// an uncompressed P-256 point (never cached).
    func publicKey(x963 bytes: Data) throws(AttestationError) -> P256.Signing.PublicKey {
        lock.lock()
        let cached = keys[bytes]
        lock.unlock()
        if let cached { return cached }
        let key: P256.Signing.PublicKey
        do { key = try P256.Signing.PublicKey(x963Representation: bytes) } catch {
            throw AttestationError(.keyType, "the stored public key is not an uncompressed P-256 point")
        }
        lock.lock()
        defer { lock.unlock() }
        if keys.count >= Self.maximumKeys { keys.removeAll(keepingCapacity: true) }
        keys[Data(bytes)] = key
        return key
    }
}
