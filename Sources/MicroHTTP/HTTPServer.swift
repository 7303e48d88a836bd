import Foundation

/// A small HTTP/1.1 server over GNU libmicrohttpd.
///
/// One libmicrohttpd thread does the socket I/O; the handler runs synchronously on the
/// server's own pool of threads (`threads`, more while all are busy), concurrently for
/// different connections, taking complete requests in arrival order whatever connection
/// they came on (so no connection waits behind others that happen to share a thread).
/// Request bodies are capped (413 with a
/// ``HTTPProblem/payloadTooLarge`` problem beyond the cap). The server logs nothing.
///
/// ```swift
/// let server = HTTPServer()
/// let port = try server.start(host: "127.0.0.1", port: 0, threads: 2) { request in
///     .text("hello")
/// }
/// defer { server.stop() }
/// ```
public final class HTTPServer: @unchecked Sendable {
    /// The most handler threads a server started with `threads` runs at once:
    /// `max(threads, 16)`.
    public static func maximumHandlerThreads(keeping threads: Int) -> Int {
        HandlerPool.maximumThreads(keeping: threads)
    }

    // Every `var` is only read or written with `lock` held.
    private let lock = NSLock()
    private var daemon: MHDDaemon?
    /// What `daemon` was started with, for a TLS reload.
    private var recipe: DaemonRecipe?
    private var tls: TLSCredentials?
    /// Daemons replaced by a TLS reload, serving their open connections until they end.
    private var retiring: [ObjectIdentifier: MHDDaemon] = [:]

    /// Creates a stopped server.
    public init() {}

    /// Stops the server if it is still running.
    deinit {
        stop()
    }

    /// The port the server listens on, or `nil` when it is stopped.
    public var port: UInt16? {
        lock.withLock { daemon?.port }
    }

    /// Starts listening and serving requests with `handler`.
    ///
    /// - Parameters:
    ///   - host: the numeric IPv4 address to bind, loopback by default.
    ///   - port: the TCP port; 0 picks a free one.
    ///   - threads: the threads kept to run `handler` (at least 1); while all are busy and
    ///     requests wait, more are started, up to
    ///     ``maximumHandlerThreads(keeping:)`` in all (a handler may be waiting for the
    ///     disk), and end after 2 s without work.
    ///   - maximumBodyBytes: the largest request body accepted; larger ones get 413.
    ///   - connectionTimeoutSeconds: the keep-alive idle timeout: connections without any
    ///     traffic for this many seconds are closed. This also bounds how long a client that
    ///     vanished in the middle of an answer holds a connection slot, and, with the
    ///     request timeout, how long a kept-alive connection may take to deliver its next
    ///     request line (however slowly its bytes arrive).
    ///   - requestTimeoutSeconds: a request must be read whole (headers and body) within
    ///     this many seconds of its start — the accept for a connection's first request, the
    ///     request line for a kept-alive connection's next one — however slowly its bytes
    ///     arrive; a connection that accepts and sends nothing is closed after it too.
    ///   - maximumConnections: connections served at once; more wait in the listen queue.
    ///     Above 90 % of it, each new connection pushes out a waiting one: the longest-idle
    ///     kept-alive connection first, then the longest-waiting one that sent no request.
    ///   - maximumConnectionsPerAddress: connections one client address may hold at once
    ///     (further ones are closed at accept); 0 means no per-address limit.
    ///   - listenBacklog: the kernel's queue of connections not yet accepted.
    ///   - tls: a certificate chain and key to speak HTTPS only (TLS 1.2 and 1.3, see
    ///     ``TLSCredentials/priorities``), or `nil` for plain HTTP.
    ///   - handler: answers each request.
    /// - Returns: the port actually bound.
    /// - Throws: ``HTTPServerError`` when the arguments are invalid, the server is
    ///   already running, or the socket cannot be bound.
    @discardableResult
    public func start(
        host: String = "127.0.0.1",
        port: UInt16,
        threads: Int = 2,
        maximumBodyBytes: Int = 64 * 1024,
        connectionTimeoutSeconds: Int = 30,
        requestTimeoutSeconds: Int = 10,
        maximumConnections: Int = 1000,
        maximumConnectionsPerAddress: Int = 0,
        listenBacklog: Int = 4096,
        tls: TLSCredentials? = nil,
        handler: @escaping HTTPHandler
    ) throws -> UInt16 {
        guard (1...1024).contains(threads) else {
            throw HTTPServerError(.invalidConfiguration, "threads must be between 1 and 1024, not \(threads)")
        }
        guard maximumBodyBytes >= 0 else {
            throw HTTPServerError(.invalidConfiguration, "maximumBodyBytes must not be negative")
        }
        guard (1...3600).contains(connectionTimeoutSeconds) else {
            throw HTTPServerError(.invalidConfiguration, "connectionTimeoutSeconds must be between 1 and 3600")
        }
        guard (1...3600).contains(requestTimeoutSeconds) else {
            throw HTTPServerError(.invalidConfiguration, "requestTimeoutSeconds must be between 1 and 3600")
        }
        guard (1...65_535).contains(listenBacklog) else {
            throw HTTPServerError(.invalidConfiguration, "listenBacklog must be between 1 and 65535")
        }
        guard (1...1_000_000).contains(maximumConnections) else {
            throw HTTPServerError(.invalidConfiguration, "maximumConnections must be between 1 and 1000000")
        }
        guard (0...maximumConnections).contains(maximumConnectionsPerAddress) else {
            throw HTTPServerError(
                .invalidConfiguration,
                "maximumConnectionsPerAddress must be between 0 (no limit) and maximumConnections"
            )
        }
        let recipe = DaemonRecipe(
            host: host, port: port, threads: threads, maximumBodyBytes: maximumBodyBytes, connectionTimeoutSeconds: connectionTimeoutSeconds,
            requestTimeoutSeconds: requestTimeoutSeconds, maximumConnections: maximumConnections,
            maximumConnectionsPerAddress: maximumConnectionsPerAddress, listenBacklog: listenBacklog, handler: handler)
        return try lock.withLock {
            guard daemon == nil else {
                throw HTTPServerError(.alreadyRunning, "call stop() before starting the server again")
            }
            let started = try MHDDaemon(recipe, tls: tls)
            daemon = started
            self.recipe = recipe
            self.tls = tls
            return started.port
        }
    }

    /// Whether the server speaks HTTPS.
    public var isServingTLS: Bool { lock.withLock { daemon != nil && tls != nil } }

    /// Serves new connections with `credentials` from now on, without closing the listening
    /// socket: a new libmicrohttpd daemon with them takes over the socket, and the old one
    /// stops accepting and serves its open connections until they end (at most the idle
    /// timeout plus the request timeout, then it closes them).
    ///
    /// - Throws: ``HTTPServerError`` with code ``HTTPServerError/Code/invalidTLSCredentials``
    ///   when GnuTLS refuses the certificate or key (they do not parse, or the key is not the
    ///   certificate's), or ``HTTPServerError/Code/notServingTLS``; the server then keeps
    ///   serving with the credentials it had.
    public func reloadTLS(_ credentials: TLSCredentials) throws(HTTPServerError) {
        let (replaced, grace) = try { () throws(HTTPServerError) -> (MHDDaemon, Int) in
            lock.lock()
            defer { lock.unlock() }
            guard let current = daemon, let recipe, tls != nil else {
                throw HTTPServerError(.notServingTLS, "start the server with TLS credentials before reloading them")
            }
            let next = try MHDDaemon(recipe, tls: credentials, listenSocket: current.listenSocket)
            current.quiesce()
            daemon = next
            tls = credentials
            retiring[ObjectIdentifier(current)] = current
            return (current, recipe.connectionTimeoutSeconds + recipe.requestTimeoutSeconds)
        }()
        let deadline = Date().addingTimeInterval(Double(grace))
        Thread.detachNewThread { [self] in
            while replaced.context.connections.count > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            replaced.stop()
            _ = lock.withLock { retiring.removeValue(forKey: ObjectIdentifier(replaced)) }
        }
    }

    #if DEBUG
    /// Debug builds only: live per-request contexts, or `nil` when stopped.
    var liveRequestContexts: Int? {
        lock.withLock { daemon?.context.requestContexts.counts.live }
    }

    /// Debug builds only: per-request contexts created so far, or `nil` when stopped.
    var createdRequestContexts: Int? {
        lock.withLock { daemon?.context.requestContexts.counts.created }
    }
    #endif

    /// Stops listening, closes every connection and waits for running handlers to return.
    /// Does nothing when the server is not running. Do not call it from inside a handler.
    public func stop() {
        let stopping = lock.withLock {
            defer {
                daemon = nil
                retiring = [:]
            }
            return [daemon].compactMap { $0 } + retiring.values
        }
        stopping.forEach { $0.stop() }
    }
}

/// What the C callbacks need: shared by every connection, immutable.
final class ServerContext: Sendable {
    let handler: HTTPHandler
    let maximumBodyBytes: Int
    /// The threads that run `handler`; stopped by ``MHDDaemon``.
    let pool: HandlerPool
    /// The open connections and their deadlines; stopped by ``MHDDaemon``.
    let connections: ConnectionGuard

    init(handler: @escaping HTTPHandler, maximumBodyBytes: Int, threads: Int, limits: ConnectionTable.Limits) {
        self.handler = handler
        self.maximumBodyBytes = maximumBodyBytes
        pool = HandlerPool(threads: threads)
        connections = ConnectionGuard(limits: limits)
    }

    #if DEBUG
    /// Debug builds only: counts this server's per-request contexts, so tests can prove
    /// that aborted connections free theirs.
    let requestContexts = DebugCounter()
    #endif
}

#if DEBUG
/// A lock-protected count of live and ever-created objects, for leak checks in tests
/// (debug builds only).
final class DebugCounter: @unchecked Sendable {
    // `live` and `created` are only read or written with `lock` held.
    private let lock = NSLock()
    private var live = 0
    private var created = 0

    func increment() {
        lock.withLock {
            live += 1
            created += 1
        }
    }

    func decrement() {
        lock.withLock { live -= 1 }
    }

    /// (live, created so far).
    var counts: (live: Int, created: Int) {
        lock.withLock { (live, created) }
    }
}
#endif
