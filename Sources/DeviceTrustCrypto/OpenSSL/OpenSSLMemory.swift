#if !canImport(CryptoKit)
internal import COpenSSL

/// Constant-time comparison, zeroisation and randomness, from libcrypto.
enum OpenSSLMemory {
    /// Compares two buffers in time that depends only on their lengths
    /// (`CRYPTO_memcmp`). Buffers of different lengths are unequal.
    static func constantTimeEquals(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0 else { return true }
        return CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0
    }

    /// Overwrites memory with zeros in a way the compiler cannot elide (`OPENSSL_cleanse`).
    static func cleanse(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        OPENSSL_cleanse(base, buffer.count)
    }

    /// Fills `buffer` from OpenSSL's CSPRNG. A failure of the system's randomness source
    /// is not recoverable: continuing would produce predictable keys and nonces.
    static func fillRandom(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        var offset = 0
        while offset < buffer.count {
            let chunk = min(buffer.count - offset, Int(Int32.max))
            guard RAND_bytes(base.advanced(by: offset).assumingMemoryBound(to: UInt8.self), Int32(chunk)) == 1 else {
                fatalError("OpenSSL's random number generator failed; refusing to continue with predictable randomness")
            }
            offset += chunk
        }
    }
}
#endif
