internal import CMicroHTTPD
import Foundation

/// The one owner of a running `MHD_Daemon`: started in `init`, stopped and freed by
/// ``stop()`` or, at the latest, in `deinit`.
///
/// The ``ServerContext`` handed to C as an unretained pointer is kept alive here for as
/// long as the daemon can call back with it. `MHD_stop_daemon` "shuts down the daemon,
/// closes all connections and frees the daemon's resources" and joins its threads, so
/// no callback runs after it returns; request-completed callbacks for open connections
/// run during it and free their per-request contexts.
///
/// "It is an API violation to call MHD_stop_daemon while having suspended connections":
/// ``stop()`` therefore first stops the ``HandlerPool``, which runs every queued job (each
/// resumes its connection) and from then on makes the access handler answer in place
/// instead of suspending.
final class MHDDaemon: @unchecked Sendable {
    // Only touched with `lock` held.
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    let context: ServerContext

    /// The port actually bound.
    let port: UInt16

    /// Starts a daemon for `recipe`, with `tls` for HTTPS, on `recipe`'s address or, when
    /// given, on `listenSocket` (an open listening socket another daemon serves, which this
    /// one then shares until the other is quiesced).
    init(_ recipe: DaemonRecipe, tls: TLSCredentials?, listenSocket: Int32? = nil) throws(HTTPServerError) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = recipe.port.bigEndian
        guard inet_pton(AF_INET, recipe.host, &address.sin_addr) == 1 else {
            throw HTTPServerError(.invalidHost, "host \"\(recipe.host)\" is not a numeric IPv4 address; use e.g. 127.0.0.1")
        }
        if let tls { try Self.check(tls) }
        let limits = ConnectionTable.Limits(
            requestTimeoutSeconds: Double(recipe.requestTimeoutSeconds), maximumConnections: recipe.maximumConnections,
            idleTimeoutSeconds: Double(recipe.connectionTimeoutSeconds))
        let context = ServerContext(handler: recipe.handler, maximumBodyBytes: recipe.maximumBodyBytes, threads: recipe.threads, limits: limits)
        self.context = context
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        var settings = dt_mhd_settings()
        settings.connection_memory_limit = Self.connectionMemoryLimit
        settings.connection_timeout_seconds = UInt32(recipe.connectionTimeoutSeconds)
        settings.connection_limit = UInt32(recipe.maximumConnections)
        settings.per_ip_connection_limit = UInt32(recipe.maximumConnectionsPerAddress)
        settings.listen_backlog = UInt32(recipe.listenBacklog)
        settings.access_handler = mhdAccessHandler
        settings.access_handler_context = contextPointer
        settings.request_completed = mhdRequestCompleted
        settings.request_completed_context = contextPointer
        settings.notify_connection = mhdConnectionNotify
        settings.notify_connection_context = contextPointer
        settings.request_started = mhdRequestStarted
        settings.request_started_context = contextPointer
        settings.listen_socket = listenSocket ?? -1
        // libmicrohttpd keeps pointers to the PEM texts and the priority string (it hands
        // them to GnuTLS at start, and nothing promises it never reads them again): they
        // live as long as `self`.
        let certificateText = Array((tls?.certificateChainPEM ?? "").utf8CString)
        let keyText = Array((tls?.privateKeyPEM ?? "").utf8CString)
        let prioritiesText = Array(TLSCredentials.priorities.utf8CString)
        certificate = certificateText
        key = keyText
        priorities = prioritiesText
        let started: OpaquePointer? = certificateText.withUnsafeBufferPointer { certificate in
            keyText.withUnsafeBufferPointer { key in
                prioritiesText.withUnsafeBufferPointer { priorities in
                    if tls != nil {
                        settings.tls_certificate_pem = certificate.baseAddress
                        settings.tls_key_pem = key.baseAddress
                        settings.tls_priorities = priorities.baseAddress
                    }
                    return dt_mhd_start_daemon(&address, &settings)
                }
            }
        }
        guard let daemon = started else {
            context.pool.stop()
            context.connections.stop()
            throw HTTPServerError(.startFailed, "could not listen on \(recipe.host):\(recipe.port); is the port already in use?")
        }
        let bound = dt_mhd_bound_port(daemon)
        guard bound != 0 || recipe.port != 0 else {
            MHD_stop_daemon(daemon)
            context.pool.stop()
            context.connections.stop()
            throw HTTPServerError(.startFailed, "libmicrohttpd did not report the bound port")
        }
        self.daemon = daemon
        self.port = bound != 0 ? bound : recipe.port
        self.listenSocket = dt_mhd_listen_socket(daemon)
    }

    /// The PEM texts and the priority string, NUL-terminated, kept for the daemon's life.
    private let certificate: [CChar]
    private let key: [CChar]
    private let priorities: [CChar]

    /// The listening socket (shared with a daemon that takes over from this one).
    let listenSocket: Int32

    /// Checks `tls` with GnuTLS before libmicrohttpd sees it, for a precise error.
    static func check(_ tls: TLSCredentials) throws(HTTPServerError) {
        var reason = [CChar](repeating: 0, count: 256)
        var isPrioritiesError: Int32 = 0
        let valid = dt_mhd_check_tls(tls.certificateChainPEM, tls.privateKeyPEM, TLSCredentials.priorities, &reason, reason.count, &isPrioritiesError)
        guard valid == 0 else { return }
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if isPrioritiesError != 0 {
            throw HTTPServerError(.startFailed, "this GnuTLS does not accept the TLS priority string: \(text)")
        }
        throw HTTPServerError(
            .invalidTLSCredentials,
            "the TLS certificate and key were refused (\(text)); give a PEM certificate chain and the PEM private key that belongs to its first certificate")
    }

    /// Stops accepting connections (the listening socket stays open for the daemon that
    /// took over); open connections are still served until ``stop()``.
    func quiesce() {
        lock.withLock {
            if let daemon { _ = MHD_quiesce_daemon(daemon) }
        }
    }

    /// Per-connection memory for headers and read buffers (not the body, which is
    /// accumulated separately and capped by `maximumBodyBytes`).
    static let connectionMemoryLimit = 64 * 1024

    /// Stops the daemon; later calls do nothing.
    func stop() {
        let running = lock.withLock {
            defer { daemon = nil }
            return daemon
        }
        if let running {
            context.pool.stop()
            MHD_stop_daemon(running)
            context.connections.stop()
        }
    }

    deinit {
        stop()
    }
}

/// What an ``HTTPServer`` was started with: enough to start a daemon again with other TLS
/// credentials.
struct DaemonRecipe: Sendable {
    let host: String
    let port: UInt16
    let threads: Int
    let maximumBodyBytes: Int
    let connectionTimeoutSeconds: Int
    let requestTimeoutSeconds: Int
    let maximumConnections: Int
    let maximumConnectionsPerAddress: Int
    let listenBacklog: Int
    let handler: HTTPHandler
}
