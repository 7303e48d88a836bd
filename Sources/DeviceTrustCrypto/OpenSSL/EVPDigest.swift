#if !canImport(CryptoKit)
internal import COpenSSL

/// The SHA-2 algorithms, each fetched once from the default provider.
///
/// Fetching explicitly (instead of `EVP_sha256()`) avoids OpenSSL 3's implicit fetch,
/// a lock and a lookup, on every call.
enum EVPDigestAlgorithm: Sendable {
    case sha256, sha384, sha512

    var outputByteCount: Int {
        switch self {
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    // Fetched algorithm objects are immutable and documented as thread-safe to share.
    private nonisolated(unsafe) static let fetchedSHA256 = fetch("SHA2-256")
    private nonisolated(unsafe) static let fetchedSHA384 = fetch("SHA2-384")
    private nonisolated(unsafe) static let fetchedSHA512 = fetch("SHA2-512")

    private static func fetch(_ name: String) -> OpaquePointer {
        guard let md = EVP_MD_fetch(nil, name, nil) else {
            fatalError("OpenSSL's default provider has no \(name); the libcrypto installation is broken")
        }
        return md
    }

    var md: OpaquePointer {
        switch self {
        case .sha256: return Self.fetchedSHA256
        case .sha384: return Self.fetchedSHA384
        case .sha512: return Self.fetchedSHA512
        }
    }

    /// One-shot digest of `input` into `output` (which must hold `outputByteCount` bytes).
    func hash(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= outputByteCount)
        var length: UInt32 = 0
        let ok = EVP_Digest(input.baseAddress, input.count, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, md, nil)
        precondition(ok == 1 && Int(length) == outputByteCount, "EVP_Digest failed")
    }
}

/// Owns one `EVP_MD_CTX` for incremental hashing.
final class EVPDigestContext {
    private let context: OpaquePointer
    let algorithm: EVPDigestAlgorithm

    init(_ algorithm: EVPDigestAlgorithm) {
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
        self.context = context
        self.algorithm = algorithm
        precondition(EVP_DigestInit_ex2(context, algorithm.md, nil) == 1, "EVP_DigestInit_ex2 failed")
    }

    /// A context in the same state as `other`.
    init(copying other: EVPDigestContext) {
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
        self.context = context
        self.algorithm = other.algorithm
        precondition(EVP_MD_CTX_copy_ex(context, other.context) == 1, "EVP_MD_CTX_copy_ex failed")
    }

    deinit { EVP_MD_CTX_free(context) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "EVP_DigestUpdate failed")
    }

    /// Finishes a copy of the state, leaving this context usable, and writes the digest.
    func finalize(into output: UnsafeMutableRawBufferPointer) {
        let copy = EVPDigestContext(copying: self)
        var length: UInt32 = 0
        let ok = EVP_DigestFinal_ex(copy.context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
        precondition(ok == 1 && Int(length) == algorithm.outputByteCount, "EVP_DigestFinal_ex failed")
    }
}
#endif
