import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignalFlag = Int32(MSG_NOSIGNAL)
#else
private let streamSocket = SOCK_STREAM
private let noSignalFlag: Int32 = 0
#endif

/// Many plain TCP connections to a loopback server, **for tests only**: idle ones that send
/// nothing, and slow-header ones that send part of a request head and then one more byte
/// now and then, as a connection-flood attack does.
///
/// Sockets connect without blocking, so a server that stops accepting cannot stall the
/// test; ``stillOpen()`` tells how many the server has not closed. Not thread-safe: use one
/// instance from one thread at a time.
///
/// ```swift
/// ConnectionFlood.raiseOpenFileLimit()
/// let flood = ConnectionFlood(port: port)
/// try flood.openIdle(5_000)
/// try flood.openSlowHeaders(1_000)
/// flood.trickle()
/// flood.close()
/// ```
public final class ConnectionFlood {
    /// The server's port on 127.0.0.1.
    public let port: UInt16
    /// The local address the connections come from.
    public let sourceAddress: String
    private var idle: [Int32] = []
    private var slow: [Int32] = []
    /// The next header byte each slow connection sends.
    private var trickled = 0

    /// A flood towards `127.0.0.1:port` from `sourceAddress` (in 127.0.0.0/8); opens nothing yet.
    public init(port: UInt16, sourceAddress: String = "127.0.0.1") {
        self.port = port
        self.sourceAddress = sourceAddress
    }

    deinit { close() }

    /// Connections opened and not yet closed by ``close()``.
    public var count: Int { idle.count + slow.count }

    /// Raises this process's soft open-file limit to its hard limit; returns the new limit.
    @discardableResult
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(resource, &limit)
        _ = getrlimit(resource, &limit)
        return Int(limit.rlim_cur)
    }

    /// Opens `count` connections that never send a byte.
    public func openIdle(_ count: Int) throws(LoopbackHTTPError) {
        for _ in 0..<count { idle.append(try connect()) }
    }

    /// Opens `count` connections, waits (at most 5 s) for them to be established, and sends
    /// each the start of a request head that never ends.
    public func openSlowHeaders(_ count: Int) throws(LoopbackHTTPError) {
        let opened = try (0..<count).map { _ throws(LoopbackHTTPError) in try connect() }
        waitUntilWritable(opened, seconds: 5)
        let start = Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        for socket in opened { send(start, on: socket) }
        slow += opened
    }

    /// Opens `count` connections that each send one whole request (`GET /healthz`), read its
    /// answer, and then start the next request line without ever ending it: kept alive,
    /// then slow like the slow-header ones (``trickle()`` adds to that line).
    public func openKeptAliveSlowRequestLines(_ count: Int) throws(LoopbackHTTPError) {
        let opened = try (0..<count).map { _ throws(LoopbackHTTPError) in try connect() }
        waitUntilWritable(opened, seconds: 5)
        let request = Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        for socket in opened { send(request, on: socket) }
        for socket in opened { drainAnswer(on: socket, seconds: 5) }
        let start = Data("GET /healthz".utf8)
        for socket in opened { send(start, on: socket) }
        slow += opened
    }

    /// Waits (at most `seconds`) for an answer on `socket` and reads all of it that has
    /// arrived, so that ``stillOpen()`` later sees the end of stream rather than the answer.
    private func drainAnswer(on socket: Int32, seconds: Double) {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(seconds * 1000))
        usleep(50_000)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
    }

    /// Sends one more byte on every slow connection, of a header value or of a request line
    /// (a byte every few seconds keeps an inactivity timeout from ever firing).
    public func trickle() {
        trickled += 1
        let byte = Data([UInt8(ascii: "a") + UInt8(trickled % 26)])
        for socket in slow { send(byte, on: socket) }
    }

    /// How many connections the server has not closed or reset: sockets that are neither
    /// readable with an end of stream nor in error.
    public func stillOpen() -> Int {
        var descriptors = (idle + slow).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard !descriptors.isEmpty else { return 0 }
        _ = poll(&descriptors, nfds_t(descriptors.count), 0)
        var open = 0
        var peek: UInt8 = 0
        for descriptor in descriptors {
            if descriptor.revents & Int16(POLLERR | POLLHUP) != 0 { continue }
            if descriptor.revents & Int16(POLLIN) != 0 {
                // Readable: an end of stream (0) or an error closes it; bytes (an answer) do not.
                if recv(descriptor.fd, &peek, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) <= 0 { continue }
            }
            open += 1
        }
        return open
    }

    /// Closes every connection with a reset (`SO_LINGER` 0), so none of them lingers in
    /// TIME_WAIT holding its port.
    public func close() {
        var reset = linger(l_onoff: 1, l_linger: 0)
        for socket in idle + slow {
            _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
            _ = Foundation.close(socket)
        }
        idle = []
        slow = []
    }

    /// A non-blocking socket bound to ``sourceAddress`` with a connect under way.
    private func connect() throws(LoopbackHTTPError) -> Int32 {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw LoopbackHTTPError(description: "socket() failed: errno \(errno)", errnoValue: errno) }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard LoopbackSource.bind(fd, to: sourceAddress) else {
            let error = errno
            Foundation.close(fd)
            throw LoopbackHTTPError(description: "bind() to \(sourceAddress) failed: errno \(error)", errnoValue: error)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 || errno == EINPROGRESS else {
            let error = errno
            Foundation.close(fd)
            throw LoopbackHTTPError(description: "connect() to port \(port) failed: errno \(error)", errnoValue: error)
        }
        return fd
    }

    private func waitUntilWritable(_ sockets: [Int32], seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        var pending = sockets
        while !pending.isEmpty, Date() < deadline {
            var descriptors = pending.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            pending = descriptors.filter { $0.revents == 0 }.map(\.fd)
        }
    }

    private func send(_ bytes: Data, on socket: Int32) {
        bytes.withUnsafeBytes { raw in
            _ = Foundation.send(socket, raw.baseAddress, raw.count, noSignalFlag)
        }
    }
}
