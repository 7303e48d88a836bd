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

    init(
        host: String,
        port: UInt16,
        connectionTimeoutSeconds: Int,
        maximumConnections: Int,
        maximumConnectionsPerAddress: Int,
        listenBacklog: Int,
        context: ServerContext
    ) throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw HTTPServerError(.invalidHost, "host \"\(host)\" is not a numeric IPv4 address; use e.g. 127.0.0.1")
        }
        self.context = context
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        var settings = dt_mhd_settings()
        settings.connection_memory_limit = Self.connectionMemoryLimit
        settings.connection_timeout_seconds = UInt32(connectionTimeoutSeconds)
        settings.connection_limit = UInt32(maximumConnections)
        settings.per_ip_connection_limit = UInt32(maximumConnectionsPerAddress)
        settings.listen_backlog = UInt32(listenBacklog)
        settings.access_handler = mhdAccessHandler
        settings.access_handler_context = contextPointer
        settings.request_completed = mhdRequestCompleted
        settings.request_completed_context = contextPointer
        settings.notify_connection = mhdConnectionNotify
        settings.notify_connection_context = contextPointer
        settings.request_started = mhdRequestStarted
        settings.request_started_context = contextPointer
        settings.listen_socket = -1
        guard let daemon = dt_mhd_start_daemon(&address, &settings) else {
            throw HTTPServerError(.startFailed, "could not listen on \(host):\(port); is the port already in use?")
        }
        let bound = dt_mhd_bound_port(daemon)
        guard bound != 0 else {
            MHD_stop_daemon(daemon)
            throw HTTPServerError(.startFailed, "libmicrohttpd did not report the bound port")
        }
        self.daemon = daemon
        self.port = bound
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
