import Foundation
import TrustStore

/// ``TrustStorage`` over an embedded SQLite database file (libsqlite3).
///
/// - One connection, serialised by a lock: safe from any number of threads, and every
///   transaction sees the previous one's effects. Other processes may open the same file;
///   `BEGIN IMMEDIATE` and the busy timeout serialise them. A second connection, on a
///   thread of its own, only checkpoints the WAL (``WALCheckpointer``).
/// - WAL journal, `foreign_keys=ON`; every security-relevant write is on stable storage
///   before it returns (see Durability).
/// - The file and its `-wal`/`-shm` companions are created with mode 0600.
/// - Numbered migrations run in one transaction at open (with `synchronous=FULL`).
///
/// ## Durability
/// Everything listed as durable in ``TrustStorage`` is on stable storage before the call
/// returns: the transaction commits with `synchronous=NORMAL` under the lock, then the
/// WAL is fdatasync'd after the lock is released (``WALSync``: group commit, one fdatasync
/// for every commit made before it began). That is `synchronous=FULL`'s guarantee without
/// holding the connection while the disk works, so readers and other writers go on
/// meanwhile. Two writes skip the fsync: ``insertChallenge(_:)`` (unless
/// ``Options/issuedChallengesWaitForFsync`` is set) and ``markDeviceUsed(id:at:)``, plus
/// ``purgeExpired(before:)``. In WAL mode such a commit can be lost on power failure, but
/// never reordered: the next durable write syncs the whole WAL, earlier frames included.
public final class SQLiteTrustStore: TrustStorage, @unchecked Sendable {
    // @unchecked: all mutable state (`connection`, `synchronousLevel`) is accessed only with
    // `lock` held; `walSync` and `checkpointer` are thread-safe.

    /// How a store opens and commits.
    public struct Options: Sendable {
        /// How long a writer waits for another process's write lock before ``StoreError/Code/busy``.
        public var busyTimeoutMilliseconds: Int32
        /// Whether ``SQLiteTrustStore/insertChallenge(_:)`` waits for fsync. Off by default:
        /// a challenge lost in a crash is harmless (its response gets "not found").
        public var issuedChallengesWaitForFsync: Bool

        /// Creates options; the defaults suit the server.
        public init(busyTimeoutMilliseconds: Int32 = 5_000, issuedChallengesWaitForFsync: Bool = false) {
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.issuedChallengesWaitForFsync = issuedChallengesWaitForFsync
        }
    }

    /// The schema version this build creates and understands.
    public static var schemaVersion: Int { Int(SQLiteSchema.latestVersion) }

    /// The database file path.
    public let path: String
    let options: Options
    private let lock: NSLock
    private var connection: SQLiteConnection?
    private var synchronousLevel: SynchronousLevel = .full
    private let walSync: WALSync
    private let checkpointer: WALCheckpointer

    enum SynchronousLevel { case full, normal }

    /// Opens the database named by a `sqlite:PATH` URL, as given to `--database`.
    ///
    /// Throws ``StoreError/Code/invalidArgument`` for any other URL (parsed by `StoreURL`).
    public convenience init(databaseURL: String, options: Options = Options()) throws(StoreError) {
        try self.init(url: try StoreURL(parsing: databaseURL), options: options)
    }

    /// Opens the database a ``StoreURL`` of engine `sqlite` names.
    ///
    /// Throws ``StoreError/Code/invalidArgument`` for another engine.
    public convenience init(url: StoreURL, options: Options = Options()) throws(StoreError) {
        guard let path = url.sqlitePath else {
            throw StoreError(.invalidArgument, reason: "the SQLite store needs a sqlite:PATH URL, not \(url.engine.rawValue)")
        }
        try self.init(path: path, options: options)
    }

    /// Opens (creating with mode 0600 if needed) the database file at `path` and migrates it.
    ///
    /// Throws ``StoreError/Code/cannotOpen`` naming the path when the file cannot be
    /// created or opened, ``StoreError/Code/corrupt`` when it is not a database, and
    /// ``StoreError/Code/incompatibleSchema`` when a newer build wrote it.
    public init(path: String, options: Options = Options()) throws(StoreError) {
        self.path = path
        self.options = options
        try DatabaseFile.createOwnerOnly(path: path)
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        let mode = try connection.statement("PRAGMA journal_mode=WAL")
            .query(during: "enabling the WAL journal") { row throws(StoreError) in row.text(0) }
            .first
        guard mode?.lowercased() == "wal" else {
            throw StoreError(.cannotOpen, reason: "cannot enable the WAL journal on the SQLite database at \(path)")
        }
        // Checkpoints run on their own connection and thread (WALCheckpointer), not inside
        // a commit on this one.
        try connection.executeValueFreeSQL(
            "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA wal_autocheckpoint=0;", during: "configuring the connection")
        try SQLiteSchema.migrate(connection)
        // After the migration transaction, so the WAL file exists.
        walSync = try WALSync(databasePath: path)
        let lock = NSLock()
        self.lock = lock
        checkpointer = try WALCheckpointer(path: path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds) { secondStep in
            lock.withLock { secondStep() }
        }
        self.connection = connection
    }

    /// Stops the checkpoint thread; the connections close as they are released.
    deinit {
        checkpointer.stop()
        walSync.close()
    }

    /// Checkpoints so far that copied the whole WAL into the database file.
    var completedCheckpoints: Int { checkpointer.completedCheckpoints }

    /// Closes the connection. Later calls throw ``StoreError/Code/closed``. Idempotent;
    /// `deinit` closes too.
    public func close() {
        checkpointer.stop()
        lock.lock()
        defer { lock.unlock() }
        connection?.close()
        connection = nil
        walSync.close()
    }

    /// Succeeds while the store is open: the file is local, so there is nothing to reach.
    public func checkAvailability() throws(StoreError) {
        try read { connection throws(StoreError) in
            _ = try connection.statement("SELECT 1").query(during: "checking the database") { row throws(StoreError) in row.integer(0) }
        }
    }

    // MARK: Transactions

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction (the write lock taken before the
    /// first read), committed with `synchronous=NORMAL`; when `durable`, returns only once
    /// the WAL is synced past the commit (outside the lock, see ``WALSync``).
    func writeTransaction<Result>(
        _ operation: String,
        durable: Bool = true,
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let (result, ticket) = try committedTransaction(operation, body)
        if durable { try walSync.sync(through: ticket) }
        return result
    }

    /// The transaction of ``writeTransaction(_:durable:_:)``, under the lock; returns its
    /// ``WALSync`` ticket with the result.
    private func committedTransaction<Result>(
        _ operation: String,
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> (Result, UInt64) {
        lock.lock()
        defer { lock.unlock() }
        let connection = try openConnection()
        try setSynchronous(.normal, on: connection)
        try connection.statement("BEGIN IMMEDIATE").execute(during: "\(operation): beginning a transaction")
        do throws(StoreError) {
            let result = try body(connection)
            try connection.statement("COMMIT").execute(during: "\(operation): committing")
            checkpointer.commitsMade()
            return (result, walSync.committed())
        } catch {
            if connection.isInTransaction {
                try? connection.statement("ROLLBACK").execute(during: "\(operation): rolling back")
            }
            throw error
        }
    }

    /// Runs one read (a single statement is its own consistent snapshot).
    func read<Result>(
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(try openConnection())
    }

    private func openConnection() throws(StoreError) -> SQLiteConnection {
        guard let connection, connection.isOpen else { throw StoreError(.closed, reason: "the store is closed") }
        return connection
    }

    private func setSynchronous(_ level: SynchronousLevel, on connection: SQLiteConnection) throws(StoreError) {
        guard level != synchronousLevel else { return }
        switch level {
        case .full: try connection.statement("PRAGMA synchronous=FULL").execute(during: "setting synchronous=FULL")
        case .normal: try connection.statement("PRAGMA synchronous=NORMAL").execute(during: "setting synchronous=NORMAL")
        }
        synchronousLevel = level
    }
}
