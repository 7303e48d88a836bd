import DeviceBinding
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemConnect = Glibc.connect
private let systemSend = Glibc.send
private let noSignalFlag = Int32(MSG_NOSIGNAL)
#else
private let systemConnect = Darwin.connect
private let systemSend = Darwin.send
private let noSignalFlag: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
#endif

/// A response as read off the wire by ``TestHTTPClient``.
struct TestHTTPResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

struct TestHTTPError: Error, CustomStringConvertible {
    var description: String
    var errnoValue: Int32 = 0
}

/// A minimal blocking HTTP/1.1 client over a TCP socket to 127.0.0.1 only, so tests
/// can send exactly the bytes they mean (chunked bodies, lying lengths, aborted uploads).
enum TestHTTPClient {
    /// Opens a connection to 127.0.0.1:`port` with 10 s send/receive timeouts.
    static func connect(port: UInt16) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestHTTPError(description: "socket() failed", errnoValue: errno) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        #if canImport(Darwin)
        var noSigPipe: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSigPipe, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw TestHTTPError(description: "connect() failed: errno \(error)", errnoValue: error)
        }
        return fd
    }

    /// Writes all of `bytes`; returns false if the peer closed or reset.
    @discardableResult
    static func send(_ bytes: Data, on fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemSend(fd, buffer.baseAddress! + offset, buffer.count - offset, noSignalFlag)
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// Reads until the peer closes (or resets after sending), then parses one response.
    static func readResponse(from fd: Int32) throws -> TestHTTPResponse {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else {
                break
            }
        }
        return try parse(received)
    }

    /// Sends one request with `Connection: close` and returns the response.
    static func request(
        port: UInt16,
        method: String = "GET",
        target: String = "/",
        headers: [(String, String)] = [],
        body: Data? = nil
    ) throws -> TestHTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if let body, !headers.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        let fd = try connect(port: port)
        defer { close(fd) }
        var bytes = Data(head.utf8)
        if let body { bytes.append(body) }
        send(bytes, on: fd)
        return try readResponse(from: fd)
    }

    static func parse(_ data: Data) throws -> TestHTTPResponse {
        guard let separator = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw TestHTTPError(description: "no complete response head in \(data.count) bytes")
        }
        let head = String(decoding: data[data.startIndex..<separator.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw TestHTTPError(description: "bad status line")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Data(data[separator.upperBound...])
        if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) {
            body = body.prefix(length)
        }
        return TestHTTPResponse(status: status, headers: headers, body: body)
    }
}

extension TestHTTPClient {
    /// Sends a JSON request, with the admin key when given.
    static func send(
        port: UInt16, _ method: String, _ target: String, json: Data? = nil, bearer: String? = nil
    ) throws -> TestHTTPResponse {
        var headers: [(String, String)] = []
        if json != nil { headers.append(("Content-Type", "application/json")) }
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        return try request(port: port, method: method, target: target, headers: headers, body: json ?? (method == "POST" ? Data() : nil))
    }
}

extension TestHTTPResponse {
    /// The body decoded as `type` (strictly, with WireCoding).
    func decoded<T: Decodable>(_ type: T.Type) throws -> T { try WireCoding.decode(type, from: body) }

    /// The problem `code` of a problem+json body.
    var problemCode: String? { (try? WireCoding.decode(Problem.self, from: body))?.code.rawValue }
}
