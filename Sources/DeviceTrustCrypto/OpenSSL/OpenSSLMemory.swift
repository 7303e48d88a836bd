#if !canImport(CryptoKit)
internal import COpenSSL
#if canImport(Glibc)
import Glibc
#endif

/// Constant-time comparison and zeroisation from libcrypto; randomness from the OS CSPRNG.
enum OpenSSLMemory {
    /// Compares two buffers in time that depends only on their lengths
    /// (`CRYPTO_memcmp`). Buffers of different lengths are unequal.
    static func constantTimeEquals(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0 else { return true }
        return CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0
    }

    /// Fills `buffer` from the operating system's CSPRNG: glibc's `arc4random_buf`, one
    /// `getrandom(2)` call per buffer (glibc 2.36 and later; it aborts rather than return
    /// weak bytes), elsewhere the standard library's `SystemRandomNumberGenerator`. Both are
    /// cheaper per nonce than a round through OpenSSL's DRBG.
    static func fillRandom(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        #if canImport(Glibc)
        arc4random_buf(base, buffer.count)
        #else
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        while offset < buffer.count {
            var word = generator.next()
            let take = min(8, buffer.count - offset)
            withUnsafeBytes(of: &word) { base.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: take) }
            word = 0
            offset += take
        }
        #endif
    }

    /// Overwrites memory with zeros in a way the compiler cannot elide (`OPENSSL_cleanse`).
    static func cleanse(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        OPENSSL_cleanse(base, buffer.count)
    }
}
#endif
