/// How many connections `devicetrust serve` holds and for how long: the defence against
/// connection floods (idle sockets, slow headers) from one address or many.
///
/// The defaults hold 10,000 connections, 1,000 from any one address, give every request
/// 10 s to arrive whole and close kept-alive connections after 30 s without traffic. Above
/// 90 % of ``maximumConnections`` each new connection pushes out a waiting one, the
/// longest-idle kept-alive connection first.
public struct ConnectionLimits: Sendable, Hashable {
    /// Connections served at once (`--max-connections`); more wait in the listen queue.
    public var maximumConnections: Int
    /// Connections one client address may hold (`--max-connections-per-address`); 0 means
    /// no limit. Behind a reverse proxy every connection comes from the proxy's address.
    public var maximumConnectionsPerAddress: Int
    /// Seconds a request may take to arrive whole, headers and body (`--request-timeout`).
    public var requestTimeoutSeconds: Int
    /// Seconds a connection may stay without traffic, kept alive between requests
    /// (`--idle-timeout`).
    public var idleTimeoutSeconds: Int
    /// The kernel's queue of connections not yet accepted (`--listen-backlog`).
    public var listenBacklog: Int

    /// Limits; every parameter has the documented default.
    public init(
        maximumConnections: Int = 10_000, maximumConnectionsPerAddress: Int = 1_000, requestTimeoutSeconds: Int = 10,
        idleTimeoutSeconds: Int = 30, listenBacklog: Int = 4_096
    ) {
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.listenBacklog = listenBacklog
    }
}
