internal import CSQLite
import Foundation
import TrustStore

/// Copies the WAL back into the database file from a connection and a thread of its own,
/// instead of SQLite's automatic checkpoint, which runs inside whichever commit crosses the
/// threshold: with the store's lock held, writing pages and fsyncing twice while every
/// other request waits.
///
/// Checkpoints are PASSIVE ("as many frames as possible without waiting for any database
/// readers or writers"), so writers on the store's connection never wait for one. SQLite
/// syncs the WAL before copying and the database file before it lets the WAL be reused, so
/// no committed frame is lost to a checkpoint. The store calls ``commitsMade(_:)`` after
/// each commit; every ``commitsPerCheckpoint`` commits wake the thread (requests that
/// arrive while it works are folded into its next pass).
final class WALCheckpointer: @unchecked Sendable {
    // @unchecked: `pending`, `running`, `threadEnded` and `commitsSinceRequest` are only
    // touched with `condition` locked; `connection` only by the thread, then by `stop()`
    // after the thread has ended.
    /// Commits between two checkpoint requests.
    static let commitsPerCheckpoint = 200

    private let condition = NSCondition()
    private let connection: SQLiteConnection
    private var pending = false
    private var running = true
    private var threadEnded = false
    private var commitsSinceRequest = 0

    /// Opens a second connection to the database at `path` and starts the thread.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let thread = Thread { [self] in run() }
        thread.name = "SQLite checkpointer"
        thread.start()
    }

    /// Counts `count` commits on the store's connection, waking the thread every
    /// ``commitsPerCheckpoint``.
    func commitsMade(_ count: Int = 1) {
        condition.lock()
        defer { condition.unlock() }
        commitsSinceRequest += count
        guard commitsSinceRequest >= Self.commitsPerCheckpoint else { return }
        commitsSinceRequest = 0
        pending = true
        condition.signal()
    }

    /// Ends the thread (after the checkpoint it may be running) and closes its connection.
    /// Idempotent.
    func stop() {
        condition.lock()
        running = false
        condition.broadcast()
        while !threadEnded { condition.wait() }
        condition.unlock()
        connection.close()
    }

    private func run() {
        condition.lock()
        while running {
            guard pending else {
                condition.wait()
                continue
            }
            pending = false
            condition.unlock()
            connection.checkpointPassively()
            condition.lock()
        }
        threadEnded = true
        condition.broadcast()
        condition.unlock()
    }
}
