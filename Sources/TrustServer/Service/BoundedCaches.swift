import DeviceTrustCrypto
import Foundation
import Synchronization

/// A thread-safe dictionary holding at most `capacity` entries: when full, it starts over
/// empty (the caches below are refilled by one store read or one key parse per entry).
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most entries kept at once.
    let capacity: Int
    private let entries = Mutex<[Key: Value]>([:])

    /// An empty cache holding up to `capacity` entries.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The cached value for `key`, if any.
    subscript(key: Key) -> Value? {
        entries.withLock { $0[key] }
    }

    /// Keeps `value` for `key`, emptying the cache first when it is full.
    func insert(_ value: Value, for key: Key) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }
}

/// Enrolled public keys, parsed once: the key checks (on the curve, not the point at
/// infinity) and OpenSSL's key object cost about as much as a verification, so every
/// response would otherwise pay them twice.
///
/// Keyed by the exact stored X9.63 bytes, so a replaced key is a different entry and a
/// cached key can only ever verify for the bytes it was parsed from. Whether the device or
/// key is still active is checked in the store on every response, never here.
final class PublicKeyCache: Sendable {
    private let keys: BoundedCache<Data, P256.Signing.PublicKey>

    /// An empty cache holding up to `capacity` keys.
    init(capacity: Int = 10_000) {
        keys = BoundedCache(capacity: capacity)
    }

    /// The most keys kept at once.
    var capacity: Int { keys.capacity }

    /// The key whose X9.63 encoding is `x963`, parsed on first use.
    /// - Throws: what `P256.Signing.PublicKey(x963Representation:)` throws for bytes that
    ///   are not a valid P-256 point (never cached).
    func key(x963: Data) throws -> P256.Signing.PublicKey {
        if let cached = keys[x963] { return cached }
        let parsed = try P256.Signing.PublicKey(x963Representation: x963)
        keys.insert(parsed, for: x963)
        return parsed
    }
}

/// The account of each device seen, so a challenge for a known device is issued in one
/// conditional store write (``TrustStorage/insertChallengeIfDeviceUsable(_:)``) instead
/// of a read and a write.
///
/// Safe across nodes and over time because a device's account never changes and device
/// identifiers are never reused; the store re-checks the account, the revocation, the key
/// and the PIN in the same statement as the insert, so a stale entry can only cost the
/// full read, never issue a challenge the read would have refused.
final class DeviceAccountCache: Sendable {
    private let accounts: BoundedCache<String, String>

    /// An empty cache holding up to `capacity` devices.
    init(capacity: Int = 100_000) {
        accounts = BoundedCache(capacity: capacity)
    }

    /// The account of `deviceId`, if this node has read the device before.
    func account(of deviceId: String) -> String? { accounts[deviceId] }

    /// Remembers that `deviceId` belongs to `accountId`.
    func remember(_ deviceId: String, belongsTo accountId: String) {
        accounts.insert(accountId, for: deviceId)
    }
}
