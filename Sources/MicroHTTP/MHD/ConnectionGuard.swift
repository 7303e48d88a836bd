import Foundation
import NamedThreads
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The I/O shell around ``ConnectionTable``: libmicrohttpd's callbacks report connection
/// events to it (on the polling thread), and a sweeper thread four times a second closes
/// the connections whose request is overdue.
///
/// Closing means `shutdown(2)` on the connection's socket: the polling thread then sees
/// the end of the stream and closes the connection itself, as for a client that left
/// (libmicrohttpd has no thread-safe call to close a connection from another thread).
/// The socket number stays valid meanwhile: every `shutdown` happens with the table's lock
/// held, and the table forgets a connection in MHD's `MHD_CONNECTION_NOTIFY_CLOSED`
/// callback, which runs (under the same lock) before MHD closes the socket, so a number
/// the process has reused for another file is never shut down.
final class ConnectionGuard: Sendable {
    private let table: Mutex<ConnectionTable>
    private let stopping = Mutex(false)
    private let stopped = DispatchSemaphore(value: 0)
    /// How often the sweeper looks for overdue requests.
    static let sweepInterval: TimeInterval = 0.25

    init(limits: ConnectionTable.Limits) {
        table = Mutex(ConnectionTable(limits: limits))
        NamedThread.start("dt-http-sweep") { [self] in sweep() }
    }

    /// Seconds on a monotonic clock.
    static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func opened(_ id: Int, socket: Int32) {
        table.withLock { table in Self.close(table.opened(id, socket: socket, at: Self.now)) }
    }

    func requestStarted(_ id: Int) {
        table.withLock { $0.requestStarted(id, at: Self.now) }
    }

    func responding(_ id: Int) {
        table.withLock { $0.responding(id) }
    }

    func requestCompleted(_ id: Int) {
        table.withLock { $0.requestCompleted(id, at: Self.now) }
    }

    func closed(_ id: Int) {
        table.withLock { $0.closed(id) }
    }

    /// Open connections, those being closed included.
    var count: Int { table.withLock { $0.count } }

    /// Ends the sweeper and waits for it. Call once.
    func stop() {
        stopping.withLock { $0 = true }
        stopped.wait()
    }

    private func sweep() {
        while !stopping.withLock({ $0 }) {
            Thread.sleep(forTimeInterval: Self.sweepInterval)
            table.withLock { table in Self.close(table.overdue(at: Self.now)) }
        }
        stopped.signal()
    }

    /// Call with the table's lock held (see the type's comment).
    private static func close(_ sockets: [Int32]) {
        for socket in sockets {
            _ = shutdown(socket, Int32(SHUT_RDWR))
        }
    }
}
