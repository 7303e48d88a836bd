#if canImport(COpenSSL)
internal import COpenSSL

/// The one owner of an `SSL_CTX` for a TLS client (TLS 1.2 or later); `SSL_CTX_free` on deinit.
final class OpenSSLClientContext {
    let pointer: OpaquePointer

    /// A client context trusting the roots in `caFile` (PEM), or the system's default
    /// verify paths when `caFile` is nil.
    init(caFile: String?) throws(PinFetchError) {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw PinFetchError(.setup, "SSL_CTX_new: \(OpenSSLErrorQueue.drain())")
        }
        pointer = context
        // SSL_CTX_set_min_proto_version is a macro over SSL_CTX_ctrl.
        guard SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, Int(TLS1_2_VERSION), nil) == 1 else {
            throw PinFetchError(.setup, "cannot require TLS 1.2: \(OpenSSLErrorQueue.drain())")
        }
        // Verification runs and is recorded, but a failure does not abort the handshake:
        // the command must still show the chain it was given.
        SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
        if let caFile {
            guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
                throw PinFetchError(.setup, "cannot load CA file '\(caFile)' (PEM expected): \(OpenSSLErrorQueue.drain())")
            }
        } else if SSL_CTX_set_default_verify_paths(context) != 1 {
            throw PinFetchError(.setup, "cannot load the system's trusted roots: \(OpenSSLErrorQueue.drain())")
        }
    }

    deinit { SSL_CTX_free(pointer) }
}

/// The one owner of an `SSL` connection object; `SSL_free` on deinit. The socket it
/// uses is owned separately (`SSL_set_fd` does not close it).
final class OpenSSLClientConnection {
    let pointer: OpaquePointer

    init(context: OpenSSLClientContext) throws(PinFetchError) {
        guard let ssl = SSL_new(context.pointer) else {
            throw PinFetchError(.setup, "SSL_new: \(OpenSSLErrorQueue.drain())")
        }
        pointer = ssl
    }

    deinit { SSL_free(pointer) }
}

/// OpenSSL's thread-local error queue, read in one place.
enum OpenSSLErrorQueue {
    /// Every queued error as text, oldest first; the queue is left empty.
    static func drain() -> String {
        var messages: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.isEmpty ? "no OpenSSL error queued" : messages.joined(separator: "; ")
    }
}
#endif
