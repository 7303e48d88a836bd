#if !canImport(CryptoKit)
internal import COpenSSL

/// The one place where OpenSSL's error queue becomes a `CryptoKitError`.
enum OpenSSLErrors {
    /// Empties this thread's OpenSSL error queue and returns the error to throw.
    ///
    /// The queue is always drained so that a stale entry can never be attributed to a
    /// later, unrelated call. Only the packed error code is kept: OpenSSL's error data
    /// strings can quote input, and inputs may be secrets.
    static func drain() -> CryptoKitError {
        let first = ERR_get_error()
        while ERR_get_error() != 0 {}
        return .underlyingCoreCryptoError(error: Int32(truncatingIfNeeded: first))
    }

    /// Empties the error queue after a failure that is reported otherwise.
    static func discard() {
        while ERR_get_error() != 0 {}
    }

    /// Throws the drained error unless `result` is 1, OpenSSL's success value.
    @inline(__always)
    static func check(_ result: Int32) throws(CryptoKitError) {
        guard result == 1 else { throw drain() }
    }
}
#endif
