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
private let noSignalFlag = Int32(MSG_NOSIGNAL)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let systemConnect = Darwin.connect
private let systemSend = Darwin.send
private let systemRecv = Darwin.recv
private let noSignalFlag: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
private let streamSocket = SOCK_STREAM
#endif

/// A blocking HTTP/1.1 client on one keep-alive TCP connection to 127.0.0.1, for one
/// thread: a request is written in one `send`, the answer read by its `Content-Length`.
///
/// Much cheaper than URLSession on Linux, which matters because the load generator shares
/// the cores with the server. When the server closes the connection (`Connection: close`,
/// or an error), the next request opens a new one; ``connectionsOpened`` counts them, so a
/// server that does not keep connections alive shows in the report.
final class LoopbackHTTPConnection {
    struct Response {
        let status: Int
        let body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: UInt16
    private(set) var connectionsOpened = 0
    private var socket: Int32 = -1
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    init(port: UInt16) {
        self.port = port
    }

    deinit { disconnect() }

    /// Sends `POST path` with a JSON `body` (and the admin key as a bearer token when given)
    /// and returns the answer. A failed exchange closes the connection and throws.
    func post(_ path: String, json body: Data, bearer: String? = nil) throws(Failure) -> Response {
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
        if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        var request = Data(head.utf8)
        request.append(body)
        do {
            if socket < 0 { try connect() }
            try send(request)
            let (response, keepAlive) = try readResponse()
            if !keepAlive { disconnect() }
            return response
        } catch {
            disconnect()
            throw error
        }
    }

    /// Opens the connection now, so that the first request does not pay for it.
    func open() throws(Failure) {
        if socket < 0 { try connect() }
    }

    private func connect() throws(Failure) {
        let fd = Foundation.socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Small request/answer exchanges: without this, Nagle and delayed ACKs add tens of ms.
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw Failure(description: "connect() to 127.0.0.1:\(port) failed: errno \(error)")
        }
        socket = fd
        connectionsOpened += 1
    }

    private func disconnect() {
        if socket >= 0 {
            close(socket)
            socket = -1
        }
    }

    private func send(_ bytes: Data) throws(Failure) {
        let sent = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = systemSend(socket, raw.baseAddress! + offset, raw.count - offset, noSignalFlag)
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
        guard sent else { throw Failure(description: "send() failed: errno \(errno)") }
    }

    /// Reads one answer: the head up to the blank line, then exactly `Content-Length` bytes.
    private func readResponse() throws(Failure) -> (Response, keepAlive: Bool) {
        var received: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            try receive(into: &received)
            headEnd = Self.endOfHead(in: received)
        }
        let head = try Self.parseHead(received[..<headEnd!])
        let total = headEnd! + head.contentLength
        while received.count < total {
            try receive(into: &received)
        }
        guard received.count == total else {
            throw Failure(description: "\(received.count - total) unexpected bytes after the response")
        }
        return (Response(status: head.status, body: Data(received[headEnd!...])), head.keepAlive)
    }

    private func receive(into received: inout [UInt8]) throws(Failure) {
        let count = buffer.withUnsafeMutableBytes { systemRecv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            received.append(contentsOf: buffer[0..<count])
        } else if count == 0 {
            throw Failure(description: "the server closed the connection mid-response")
        } else {
            throw Failure(description: "recv() failed: errno \(errno)")
        }
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

    /// The status, the body length and whether the connection stays open, from a response head.
    static func parseHead(_ bytes: ArraySlice<UInt8>) throws(Failure) -> (status: Int, contentLength: Int, keepAlive: Bool) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let statusLine = lines.first else { throw Failure(description: "empty response head") }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure(description: "bad status line '\(statusLine)'")
        }
        var contentLength: Int?
        var keepAlive = parts[0] == "HTTP/1.1"
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
            switch name {
            case "content-length": contentLength = Int(value)
            case "connection": keepAlive = value.contains("keep-alive") || (keepAlive && !value.contains("close"))
            case "transfer-encoding": throw Failure(description: "a \(value) response body is not supported here")
            default: break
            }
        }
        if contentLength == nil, status == 204 || status == 304 || (100..<200).contains(status) { contentLength = 0 }
        guard let contentLength, contentLength >= 0 else {
            throw Failure(description: "a \(status) response without Content-Length")
        }
        return (status, contentLength, keepAlive)
    }
}
