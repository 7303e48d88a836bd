import Foundation
import Testing

@testable import MicroHTTP
import MicroHTTPTestSupport

/// The connection limits of a real server on loopback: request deadlines and pressure.
@Suite struct ConnectionLimitTests {
    @Test func aSlowHeaderConnectionIsClosedAtTheRequestTimeoutThoughItsBytesKeepComing() throws {
        let server = HTTPServer()
        let port = try server.start(port: 0, connectionTimeoutSeconds: 30, requestTimeoutSeconds: 1) { _ in .text("ok") }
        defer { server.stop() }
        let flood = ConnectionFlood(port: port)
        try flood.openSlowHeaders(3)
        try flood.openIdle(2)
        let start = Date()
        while flood.stillOpen() > 0, Date().timeIntervalSince(start) < 5 {
            flood.trickle()  // more often than any inactivity timeout could tolerate
            usleep(100_000)
        }
        #expect(flood.stillOpen() == 0)
        #expect(Date().timeIntervalSince(start) < 3, "closed about 1 s after the accept, not at the 30 s idle timeout")
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
}
