#if canImport(COpenSSL)
internal import COpenSSL

/// Runs an OpenSSL `d2i_…` decoder over all of `bytes`: what it made is returned only when
/// it consumed every byte (trailing bytes are refused, and what was made is freed with
/// `free`). OpenSSL's error queue is cleared either way.
func decodeEveryByte(
    _ bytes: [UInt8],
    _ decode: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?,
    free: (OpaquePointer) -> Void
) -> OpaquePointer? {
    defer { ERR_clear_error() }
    return bytes.withUnsafeBufferPointer { buffer in
        var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
        guard let decoded = decode(&cursor, buffer.count) else { return nil }
        guard cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
            free(decoded)
            return nil
        }
        return decoded
    }
}
#endif
