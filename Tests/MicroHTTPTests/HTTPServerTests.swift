import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import MicroHTTP
import MicroHTTPTestSupport

/// What the echo handler reports about the request it saw.
struct Echo: Codable, Equatable {
    var method: String
    var path: String
    var query: [[String]]
    var headerValue: String?
    var bodyBytes: Int
    var bodySHA: String
    var remoteAddress: String
}

/// A server on a free loopback port answering every request with an ``Echo``.
final class EchoServer {
    let server = HTTPServer()
    let port: UInt16

    init(maximumBodyBytes: Int = 64 * 1024, threads: Int = 2, connectionTimeoutSeconds: Int = 30) throws {
        port = try server.start(
            host: "127.0.0.1",
            port: 0,
            threads: threads,
            maximumBodyBytes: maximumBodyBytes,
            connectionTimeoutSeconds: connectionTimeoutSeconds
        ) { request in
            let echo = Echo(
                method: request.method.rawValue,
                path: request.path,
                query: request.queryItems.map { [$0.name, $0.value ?? "<nil>"] },
                headerValue: request.headers["x-test-header"],
                bodyBytes: request.body.count,
                bodySHA: String(request.body.reduce(UInt64(5381)) { ($0 &* 33) &+ UInt64($1) }, radix: 16),
                remoteAddress: request.remoteAddress
            )
            var response = (try? HTTPResponse.json(echo)) ?? HTTPResponse(status: 500)
            response.headers["X-Reply"] = "yes"
            return response
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    deinit { server.stop() }
}

func djb2(_ data: Data) -> String {
    String(data.reduce(UInt64(5381)) { ($0 &* 33) &+ UInt64($1) }, radix: 16)
}

let payloadTooLargeBody = #"{"type":"about:blank","title":"Payload Too Large","status":413,"code":"payload_too_large"}"#

@Suite("HTTPServer on loopback")
struct HTTPServerTests {
    @Test func startOnPortZeroBindsAFreePort() throws {
        let echo = try EchoServer()
        #expect(echo.port != 0)
        #expect(echo.server.port == echo.port)
    }

    @Test func getRoundTripWithQueryAndHeadersOverURLSession() async throws {
        let echo = try EchoServer()
        var request = URLRequest(url: URL(string: "/v1/items/a%20b?x=1&y=two%20words&flag", relativeTo: echo.baseURL)!)
        request.setValue("Hello", forHTTPHeaderField: "X-Test-Header")
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "x-reply") == "yes")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let seen = try JSONDecoder().decode(Echo.self, from: data)
        #expect(seen.method == "GET")
        #expect(seen.path == "/v1/items/a b")
        #expect(seen.query == [["x", "1"], ["y", "two words"], ["flag", "<nil>"]])
        #expect(seen.headerValue == "Hello")
        #expect(seen.bodyBytes == 0)
        #expect(seen.remoteAddress == "127.0.0.1")
    }

    @Test func postRoundTripOverURLSession() async throws {
        let echo = try EchoServer()
        let body = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        var request = URLRequest(url: echo.baseURL.appendingPathComponent("v1/enrollments"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let seen = try JSONDecoder().decode(Echo.self, from: data)
        #expect(seen.method == "POST")
        #expect(seen.path == "/v1/enrollments")
        #expect(seen.bodyBytes == body.count)
        #expect(seen.bodySHA == djb2(body))
    }

    @Test func bodyOfExactly64KiBIsAccepted() throws {
        let echo = try EchoServer()
        let body = Data(repeating: 0x61, count: 64 * 1024)
        let response = try LoopbackHTTPClient.request(port: echo.port, method: "POST", target: "/upload", body: body)
        #expect(response.status == 200)
        let seen = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(seen.bodyBytes == 64 * 1024)
        #expect(seen.bodySHA == djb2(body))
    }

    @Test func bodyOf64KiBPlusOneIsRefusedWith413Problem() throws {
        let echo = try EchoServer()
        let body = Data(repeating: 0x61, count: 64 * 1024 + 1)
        let response = try LoopbackHTTPClient.request(port: echo.port, method: "POST", target: "/upload", body: body)
        #expect(response.status == 413)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.bodyText == payloadTooLargeBody)
    }

    @Test func bodyOf64KiBPlusOneIsRefusedOverURLSession() async throws {
        let echo = try EchoServer()
        var request = URLRequest(url: echo.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 0x62, count: 64 * 1024 + 1)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 413)
        #expect(String(decoding: data, as: UTF8.self) == payloadTooLargeBody)
    }

    @Test func chunkedBodyOverTheLimitIsRefused() throws {
        let echo = try EchoServer(maximumBodyBytes: 1000)
        var body = Data()
        for _ in 0..<3 {
            let chunk = Data(repeating: 0x63, count: 600)
            body.append(Data((String(chunk.count, radix: 16) + "\r\n").utf8))
            body.append(chunk)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("0\r\n\r\n".utf8))
        let client = try LoopbackHTTPClient.connect(port: echo.port)
        let head = "POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
        client.sendRaw(Data(head.utf8) + body)
        let response = try client.readResponseUntilClosed()
        #expect(response.status == 413)
        #expect(response.bodyText == payloadTooLargeBody)
    }

    @Test func chunkedBodyWithinTheLimitIsAccepted() throws {
        let echo = try EchoServer(maximumBodyBytes: 1000)
        let chunked = "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
        let response = try LoopbackHTTPClient.request(
            port: echo.port,
            method: "POST",
            target: "/upload",
            headers: [("Transfer-Encoding", "chunked")],
            body: Data(chunked.utf8)
        )
        #expect(response.status == 200)
        let seen = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(seen.bodyBytes == 11)
        #expect(seen.bodySHA == djb2(Data("hello world".utf8)))
    }

    @Test func fiftyConcurrentRequestsAllSucceed() async throws {
        let echo = try EchoServer()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 50
        let session = URLSession(configuration: configuration)
        let statuses = try await withThrowingTaskGroup(of: (Int, Int, Echo).self) { group in
            for index in 0..<50 {
                let url = URL(string: "/n/\(index)?i=\(index)", relativeTo: echo.baseURL)!
                group.addTask {
                    var request = URLRequest(url: url)
                    request.httpMethod = "POST"
                    request.httpBody = Data(repeating: UInt8(index), count: index * 100)
                    let (data, response) = try await session.data(for: request)
                    let status = (response as? HTTPURLResponse)?.statusCode ?? -1
                    return (index, status, try JSONDecoder().decode(Echo.self, from: data))
                }
            }
            var results: [(Int, Int, Echo)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(statuses.count == 50)
        for (index, status, seen) in statuses {
            #expect(status == 200)
            #expect(seen.path == "/n/\(index)")
            #expect(seen.query == [["i", "\(index)"]])
            #expect(seen.bodyBytes == index * 100)
        }
    }

    @Test func fiftyConcurrentRawConnectionsAllSucceed() throws {
        let echo = try EchoServer(threads: 2)
        let port = echo.port
        let results = ResultBox(count: 50)
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            let response = try? LoopbackHTTPClient.request(port: port, target: "/raw/\(index)")
            results.set(index, response?.status ?? -1)
        }
        #expect(results.values == Array(repeating: 200, count: 50))
    }

    @Test func stopThenConnectionRefused() throws {
        let server = HTTPServer()
        let port = try server.start(port: 0) { _ in .text("hi") }
        #expect(try LoopbackHTTPClient.request(port: port).status == 200)
        server.stop()
        #expect(server.port == nil)
        #expect(throws: LoopbackHTTPError.self) { _ = try LoopbackHTTPClient.connect(port: port) }
        do {
            _ = try LoopbackHTTPClient.connect(port: port)
        } catch {
            #expect(error.errnoValue == ECONNREFUSED)
        }
        server.stop()  // a second stop does nothing
    }

    @Test func serverCanBeRestartedAfterStop() throws {
        let server = HTTPServer()
        try server.start(port: 0) { _ in .text("one") }
        server.stop()
        let port = try server.start(port: 0) { _ in .text("two") }
        #expect(try LoopbackHTTPClient.request(port: port).bodyText == "two")
    }

    @Test func startingTwiceIsRefused() throws {
        let server = HTTPServer()
        try server.start(port: 0) { _ in .noContent }
        #expect(throws: HTTPServerError(.alreadyRunning, "")) {
            try server.start(port: 0) { _ in .noContent }
        }
    }

    @Test(arguments: ["localhost", "::1", "127.0.0", ""])
    func nonNumericIPv4HostIsRefused(host: String) {
        #expect(throws: HTTPServerError(.invalidHost, "")) {
            try HTTPServer().start(host: host, port: 0) { _ in .noContent }
        }
    }

    @Test func portInUseFailsToStart() throws {
        let first = HTTPServer()
        let port = try first.start(port: 0) { _ in .noContent }
        #expect(throws: HTTPServerError(.startFailed, "")) {
            try HTTPServer().start(port: port) { _ in .noContent }
        }
    }

    @Test func deinitStopsTheServer() throws {
        var server: HTTPServer? = HTTPServer()
        let port = try server!.start(port: 0) { _ in .noContent }
        server = nil
        #expect(throws: LoopbackHTTPError.self) { _ = try LoopbackHTTPClient.connect(port: port) }
    }

    @Test func routerServesOverTheWire() throws {
        var router = Router()
        router.add("POST /v1/enrollments/{id}/complete") { request, parameters in
            .text("\(parameters["id"] ?? "") \(request.body.count)", status: 201)
        }
        router.add("DELETE /v1/devices/{deviceId}") { _, _ in .noContent }
        let server = HTTPServer()
        let port = try server.start(port: 0, handler: router.handler)
        defer { server.stop() }

        let created = try LoopbackHTTPClient.request(port: port, method: "POST", target: "/v1/enrollments/e-1/complete", body: Data("{}".utf8))
        #expect(created.status == 201)
        #expect(created.bodyText == "e-1 2")

        let deleted = try LoopbackHTTPClient.request(port: port, method: "DELETE", target: "/v1/devices/d-1")
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)

        let missing = try LoopbackHTTPClient.request(port: port, target: "/nowhere")
        #expect(missing.status == 404)
        #expect(missing.header("content-type") == "application/problem+json")

        let wrongMethod = try LoopbackHTTPClient.request(port: port, method: "GET", target: "/v1/devices/d-1")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "DELETE")

        let head = try LoopbackHTTPClient.request(port: port, method: "HEAD", target: "/nowhere")
        #expect(head.status == 404)
        #expect(head.body.isEmpty, "no body on the wire for HEAD")
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func oversizeBodyIsRefusedForEveryMethod(method: String) throws {
        let echo = try EchoServer()
        let body = Data(repeating: 0x61, count: 64 * 1024 + 1)
        let response = try LoopbackHTTPClient.request(port: echo.port, method: method, target: "/upload", body: body)
        #expect(response.status == 413)
        #expect(response.bodyText == payloadTooLargeBody)
    }

    @Test(arguments: ["POST", "PATCH"])
    func hugeDeclaredLengthIsAnsweredWithoutReadingTheBody(method: String) throws {
        let echo = try EchoServer()
        let client = try LoopbackHTTPClient.connect(port: echo.port)
        // Only the head is sent: the answer must not wait for 10 GB that never come.
        let head = "\(method) /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000000\r\n\r\n"
        client.sendRaw(Data(head.utf8))
        let started = Date()
        let response = try client.readResponseUntilClosed()
        #expect(response.status == 413)
        #expect(response.bodyText == payloadTooLargeBody)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func expectContinueWithOversizeBodyGets413InsteadOf100() throws {
        let echo = try EchoServer()
        let client = try LoopbackHTTPClient.connect(port: echo.port)
        let head = "PUT /upload HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 70000\r\n\r\n"
        client.sendRaw(Data(head.utf8))
        let response = try client.readResponseUntilClosed()
        #expect(response.status == 413)
        #expect(response.bodyText == payloadTooLargeBody)
    }

    @Test func expectContinueWithAcceptableBodyGets100ThenTheAnswer() throws {
        let echo = try EchoServer()
        let client = try LoopbackHTTPClient.connect(port: echo.port)
        let head = "POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"
        client.sendRaw(Data(head.utf8))
        #expect(String(decoding: client.receiveSome(upTo: 256), as: UTF8.self).hasPrefix("HTTP/1.1 100"))
        client.sendRaw(Data("hello".utf8))
        let response = try client.readResponseUntilClosed()
        #expect(response.status == 200)
        #expect(try JSONDecoder().decode(Echo.self, from: response.body).bodyBytes == 5)
    }

    @Test func endlessChunkedBodyIsCutOff() throws {
        let echo = try EchoServer(maximumBodyBytes: 1000)
        let client = try LoopbackHTTPClient.connect(port: echo.port)
        var sent = Data("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let chunk = Data(repeating: 0x63, count: 4096)
        for _ in 0..<100 {  // 400 KB, far beyond cap + drain allowance, never terminated
            sent.append(Data("1000\r\n".utf8) + chunk + Data("\r\n".utf8))
        }
        client.sendRaw(sent)  // may fail part-way once the server closes
        #expect(client.receiveSome(upTo: 1024).isEmpty, "the server closes the connection without an answer")
        #expect(waitUntil { echo.server.liveRequestContexts == 0 })
    }

    @Test func uploadsAbortedBeforeTheServerReadsThemAreFreedByTheTimeout() throws {
        // libmicrohttpd 0.9.75 with epoll may not notice a FIN that arrives together with
        // the last bytes of a partial body; such connections end at the idle timeout.
        let echo = try EchoServer(connectionTimeoutSeconds: 1)
        for _ in 0..<5 {
            let client = try LoopbackHTTPClient.connect(port: echo.port)
            let head = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789"
            client.sendRaw(Data(head.utf8))
            client.close()
        }
        #expect(waitUntil { echo.server.createdRequestContexts == 5 }, "the server has read all five heads")
        #expect(waitUntil { echo.server.liveRequestContexts == 0 })
    }

    @Test func perAddressConnectionLimitIsEnforced() throws {
        let server = HTTPServer()
        let port = try server.start(port: 0, maximumConnectionsPerAddress: 2) { _ in .text("ok") }
        let first = try LoopbackHTTPClient.connect(port: port)
        let second = try LoopbackHTTPClient.connect(port: port)
        defer { second.close() }
        for client in [first, second] {  // half a request line: both stay open, neither is answered
            client.sendRaw(Data("GET / HTTP/1.1\r\n".utf8))
        }
        #expect(waitUntil { (try? LoopbackHTTPClient.request(port: port)) == nil })
        // Close each descriptor exactly once: tests share the process with the server, and
        // a second close could hit a number the server has reused (MHD aborts on that).
        first.close()
        #expect(waitUntil { (try? LoopbackHTTPClient.request(port: port))?.status == 200 })
    }

    @Test(arguments: [(0, 0, 30), (2, -1, 30), (2, 5000, 30), (2, 0, 0), (2000, 0, 30)])
    func invalidLimitsAreRefused(threads: Int, perAddress: Int, timeout: Int) {
        #expect(throws: HTTPServerError(.invalidConfiguration, "")) {
            try HTTPServer().start(
                port: 0,
                threads: threads,
                connectionTimeoutSeconds: timeout,
                maximumConnectionsPerAddress: perAddress
            ) { _ in .noContent }
        }
    }

    @Test func abortedUploadsFreeTheirRequestContexts() throws {
        let echo = try EchoServer()
        for _ in 0..<5 {
            let client = try LoopbackHTTPClient.connect(port: echo.port)
            let head = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789"
            client.sendRaw(Data(head.utf8))
            // Wait until the server has seen the headers (a context exists), then vanish:
            // the context must go long before the 30 s idle timeout.
            #expect(waitUntil { echo.server.liveRequestContexts == 1 })
            client.close()
            #expect(waitUntil { echo.server.liveRequestContexts == 0 })
        }
        // Completed requests free theirs too.
        _ = try LoopbackHTTPClient.request(port: echo.port, method: "POST", target: "/x", body: Data("abc".utf8))
        #expect(waitUntil { echo.server.liveRequestContexts == 0 })
    }
}

/// Thread-safe storage for results written from `concurrentPerform`.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int]

    init(count: Int) { storage = Array(repeating: 0, count: count) }

    func set(_ index: Int, _ value: Int) { lock.withLock { storage[index] = value } }

    var values: [Int] { lock.withLock { storage } }
}
