#if !canImport(CryptoKit)
import Foundation

/// The output of a hash function, as in CryptoKit: a fixed-size byte sequence whose `==`
/// runs in constant time and whose description is hexadecimal.
public protocol Digest: Hashable, ContiguousBytes, CustomStringConvertible, Sequence, Sendable where Element == UInt8 {
    /// The number of bytes in the digest.
    static var byteCount: Int { get }
}

/// A cryptographic hash function, as in CryptoKit: one-shot with ``hash(data:)`` or
/// incremental with `init()`, `update(data:)` and `finalize()`.
///
/// Hash functions are value types: a copy continues independently of the original, and
/// `finalize()` does not consume the state (calling it twice gives the same digest).
public protocol HashFunction {
    /// The block size of the function in bytes (used by HMAC).
    static var blockByteCount: Int { get }
    /// The digest type this function produces.
    associatedtype Digest: DeviceTrustCrypto.Digest
    /// A fresh hash state.
    init()
    /// Adds bytes to the state.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The digest of everything added so far.
    func finalize() -> Digest
}

extension HashFunction {
    /// The size of the digest in bytes.
    public static var byteCount: Int { Digest.byteCount }

    /// The digest of `data`.
    @inlinable
    public static func hash<D: DataProtocol>(data: D) -> Digest {
        var hasher = Self()
        hasher.update(data: data)
        return hasher.finalize()
    }

    /// Adds the bytes of `data` to the state.
    @inlinable
    public mutating func update<D: DataProtocol>(data: D) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }
}
#endif
