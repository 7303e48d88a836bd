import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemConnect = Glibc.connect
private let systemSend = Glibc.send
private let systemRecv = Glibc.recv
private let systemShutdown = Glibc.shutdown
private let noSignalFlag = Int32(MSG_NOSIGNAL)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let systemConnect = Darwin.connect
private let systemSend = Darwin.send
private let systemRecv = Darwin.recv
private let systemShutdown = Darwin.shutdown
private let noSignalFlag: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
private let streamSocket = SOCK_STREAM
#endif

/// A small blocking HTTP/1.1 client over one TCP connection to the loopback interface
/// (`127.0.0.1` or `::1` only; any other address is refused), **for tests and benchmarks,
/// not for production**: no TLS, no redirects, no proxies.
///
/// One instance is one connection, used from one thread at a time. ``request(method:target:headers:body:)``
/// keeps the connection alive and reads each answer by its `Content-Length` or its chunked
/// encoding; when the server closes (`Connection: close`, or an error), the next request
/// opens a new connection, and ``connectionsOpened`` counts them. Sends and receives time
/// out after `timeoutSeconds` (10 s by default).
///
/// Tests that need to send exactly the bytes they mean (chunked bodies, lying lengths,
/// aborted uploads) use ``open()``, ``sendRaw(_:)``, ``receiveSome(upTo:)``,
/// ``readResponseUntilClosed()`` and ``close()``.
///
/// ```swift
/// let client = LoopbackHTTPClient(port: port)
/// let response = try client.request(method: "GET", target: "/healthz")
/// ```
public final class LoopbackHTTPClient {
    /// The loopback address connected to: `127.0.0.1` or `::1`.
    public let host: String
    /// The TCP port connected to.
    public let port: UInt16
    /// The local address each connection is bound to, or `nil` for the kernel's choice.
    public let sourceAddress: String?
    /// The `Host` header value: `127.0.0.1:port` or `[::1]:port`.
    private let authority: String
    /// The send and receive timeout of each socket call, in seconds.
    public let timeoutSeconds: Int
    /// TCP connections opened so far (one when the server keeps the connection alive).
    public private(set) var connectionsOpened = 0
    private var socket: Int32 = -1
    /// Bytes received and not yet consumed by a response.
    private var received: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// A client for `127.0.0.1:port`; does not connect yet.
    public init(port: UInt16, timeoutSeconds: Int = 10) {
        host = "127.0.0.1"
        self.port = port
        self.timeoutSeconds = timeoutSeconds
        sourceAddress = nil
        authority = "127.0.0.1:\(port)"
    }

    /// A client for `host:port`, where `host` must be `127.0.0.1` or `::1`; does not connect yet.
    /// With `sourceAddress` (an IPv4 loopback address such as `127.0.0.2`, for an IPv4
    /// `host`), each connection is bound to it before connecting, so that the server sees
    /// another client address (Linux accepts any address of 127.0.0.0/8 on loopback).
    public init(host: String, port: UInt16, timeoutSeconds: Int = 10, sourceAddress: String? = nil) throws(LoopbackHTTPError) {
        guard host == "127.0.0.1" || host == "::1" else {
            throw LoopbackHTTPError(description: "'\(host)' is not a loopback address (127.0.0.1 or ::1)")
        }
        if let sourceAddress {
            guard host == "127.0.0.1", LoopbackSource.isIPv4Loopback(sourceAddress) else {
                throw LoopbackHTTPError(description: "source address '\(sourceAddress)' must be in 127.0.0.0/8, with host 127.0.0.1")
            }
        }
        self.sourceAddress = sourceAddress
        self.host = host
        self.port = port
        self.timeoutSeconds = timeoutSeconds
        authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    deinit { close() }

    /// Whether a connection is open.
    public var isConnected: Bool { socket >= 0 }

    // MARK: - Requests

    /// Sends one request on the kept-alive connection (opening one when needed) and reads the
    /// answer. `Content-Length` is added for `body` unless `headers` name a `Transfer-Encoding`.
    /// A failed exchange closes the connection and throws.
    public func request(
        method: String = "GET",
        target: String = "/",
        headers: [(String, String)] = [],
        body: Data? = nil
    ) throws(LoopbackHTTPError) -> LoopbackHTTPResponse {
        let bytes = requestBytes(method: method, target: target, headers: headers, body: body, connectionClose: false)
        do {
            try open()
            try send(bytes)
            let (response, keepAlive) = try readFramedResponse(method: method)
            if !keepAlive { close() }
            return response
        } catch {
            close()
            throw error
        }
    }

    /// Sends a JSON request (`Content-Type: application/json`; an empty body for a `POST`
    /// without one) with `bearer` as `Authorization: Bearer` when given, on the kept-alive
    /// connection.
    public func send(_ method: String, _ target: String, json: Data? = nil, bearer: String? = nil) throws(LoopbackHTTPError) -> LoopbackHTTPResponse {
        let (headers, body) = Self.jsonRequest(method, json: json, bearer: bearer)
        return try request(method: method, target: target, headers: headers, body: body)
    }

    /// Sends one request with `Connection: close` on a new connection to `host:port` and reads
    /// the answer until the server closes.
    public static func request(
        host: String = "127.0.0.1",
        port: UInt16,
        method: String = "GET",
        target: String = "/",
        headers: [(String, String)] = [],
        body: Data? = nil
    ) throws(LoopbackHTTPError) -> LoopbackHTTPResponse {
        let client = try LoopbackHTTPClient(host: host, port: port)
        try client.open()
        client.sendRaw(client.requestBytes(method: method, target: target, headers: headers, body: body, connectionClose: true))
        return try client.readResponseUntilClosed(method: method)
    }

    /// ``send(_:_:json:bearer:)`` with `Connection: close` on a new connection to `127.0.0.1:port`.
    public static func send(
        port: UInt16, _ method: String, _ target: String, json: Data? = nil, bearer: String? = nil
    ) throws(LoopbackHTTPError) -> LoopbackHTTPResponse {
        let (headers, body) = jsonRequest(method, json: json, bearer: bearer)
        return try request(port: port, method: method, target: target, headers: headers, body: body)
    }

    private static func jsonRequest(_ method: String, json: Data?, bearer: String?) -> (headers: [(String, String)], body: Data?) {
        var headers: [(String, String)] = []
        if json != nil { headers.append(("Content-Type", "application/json")) }
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        return (headers, json ?? (method == "POST" ? Data() : nil))
    }

    private func requestBytes(method: String, target: String, headers: [(String, String)], body: Data?, connectionClose: Bool) -> Data {
        var bytes = Data()
        bytes.reserveCapacity(256 + (body?.count ?? 0))
        func line(_ parts: String...) {
            for part in parts { bytes.append(contentsOf: part.utf8) }
            bytes.append(contentsOf: [13, 10])
        }
        line(method, " ", target, " HTTP/1.1")
        line("Host: ", authority)
        if connectionClose { line("Connection: close") }
        for (name, value) in headers {
            line(name, ": ", value)
        }
        if let body, !headers.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
            line("Content-Length: ", String(body.count))
        }
        line()
        if let body { bytes.append(body) }
        return bytes
    }

    // MARK: - Connection and raw bytes

    /// Opens the connection unless one is open, so that the first request does not pay for it.
    public func open() throws(LoopbackHTTPError) {
        guard socket < 0 else { return }
        let ipv6 = host == "::1"
        let fd = Foundation.socket(ipv6 ? AF_INET6 : AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw LoopbackHTTPError(description: "socket() failed: errno \(errno)", errnoValue: errno) }
        var interval = timeval(tv_sec: .init(timeoutSeconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        // Small request/answer exchanges: without this, Nagle and delayed ACKs add tens of ms.
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if let sourceAddress, !LoopbackSource.bind(fd, to: sourceAddress) {
            let error = errno
            Foundation.close(fd)
            throw LoopbackHTTPError(description: "bind() to \(sourceAddress) failed: errno \(error)", errnoValue: error)
        }
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let error = errno
            Foundation.close(fd)
            throw LoopbackHTTPError(description: "connect() to \(host) port \(port) failed: errno \(error)", errnoValue: error)
        }
        socket = fd
        received = []
        connectionsOpened += 1
    }

    /// A new client for `127.0.0.1:port` (or `::1`), already connected.
    public static func connect(host: String = "127.0.0.1", port: UInt16) throws(LoopbackHTTPError) -> LoopbackHTTPClient {
        let client = try LoopbackHTTPClient(host: host, port: port)
        try client.open()
        return client
    }

    /// Closes the connection, if open. Closing twice does nothing (a second `close(2)` could
    /// hit a descriptor number the process has reused meanwhile).
    public func close() {
        if socket >= 0 {
            Foundation.close(socket)
            socket = -1
        }
        received = []
    }

    /// Half-closes the connection: no more bytes will be sent, answers can still be read.
    public func finishSending() {
        if socket >= 0 { _ = systemShutdown(socket, Int32(SHUT_WR)) }
    }

    /// Writes all of `bytes` as they are; returns false if the peer closed or reset (or no
    /// connection is open).
    @discardableResult
    public func sendRaw(_ bytes: Data) -> Bool {
        guard socket >= 0 else { return false }
        let fd = socket
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemSend(fd, raw.baseAddress! + offset, raw.count - offset, noSignalFlag)
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// Returns the bytes of one `recv` (up to `maxBytes`, after any already buffered), or an
    /// empty value when the peer closed, reset or the read timed out.
    public func receiveSome(upTo maxBytes: Int = 16 * 1024) -> Data {
        if !received.isEmpty {
            let taken = received.prefix(maxBytes)
            received.removeFirst(taken.count)
            return Data(taken)
        }
        guard socket >= 0 else { return Data() }
        let count = buffer.withUnsafeMutableBytes { systemRecv(socket, $0.baseAddress, min($0.count, maxBytes), 0) }
        return count > 0 ? Data(buffer[0..<count]) : Data()
    }

    private func send(_ bytes: Data) throws(LoopbackHTTPError) {
        guard sendRaw(bytes) else { throw LoopbackHTTPError(description: "send() failed: errno \(errno)", errnoValue: errno) }
    }

    // MARK: - Reading answers

    /// Reads the next answer by its framing (`Content-Length`, chunked, or until the server
    /// closes when it sends neither); an interim `1xx` answer is returned as it is. `method`
    /// is the request's: the answer to a `HEAD` has no body.
    public func readResponse(method: String = "GET") throws(LoopbackHTTPError) -> LoopbackHTTPResponse {
        try readFramedResponse(method: method).response
    }

    /// Reads until the server closes (or resets after sending), then parses the one answer
    /// received; bytes beyond it are an error.
    public func readResponseUntilClosed(method: String = "GET") throws(LoopbackHTTPError) -> LoopbackHTTPResponse {
        while socket >= 0, receive() {}
        let response = try readFramedResponse(method: method).response
        guard received.isEmpty else {
            throw LoopbackHTTPError(description: "\(received.count) unexpected bytes after the response")
        }
        return response
    }

    /// Appends the bytes of one `recv` to `received`; false when the peer closed, reset or timed out.
    private func receive() -> Bool {
        guard socket >= 0 else { return false }
        let count = buffer.withUnsafeMutableBytes { systemRecv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        received.append(contentsOf: buffer[0..<count])
        return true
    }

    private func receiveMore() throws(LoopbackHTTPError) {
        guard socket >= 0 else { throw LoopbackHTTPError(description: "no connection") }
        let count = buffer.withUnsafeMutableBytes { systemRecv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            received.append(contentsOf: buffer[0..<count])
        } else if count == 0 {
            throw LoopbackHTTPError(description: "the server closed the connection mid-response")
        } else {
            throw LoopbackHTTPError(description: "recv() failed: errno \(errno)", errnoValue: errno)
        }
    }

    /// Consumes one answer from `received` (receiving more as needed) and tells whether the
    /// connection stays open after it.
    private func readFramedResponse(method: String) throws(LoopbackHTTPError) -> (response: LoopbackHTTPResponse, keepAlive: Bool) {
        var headEnd = Self.endOfHead(in: received)
        while headEnd == nil {
            try receiveMore()
            headEnd = Self.endOfHead(in: received)
        }
        let head = try Self.parseHead(received[..<headEnd!])
        received.removeFirst(headEnd!)
        let body: Data
        var keepAlive = head.keepAlive
        if method == "HEAD" || head.status == 204 || head.status == 304 || (100..<200).contains(head.status) {
            body = Data()
        } else if head.chunked {
            body = try readChunkedBody()
        } else if let length = head.contentLength {
            while received.count < length { try receiveMore() }
            body = Data(received[..<length])
            received.removeFirst(length)
        } else {
            while receive() {}
            body = Data(received)
            received = []
            keepAlive = false
        }
        return (LoopbackHTTPResponse(status: head.status, headers: head.headers, body: body), keepAlive)
    }

    private func readChunkedBody() throws(LoopbackHTTPError) -> Data {
        var body = Data()
        while true {
            let sizeLine = try readLine()
            let digits = sizeLine.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(digits, radix: 16), size >= 0 else {
                throw LoopbackHTTPError(description: "bad chunk size line '\(sizeLine)'")
            }
            if size == 0 {
                while try !readLine().isEmpty {}  // trailers up to the blank line
                return body
            }
            while received.count < size + 2 { try receiveMore() }
            guard received[size] == 13, received[size + 1] == 10 else {
                throw LoopbackHTTPError(description: "a chunk not followed by CRLF")
            }
            body.append(contentsOf: received[..<size])
            received.removeFirst(size + 2)
        }
    }

    private func readLine() throws(LoopbackHTTPError) -> String {
        while true {
            if let end = Self.endOfLine(in: received) {
                let line = String(decoding: received[..<(end - 2)], as: UTF8.self)
                received.removeFirst(end)
                return line
            }
            try receiveMore()
        }
    }

    private static func endOfLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 1..<bytes.count where bytes[index] == 10 && bytes[index - 1] == 13 {
            return index + 1
        }
        return nil
    }

    /// The index just after `\r\n\r\n`, or `nil` when the head is not complete.
    static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    private struct Head {
        var status: Int
        var headers: [(name: String, value: String)]
        var contentLength: Int?
        var chunked: Bool
        var keepAlive: Bool
    }

    /// The status, headers, framing and whether the connection stays open, from a response head.
    /// Works on the bytes (lines end in CRLF; empty lines are skipped); names and values
    /// become strings, values without the spaces and tabs around them.
    private static func parseHead(_ bytes: ArraySlice<UInt8>) throws(LoopbackHTTPError) -> Head {
        var lines = HeadLines(bytes)
        guard let statusLine = lines.next() else { throw LoopbackHTTPError(description: "empty response head") }
        let parts = statusLine.split(separator: UInt8(ascii: " "), maxSplits: 2)
        guard parts.count >= 2, parts[0].starts(with: "HTTP/1.".utf8), let status = Int(String(decoding: parts[1], as: UTF8.self)) else {
            throw LoopbackHTTPError(description: "bad status line '\(String(decoding: statusLine, as: UTF8.self))'")
        }
        var head = Head(status: status, headers: [], contentLength: nil, chunked: false, keepAlive: parts[0].elementsEqual("HTTP/1.1".utf8))
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let value = String(decoding: trimmingSpacesAndTabs(line[(colon + 1)...]), as: UTF8.self)
            head.headers.append((name, value))
            switch name.lowercased() {
            case "content-length":
                guard let length = Int(value), length >= 0 else { throw LoopbackHTTPError(description: "bad Content-Length '\(value)'") }
                head.contentLength = length
            case "connection":
                let lowered = value.lowercased()
                head.keepAlive = lowered.contains("keep-alive") || (head.keepAlive && !lowered.contains("close"))
            case "transfer-encoding": head.chunked = value.lowercased().contains("chunked")
            default: break
            }
        }
        return head
    }

    private static func trimmingSpacesAndTabs(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }

    /// The non-empty CRLF-terminated (or final) lines of a response head.
    private struct HeadLines: IteratorProtocol {
        private var rest: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

        mutating func next() -> ArraySlice<UInt8>? {
            while !rest.isEmpty {
                var end = rest.endIndex
                var index = rest.startIndex
                while index < rest.endIndex - 1 {
                    if rest[index] == 13, rest[index + 1] == 10 { end = index; break }
                    index += 1
                }
                let line = rest[rest.startIndex..<end]
                rest = end == rest.endIndex ? rest[rest.endIndex...] : rest[(end + 2)...]
                if !line.isEmpty { return line }
            }
            return nil
        }
    }
}
