import Foundation
import MicroHTTP

/// The DeviceTrust HTTP server: ``DeviceTrustRoutes`` over a MicroHTTP `HTTPServer`
/// (GNU libmicrohttpd), with 64 KiB request bodies.
public final class DeviceTrustServer: Sendable {
    /// The largest request body accepted; larger ones get 413 `payload_too_large`.
    public static let maximumBodyBytes = 64 * 1024

    /// The service behind the routes.
    public let service: DeviceTrustService
    /// The routes, for checks such as "every route is documented".
    public let router: Router
    private let perAddress: RateLimiter
    private let log: ServiceLog
    private let http = HTTPServer()

    /// A stopped server for `service`, guarding admin routes with `adminKey` and limiting
    /// each client address to `perAddressRateLimit`.
    public init(
        service: DeviceTrustService, adminKey: AdminAPIKey, perAddressRateLimit: RateLimit = .defaultPerAddress,
        log: ServiceLog = .discard
    ) {
        self.service = service
        router = DeviceTrustRoutes.router(service: service, adminKey: adminKey, log: log)
        perAddress = RateLimiter(limit: perAddressRateLimit)
        self.log = log
    }

    /// Starts listening with `limits`, HTTPS only when `tls` is given; returns the bound port
    /// (useful with port 0).
    /// - Throws: `HTTPServerError` when the address cannot be bound, a limit is out of range
    ///   or GnuTLS refuses the credentials.
    @discardableResult
    public func start(
        host: String = "127.0.0.1", port: UInt16, threads: Int = 4, limits: ConnectionLimits = ConnectionLimits(), tls: TLSCredentials? = nil
    ) throws -> UInt16 {
        try http.start(
            host: host, port: port, threads: threads, maximumBodyBytes: Self.maximumBodyBytes,
            connectionTimeoutSeconds: limits.idleTimeoutSeconds, requestTimeoutSeconds: limits.requestTimeoutSeconds,
            maximumConnections: limits.maximumConnections, maximumConnectionsPerAddress: limits.maximumConnectionsPerAddress,
            listenBacklog: limits.listenBacklog, tls: tls,
            handler: DeviceTrustRoutes.handler(router, metrics: service.metrics, perAddress: perAddress, log: log))
    }

    /// Serves new connections with `credentials`; on failure keeps the current ones.
    /// - Throws: `HTTPServerError` when GnuTLS refuses them or the server is not serving TLS.
    public func reloadTLS(_ credentials: TLSCredentials) throws(HTTPServerError) { try http.reloadTLS(credentials) }

    /// The bound port, or `nil` when stopped.
    public var port: UInt16? { http.port }

    /// Stops listening and waits for running requests to finish.
    public func stop() { http.stop() }
}
