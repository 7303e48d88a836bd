import Testing

@testable import MicroHTTP

/// The rules that decide which connections the server closes, without sockets or clocks.
@Suite struct ConnectionTableTests {
    /// 10 s per request, room for 10 connections (pressure above 9).
    let limits = ConnectionTable.Limits(requestTimeoutSeconds: 10, maximumConnections: 10)

    @Test func aConnectionThatSendsNoRequestIsClosedWhenItsRequestTimeoutPasses() {
        var table = ConnectionTable(limits: limits)
        #expect(table.opened(1, socket: 101, at: 0).isEmpty)
        #expect(table.overdue(at: 9.9).isEmpty)
        #expect(table.overdue(at: 10) == [101])
        #expect(table.overdue(at: 20).isEmpty, "asked to close once only")
    }

    @Test func aSlowFirstRequestKeepsTheDeadlineOfItsAccept() {
        var table = ConnectionTable(limits: limits)
        _ = table.opened(1, socket: 101, at: 0)
        table.requestStarted(1, at: 8)  // request line after 8 s, headers still trickling
        #expect(table.overdue(at: 9).isEmpty)
        #expect(table.overdue(at: 10) == [101])
    }

    @Test func aRequestReadWholeInTimeIsNeverClosedWhileItIsAnswered() {
        var table = ConnectionTable(limits: limits)
        _ = table.opened(1, socket: 101, at: 0)
        table.requestStarted(1, at: 1)
        table.responding(1)
        #expect(table.overdue(at: 100).isEmpty)
    }

    @Test func aKeptAliveConnectionThatNeverCompletesItsNextRequestLineIsClosedAfterTheIdlePlusRequestTimeout() {
        var limits = limits
        limits.idleTimeoutSeconds = 30
        var table = Self.answeredAndKeptAlive(limits)
        #expect(table.overdue(at: 41).isEmpty, "idle 30 s + request 10 s from the answer at 2")
        #expect(table.overdue(at: 42) == [101])
    }

    /// Connection 1 (socket 101): accepted at 0, its request started at 1 and answered at 2.
    private static func answeredAndKeptAlive(_ limits: ConnectionTable.Limits) -> ConnectionTable {
        var table = ConnectionTable(limits: limits)
        _ = table.opened(1, socket: 101, at: 0)
        table.requestStarted(1, at: 1)
        table.responding(1)
        table.requestCompleted(1, at: 2)
        return table
    }

    @Test func aKeptAliveConnectionWaitsWithoutARequestDeadlineAndItsNextRequestGetsItsOwn() {
        var table = Self.answeredAndKeptAlive(limits)
        #expect(table.overdue(at: 50).isEmpty, "idle keep-alive is bounded by the idle timeout, not here")
        table.requestStarted(1, at: 50)
        #expect(table.overdue(at: 59).isEmpty)
        #expect(table.overdue(at: 60) == [101])
    }

    @Test func underPressureTheLongestIdleKeptAliveConnectionIsClosedFirst() {
        var table = ConnectionTable(limits: limits)
        for id in 1...9 { #expect(table.opened(id, socket: Int32(100 + id), at: Double(id)).isEmpty) }
        // 1 and 2 answered and kept alive (2 idle since 20, 1 since 30); 3 is reading a request.
        for id in 1...3 {
            table.requestStarted(id, at: 10)
            table.responding(id)
        }
        table.requestCompleted(2, at: 20)
        table.requestCompleted(1, at: 30)
        #expect(table.opened(10, socket: 110, at: 40) == [102], "the 10th connection pushes out the longest-idle kept-alive one")
        #expect(table.opened(11, socket: 111, at: 41) == [101])
        #expect(table.opened(12, socket: 112, at: 42) == [104], "then the longest-waiting one that sent no request")
    }

    @Test func connectionsBeingAnsweredAreNeverPushedOut() {
        var table = ConnectionTable(limits: limits)
        for id in 1...9 {
            _ = table.opened(id, socket: Int32(100 + id), at: 0)
            table.requestStarted(id, at: 0)
            table.responding(id)
        }
        #expect(table.opened(10, socket: 110, at: 1).isEmpty)
        #expect(table.count == 10)
    }

    @Test func closedConnectionsAreForgottenAndFreeTheirRoom() {
        var table = ConnectionTable(limits: limits)
        for id in 1...9 { _ = table.opened(id, socket: Int32(100 + id), at: Double(id)) }
        #expect(table.opened(10, socket: 110, at: 10) == [101])
        table.closed(1)
        #expect(table.count == 9)
        table.closed(2)
        #expect(table.opened(11, socket: 111, at: 11).isEmpty, "8 open, no pressure")
        #expect(table.overdue(at: 100).count == 9)
    }
}
