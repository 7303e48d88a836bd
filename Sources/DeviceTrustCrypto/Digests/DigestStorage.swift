#if !canImport(CryptoKit)
import Foundation

/// The bytes of a digest or authentication code, with constant-time equality.
///
/// Shared by every digest and MAC type so that comparison and formatting exist once.
struct DigestStorage: Hashable, Sendable {
    let bytes: [UInt8]

    static func == (lhs: DigestStorage, rhs: DigestStorage) -> Bool {
        lhs.bytes.withUnsafeBytes { l in rhs.bytes.withUnsafeBytes { r in OpenSSLMemory.constantTimeEquals(l, r) } }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    var hex: String { Hex.encode(bytes) }

    /// Constant-time comparison with any contiguous bytes (a received tag).
    func constantTimeEquals<C: ContiguousBytes>(_ other: C) -> Bool {
        bytes.withUnsafeBytes { l in other.withUnsafeBytes { r in OpenSSLMemory.constantTimeEquals(l, r) } }
    }
}

/// Incremental hashing state with value semantics: copies share the OpenSSL context until
/// one of them is updated, when it gets a copy of its own.
struct IncrementalDigest {
    private var context: EVPDigestContext

    init(_ algorithm: EVPDigestAlgorithm) {
        context = EVPDigestContext(algorithm)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&context) {
            context = EVPDigestContext(copying: context)
        }
        context.update(bytes)
    }

    func finalize() -> DigestStorage {
        var bytes = [UInt8](repeating: 0, count: context.algorithm.outputByteCount)
        bytes.withUnsafeMutableBytes { context.finalize(into: $0) }
        return DigestStorage(bytes: bytes)
    }

    /// One-shot hashing without an incremental context.
    static func hash(_ algorithm: EVPDigestAlgorithm, _ input: UnsafeRawBufferPointer) -> DigestStorage {
        var bytes = [UInt8](repeating: 0, count: algorithm.outputByteCount)
        bytes.withUnsafeMutableBytes { algorithm.hash(input, into: $0) }
        return DigestStorage(bytes: bytes)
    }
}
#endif
