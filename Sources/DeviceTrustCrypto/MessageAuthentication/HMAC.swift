#if !canImport(CryptoKit)
import Foundation

/// HMAC (RFC 2104) over any ``HashFunction``, as in CryptoKit.
///
/// Built from the hash function's incremental interface, as swift-crypto does, so it
/// works for every hash function of this module; the hashing itself is OpenSSL's.
/// Verification compares in constant time.
public struct HMAC<H: HashFunction> {
    private var inner: H
    private var outer: H

    /// Starts an HMAC computation with `key`. Keys longer than the hash's block size are
    /// hashed first, as RFC 2104 requires.
    public init(key: SymmetricKey) {
        let blockSize = H.blockByteCount
        var padded = [UInt8](repeating: 0, count: blockSize)
        defer { padded.withUnsafeMutableBytes { OpenSSLMemory.cleanse($0) } }
        key.withUnsafeBytes { keyBytes in
            if keyBytes.count > blockSize {
                var hasher = H()
                hasher.update(bufferPointer: keyBytes)
                hasher.finalize().withUnsafeBytes { digest in
                    padded.withUnsafeMutableBytes { $0.copyMemory(from: digest) }
                }
            } else {
                padded.withUnsafeMutableBytes { $0.copyMemory(from: keyBytes) }
            }
        }
        inner = H()
        outer = H()
        var pad = [UInt8](repeating: 0, count: blockSize)
        defer { pad.withUnsafeMutableBytes { OpenSSLMemory.cleanse($0) } }
        for i in 0..<blockSize { pad[i] = padded[i] ^ 0x36 }
        pad.withUnsafeBytes { inner.update(bufferPointer: $0) }
        for i in 0..<blockSize { pad[i] = padded[i] ^ 0x5c }
        pad.withUnsafeBytes { outer.update(bufferPointer: $0) }
    }

    /// Adds message bytes.
    public mutating func update<D: DataProtocol>(data: D) {
        inner.update(data: data)
    }

    /// The authentication code of everything added so far.
    public func finalize() -> HashedAuthenticationCode<H> {
        var outer = self.outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return HashedAuthenticationCode(digest: outer.finalize())
    }

    /// The authentication code of `data` under `key`.
    public static func authenticationCode<D: DataProtocol>(for data: D, using key: SymmetricKey) -> HashedAuthenticationCode<H> {
        var hmac = HMAC(key: key)
        hmac.update(data: data)
        return hmac.finalize()
    }

    /// Whether `authenticationCode` is the code of `data` under `key`, compared in
    /// constant time.
    public static func isValidAuthenticationCode<D: DataProtocol>(
        _ authenticationCode: HashedAuthenticationCode<H>, authenticating data: D, using key: SymmetricKey
    ) -> Bool {
        self.authenticationCode(for: data, using: key) == authenticationCode
    }

    /// Whether the received bytes `authenticationCode` are the full code of `data` under
    /// `key`, compared in constant time. A truncated or over-long code is invalid.
    public static func isValidAuthenticationCode<C: ContiguousBytes, D: DataProtocol>(
        _ authenticationCode: C, authenticating data: D, using key: SymmetricKey
    ) -> Bool {
        self.authenticationCode(for: data, using: key).storage.constantTimeEquals(authenticationCode)
    }
}

/// A message authentication code made by ``HMAC``. `==` runs in constant time.
public struct HashedAuthenticationCode<H: HashFunction>: Hashable, ContiguousBytes, Sequence, CustomStringConvertible, Sendable {
    let storage: DigestStorage

    init(digest: H.Digest) {
        storage = DigestStorage(bytes: Array(digest))
    }

    /// The number of bytes in the code.
    public var byteCount: Int { storage.bytes.count }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.bytes.withUnsafeBytes(body)
    }

    public func makeIterator() -> IndexingIterator<[UInt8]> { storage.bytes.makeIterator() }

    /// `HMAC with <hash>: ` followed by the code in lowercase hex, as in CryptoKit.
    public var description: String { "HMAC with \(H.self): \(storage.hex)" }
}
#endif
