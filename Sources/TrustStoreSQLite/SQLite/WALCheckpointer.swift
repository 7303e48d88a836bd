internal import CSQLite
import Foundation
import NamedThreads
import TrustStore

/// Copies the WAL back into the database file from a connection and a thread of its own,
/// instead of SQLite's automatic checkpoint, which runs inside whichever commit crosses the
/// threshold: with the store's lock held, writing pages and fsyncing twice while every
/// other request waits.
///
/// Checkpoints are PASSIVE ("as many frames as possible without waiting for any database
/// readers or writers"). SQLite syncs the WAL before copying and the database file before
/// it lets the WAL be reused, so no committed frame is lost to a checkpoint. The store
/// calls ``commitsMade(_:)`` after each commit; every ``commitsPerCheckpoint`` commits wake
/// the thread (requests that arrive while it works are folded into its next pass).
///
/// A pass has two steps. The first copies the WAL while the store goes on writing, so
/// under steady load it never ends with every frame copied; and SQLite starts the WAL over
/// (writing from its beginning again) only when a write transaction begins after a
/// checkpoint that copied every frame. Without that the WAL grows without bound (hundreds
/// of MB in a one-minute load test), and every commit appends to new file blocks, which
/// the kernel zero-fills and whose size change each fdatasync must write too. So a second
/// step copies what the first left, with the store's writes paused (`pausingWrites`): only
/// the frames committed while the first step ran (nothing, and no fsync, when there are
/// none), after which the next commit starts the WAL over.
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
    private var completeCheckpoints = 0

    /// Passes that left every frame of the WAL in the database file (so that the next
    /// commit starts the WAL over).
    var completedCheckpoints: Int { condition.withLock { completeCheckpoints } }

    /// Runs its argument while the store's connection cannot write (under the store's lock).
    typealias WritePause = @Sendable (() -> Void) -> Void
    private let pausingWrites: WritePause

    /// Opens a second connection to the database at `path` and starts the thread;
    /// `pausingWrites` runs a checkpoint's second step while the store cannot write.
    init(path: String, busyTimeoutMilliseconds: Int32, pausingWrites: @escaping WritePause) throws(StoreError) {
        connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        // A connection reads the database header, and so finds that the file is in WAL
        // mode, at its first statement: until then sqlite3_wal_checkpoint_v2 reports "not
        // in WAL mode" and copies nothing (the WAL would grow for the store's lifetime).
        try connection.executeValueFreeSQL("SELECT count(*) FROM sqlite_schema", during: "opening the checkpoint connection")
        self.pausingWrites = pausingWrites
        NamedThread.start("dt-sqlite-ckpt") { [self] in run() }
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
            var complete = false
            let connection = connection
            pausingWrites { complete = connection.checkpointPassively() }
            condition.lock()
            if complete { completeCheckpoints += 1 }
        }
        threadEnded = true
        condition.broadcast()
        condition.unlock()
    }
}
