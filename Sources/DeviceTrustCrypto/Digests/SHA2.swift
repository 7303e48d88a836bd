#if !canImport(CryptoKit)
import Foundation

// The three SHA-2 functions CryptoKit offers. Each type is a thin value wrapper around
// `IncrementalDigest`; the hashing itself is OpenSSL's (see OpenSSL/EVPDigest.swift).

// MARK: - SHA256

/// SHA-256 (FIPS 180-4), computed by OpenSSL.
public struct SHA256: HashFunction {
    /// 64 bytes.
    public static let blockByteCount = 64
    private var state = IncrementalDigest(.sha256)

    /// A fresh SHA256 state.
    public init() {}

    /// Adds bytes to the state.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

    /// The digest of everything added so far; the state stays usable.
    public func finalize() -> SHA256Digest { SHA256Digest(storage: state.finalize()) }

    /// The SHA256 digest of `data`, in one call.
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest {
        data.withContiguousBytes { SHA256Digest(storage: IncrementalDigest.hash(.sha256, $0)) }
    }
}

/// The 32-byte output of ``SHA256``. `==` runs in constant time.
public struct SHA256Digest: Digest {
    /// 32 bytes.
    public static let byteCount = 32
    let storage: DigestStorage

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.bytes.withUnsafeBytes(body)
    }
    public func makeIterator() -> IndexingIterator<[UInt8]> { storage.bytes.makeIterator() }
    /// `SHA256 digest: ` followed by the lowercase hex digest, as in CryptoKit.
    public var description: String { "SHA256 digest: \(storage.hex)" }
}

// MARK: - SHA384

/// SHA-384 (FIPS 180-4), computed by OpenSSL.
public struct SHA384: HashFunction {
    /// 128 bytes.
    public static let blockByteCount = 128
    private var state = IncrementalDigest(.sha384)

    /// A fresh SHA384 state.
    public init() {}

    /// Adds bytes to the state.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

    /// The digest of everything added so far; the state stays usable.
    public func finalize() -> SHA384Digest { SHA384Digest(storage: state.finalize()) }

    /// The SHA384 digest of `data`, in one call.
    public static func hash<D: DataProtocol>(data: D) -> SHA384Digest {
        data.withContiguousBytes { SHA384Digest(storage: IncrementalDigest.hash(.sha384, $0)) }
    }
}

/// The 48-byte output of ``SHA384``. `==` runs in constant time.
public struct SHA384Digest: Digest {
    /// 48 bytes.
    public static let byteCount = 48
    let storage: DigestStorage

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.bytes.withUnsafeBytes(body)
    }
    public func makeIterator() -> IndexingIterator<[UInt8]> { storage.bytes.makeIterator() }
    /// `SHA384 digest: ` followed by the lowercase hex digest, as in CryptoKit.
    public var description: String { "SHA384 digest: \(storage.hex)" }
}

// MARK: - SHA512

/// SHA-512 (FIPS 180-4), computed by OpenSSL.
public struct SHA512: HashFunction {
    /// 128 bytes.
    public static let blockByteCount = 128
    private var state = IncrementalDigest(.sha512)

    /// A fresh SHA512 state.
    public init() {}

    /// Adds bytes to the state.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { state.update(bufferPointer) }

    /// The digest of everything added so far; the state stays usable.
    public func finalize() -> SHA512Digest { SHA512Digest(storage: state.finalize()) }

    /// The SHA512 digest of `data`, in one call.
    public static func hash<D: DataProtocol>(data: D) -> SHA512Digest {
        data.withContiguousBytes { SHA512Digest(storage: IncrementalDigest.hash(.sha512, $0)) }
    }
}

/// The 64-byte output of ``SHA512``. `==` runs in constant time.
public struct SHA512Digest: Digest {
    /// 64 bytes.
    public static let byteCount = 64
    let storage: DigestStorage

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.bytes.withUnsafeBytes(body)
    }
    public func makeIterator() -> IndexingIterator<[UInt8]> { storage.bytes.makeIterator() }
    /// `SHA512 digest: ` followed by the lowercase hex digest, as in CryptoKit.
    public var description: String { "SHA512 digest: \(storage.hex)" }
}
#endif
