import Foundation
import Testing

@testable import MicroHTTP
import MicroHTTPTestSupport

/// The connection limits of a real server on loopback: request deadlines and pressure.
@Suite struct ConnectionLimitTests {
    @Test func aSlowHeaderConnectionIsClosedAtTheRequestTimeoutThoughItsBytesKeepComing() throws {
        let (server, port) = try Self.serve(idleTimeout: 30, requestTimeout: 1)
        defer { server.stop() }
        let flood = ConnectionFlood(port: port)
        try flood.openSlowHeaders(3)
        try flood.openIdle(2)
        let elapsed = Self.trickleUntilClosed(flood, atMost: 5)
        #expect(flood.stillOpen() == 0)
        #expect(elapsed < 3, "closed about 1 s after the accept, not at the 30 s idle timeout")
        #expect(try LoopbackHTTPClient.request(port: port).status == 200, "a prompt request is still answered")
    }

    @Test func aKeptAliveConnectionIsNotClosedByTheRequestTimeout() throws {
        let server = HTTPServer()
        let port = try server.start(port: 0, connectionTimeoutSeconds: 30, requestTimeoutSeconds: 1) { _ in .text("ok") }
        defer { server.stop() }
        let client = LoopbackHTTPClient(port: port)
        #expect(try client.request(target: "/a").status == 200)
        sleep(2)
        #expect(try client.request(target: "/b").status == 200)
        #expect(client.connectionsOpened == 1, "the same connection served both requests")
    }

    @Test func aKeptAliveConnectionTricklingItsNextRequestLineIsClosedAfterTheIdlePlusRequestTimeout() throws {
        let (server, port) = try Self.serve(idleTimeout: 2, requestTimeout: 1)
        defer { server.stop() }
        let flood = ConnectionFlood(port: port)
        try flood.openKeptAliveSlowRequestLines(3)
        #expect(flood.stillOpen() == 3, "each was answered and kept alive")
        let elapsed = Self.trickleUntilClosed(flood, atMost: 10)
        #expect(flood.stillOpen() == 0)
        #expect(elapsed < 5, "closed about 3 s (idle 2 s + request 1 s) after the answer, not kept while bytes trickle")
        #expect(elapsed > 2, "not before the idle timeout: a client may wait that long before its next request")
        #expect(try LoopbackHTTPClient.request(port: port).status == 200, "a prompt request is still answered")
    }

    @Test func underPressureTheIdleKeptAliveConnectionIsClosedFirst() throws {
        let server = HTTPServer()
        // Pressure above 9 of 10 connections.
        let port = try server.start(port: 0, maximumConnections: 10) { _ in .text("ok") }
        defer { server.stop() }
        let keptAlive = LoopbackHTTPClient(port: port)
        #expect(try keptAlive.request(target: "/first").status == 200)
        let flood = ConnectionFlood(port: port)
        try flood.openIdle(8)
        usleep(300_000)
        #expect(flood.stillOpen() == 8)
        let tenth = ConnectionFlood(port: port)
        try tenth.openIdle(1)
        usleep(300_000)
        #expect(flood.stillOpen() == 8, "connections that never sent a request come after the idle kept-alive one")
        #expect(tenth.stillOpen() == 1)
        _ = try? keptAlive.request(target: "/second")  // fails on the closed connection, or already reconnects
        #expect(try keptAlive.request(target: "/third").status == 200)
        #expect(keptAlive.connectionsOpened == 2, "the kept-alive connection had been closed")
    }

    /// A server answering "ok" on any free port with these timeouts (seconds).
    private static func serve(idleTimeout: Int, requestTimeout: Int) throws -> (HTTPServer, UInt16) {
        let server = HTTPServer()
        let port = try server.start(port: 0, connectionTimeoutSeconds: idleTimeout, requestTimeoutSeconds: requestTimeout) { _ in .text("ok") }
        return (server, port)
    }

    /// Trickles a byte on `flood`'s slow connections every 0.1 s (more often than any
    /// inactivity timeout tolerates) until the server has closed them all or `seconds`
    /// passed; returns the seconds it took.
    private static func trickleUntilClosed(_ flood: ConnectionFlood, atMost seconds: Double) -> Double {
        let start = Date()
        while flood.stillOpen() > 0, Date().timeIntervalSince(start) < seconds {
            flood.trickle()
            usleep(100_000)
        }
        return Date().timeIntervalSince(start)
    }
}
