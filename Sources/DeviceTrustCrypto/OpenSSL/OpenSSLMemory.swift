#if !canImport(CryptoKit)
internal import COpenSSL

/// Constant-time comparison and zeroisation from libcrypto; randomness from the OS CSPRNG.
enum OpenSSLMemory {
    /// Compares two buffers in time that depends only on their lengths
    /// (`CRYPTO_memcmp`). Buffers of different lengths are unequal.
    static func constantTimeEquals(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0 else { return true }
        return CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0
    }

    /// Fills `buffer` from the operating system's CSPRNG through the standard library's
    /// `SystemRandomNumberGenerator` (`getrandom(2)` on Linux): one system call per 8
    /// bytes, cheaper for nonces than a round through OpenSSL's DRBG.
    static func fillRandom(_ buffer: UnsafeMutableRawBufferPointer) {
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        while offset < buffer.count {
            var word = generator.next()
            let take = min(8, buffer.count - offset)
            withUnsafeBytes(of: &word) { UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + take)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<take])) }
            word = 0
            offset += take
        }
    }

    /// Overwrites memory with zeros in a way the compiler cannot elide (`OPENSSL_cleanse`).
    static func cleanse(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        OPENSSL_cleanse(base, buffer.count)
    }
}
#endif
