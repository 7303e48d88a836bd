import DeviceTrustCrypto
import Foundation
import Synchronization

/// Enrolled public keys, parsed once: the key checks (on the curve, not the point at
/// infinity) and OpenSSL's key object cost about as much as a verification, so every
/// response would otherwise pay them twice.
///
/// Keyed by the exact stored X9.63 bytes, so a replaced key is a different entry and a
/// cached key can only ever verify for the bytes it was parsed from. Whether the device or
/// key is still active is checked in the store on every response, never here. Bounded:
/// when full, it starts over empty.
final class PublicKeyCache: Sendable {
    /// The most keys kept at once.
    let capacity: Int
    private let keys = Mutex<[Data: P256.Signing.PublicKey]>([:])

    /// An empty cache holding up to `capacity` keys.
    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// The key whose X9.63 encoding is `x963`, parsed on first use.
    /// - Throws: what `P256.Signing.PublicKey(x963Representation:)` throws for bytes that
    ///   are not a valid P-256 point (never cached).
    func key(x963: Data) throws -> P256.Signing.PublicKey {
        if let cached = keys.withLock({ $0[x963] }) { return cached }
        let parsed = try P256.Signing.PublicKey(x963Representation: x963)
        keys.withLock { keys in
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            keys[x963] = parsed
        }
        return parsed
    }
}
