import Foundation
import TrustStore

/// ``TrustStorage`` over an embedded SQLite database file (libsqlite3).
///
/// - One connection, serialised by a lock: safe from any number of threads, and every
///   transaction sees the previous one's effects. Other processes may open the same file;
///   `BEGIN IMMEDIATE` and the busy timeout serialise them.
/// - WAL journal, `foreign_keys=ON`, `synchronous=FULL` for every security-relevant write.
/// - The file and its `-wal`/`-shm` companions are created with mode 0600.
/// - Numbered migrations run in one transaction at open.
///
/// ## Durability
/// Everything listed as durable in ``TrustStorage`` is committed with `synchronous=FULL`
/// (the WAL is fsync'd before the call returns). Two writes may skip the fsync, by
/// committing with `synchronous=NORMAL` on the same connection: ``insertChallenge(_:)``
/// (unless ``Options/issuedChallengesWaitForFsync`` is set) and ``markDeviceUsed(id:at:)``,
/// plus ``purgeExpired(before:)``. In WAL mode such a commit can be lost on power failure,
/// but never reordered: the next FULL commit fsyncs the whole WAL, earlier frames included.
public final class SQLiteTrustStore: TrustStorage, @unchecked Sendable {
    // @unchecked: all mutable state (`connection`, `synchronousLevel`) is accessed only with `lock` held.

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
    private let lock = NSLock()
    private var connection: SQLiteConnection?
    private var synchronousLevel: SynchronousLevel = .full

    enum SynchronousLevel { case full, normal }

    /// Opens the database named by a `sqlite:PATH` URL, as given to `--database`.
    ///
    /// Throws ``StoreError/Code/invalidArgument`` for any other scheme or an empty path.
    public convenience init(databaseURL: String, options: Options = Options()) throws(StoreError) {
        let scheme = "sqlite:"
        guard databaseURL.hasPrefix(scheme), databaseURL.count > scheme.count else {
            throw StoreError(.invalidArgument, reason: "the database URL must look like sqlite:PATH, for example sqlite:./devicetrust-data/devicetrust.sqlite")
        }
        try self.init(path: String(databaseURL.dropFirst(scheme.count)), options: options)
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
        try connection.executeValueFreeSQL(
            "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;", during: "configuring the connection")
        try SQLiteSchema.migrate(connection)
        self.connection = connection
    }

    /// Closes the connection. Later calls throw ``StoreError/Code/closed``. Idempotent;
    /// `deinit` closes too.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        connection?.close()
        connection = nil
    }

    // MARK: Transactions

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction (the write lock taken before the
    /// first read), committed with `synchronous=FULL` when `durable`, else NORMAL.
    func writeTransaction<Result>(
        _ operation: String,
        durable: Bool = true,
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        let connection = try openConnection()
        try setSynchronous(durable ? .full : .normal, on: connection)
        try connection.statement("BEGIN IMMEDIATE").execute(during: "\(operation): beginning a transaction")
        do throws(StoreError) {
            let result = try body(connection)
            try connection.statement("COMMIT").execute(during: "\(operation): committing")
            return result
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
