#if canImport(COpenSSL)
import Foundation
internal import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Connects, handshakes and copies out the presented chain and OpenSSL's verdict.
enum TLSChainFetcher {
    /// How long the TCP connect, and each read or write of the handshake, may take.
    static let timeoutSeconds: Int32 = 10

    /// Fetches the chain of the server `command` names.
    ///
    /// - Throws: ``PinFetchError`` for DNS, connect, handshake or setup failures; a chain
    ///   that does not verify is a result, not an error.
    static func fetch(_ command: PinFetchCommand) throws(PinFetchError) -> PinFetchResult {
        // A peer that closes mid-handshake must produce EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        ERR_clear_error()
        let context = try OpenSSLClientContext(caFile: command.caFile)
        let connection = try OpenSSLClientConnection(context: context)
        try configure(connection, for: command)
        let socket = try TCPConnection.connect(host: command.host, port: command.port, timeoutSeconds: timeoutSeconds)
        guard SSL_set_fd(connection.pointer, socket.descriptor) == 1 else {
            throw PinFetchError(.setup, "SSL_set_fd: \(OpenSSLErrorQueue.drain())")
        }
        try handshake(connection, socket: socket, command: command)
        let chain = presentedChain(of: connection)
        let verifyResult = SSL_get_verify_result(connection.pointer)
        let isVerified = verifyResult == Int(X509_V_OK) && !chain.isEmpty
        var reason: String?
        if !isVerified {
            reason =
                chain.isEmpty
                ? "the server presented no certificate"
                : "\(String(cString: X509_verify_cert_error_string(verifyResult))) (OpenSSL verify error \(verifyResult))"
        }
        _ = SSL_shutdown(connection.pointer)
        ERR_clear_error()
        withExtendedLifetime(socket) {}
        return PinFetchResult(chain: chain, isVerified: isVerified, failureReason: reason, verifiedName: command.nameToVerify)
    }

    /// SNI (for names, not IP literals) and the name check on the leaf.
    private static func configure(_ connection: OpenSSLClientConnection, for command: PinFetchCommand) throws(PinFetchError) {
        let name = command.nameToVerify
        let isIP = TCPConnection.isIPLiteral(name)
        if !isIP {
            // SSL_set_tlsext_host_name is a macro over SSL_ctrl.
            let status = name.withCString { pointer in
                SSL_ctrl(connection.pointer, SSL_CTRL_SET_TLSEXT_HOSTNAME, Int(TLSEXT_NAMETYPE_host_name), UnsafeMutableRawPointer(mutating: pointer))
            }
            guard status == 1 else { throw PinFetchError(.usage, "'\(name)' cannot be sent as SNI: \(OpenSSLErrorQueue.drain())") }
        }
        let parameters = SSL_get0_param(connection.pointer)
        let status = isIP ? X509_VERIFY_PARAM_set1_ip_asc(parameters, name) : X509_VERIFY_PARAM_set1_host(parameters, name, 0)
        guard status == 1 else { throw PinFetchError(.usage, "'\(name)' is not a valid name to check: \(OpenSSLErrorQueue.drain())") }
    }

    /// `SSL_connect`, with the failure mapped to a readable reason.
    private static func handshake(_ connection: OpenSSLClientConnection, socket: TCPConnection, command: PinFetchCommand) throws(PinFetchError) {
        let status = SSL_connect(connection.pointer)
        guard status != 1 else { return }
        let savedErrno = errno
        let kind = SSL_get_error(connection.pointer, status)
        let queued = OpenSSLErrorQueue.drain()
        let detail: String
        switch kind {
        case SSL_ERROR_SYSCALL:
            detail =
                savedErrno == EAGAIN || savedErrno == EWOULDBLOCK
                ? "timed out after \(timeoutSeconds) s"
                : (savedErrno == 0 ? "the server closed the connection" : String(cString: strerror(savedErrno)))
        case SSL_ERROR_ZERO_RETURN:
            detail = "the server closed the connection"
        default:
            detail = queued
        }
        throw PinFetchError(.handshake, "TLS with \(command.host) port \(command.port): \(detail)")
    }

    /// The chain as the server sent it (leaf first), DER, copied out of OpenSSL.
    private static func presentedChain(of connection: OpenSSLClientConnection) -> [Data] {
        // Borrowed from the SSL object: not freed here, only read while it lives.
        guard let stack = SSL_get_peer_cert_chain(connection.pointer) else { return [] }
        var chain: [Data] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let raw = OPENSSL_sk_value(stack, index) else { continue }
            if let der = derEncoding(of: OpaquePointer(raw)) { chain.append(der) }
        }
        return chain
    }

    /// `i2d_X509` into a Swift-owned buffer.
    private static func derEncoding(of certificate: OpaquePointer) -> Data? {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        return written == length ? Data(bytes) : nil
    }
}
#endif
