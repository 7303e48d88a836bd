internal import CSQLite
import Foundation
import TrustStore

/// Owns one `sqlite3*` and its prepared-statement cache. Not thread-safe: the store
/// serialises every use behind its lock.
///
/// "Applications should finalize all prepared statements … associated with the sqlite3
/// object prior to attempting to close the object. If sqlite3_close_v2() is called with
/// unfinalized prepared statements … the database connection becomes an unusable
/// 'zombie' which will automatically be deallocated when the last prepared statement is
/// finalized" (sqlite3.h). ``close()`` finalises the cache first; statements hold a
/// strong reference to their connection, so the handle outlives them either way.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    /// Prepared statements by the address of their SQL literal: a `StaticString` with a
    /// pointer representation is constant text at a fixed address, so looking one up costs
    /// neither a `String` nor hashing the whole SQL text.
    private var statementCache: [UnsafeRawPointer: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database file at `path` in read-write mode.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        // "Whether or not an error occurs when it is opened, resources associated with the
        // database connection handle should be released by passing it to sqlite3_close()."
        handle = db
        guard rc == SQLITE_OK, db != nil else {
            close()
            throw StoreError(
                .cannotOpen,
                reason: "cannot open the SQLite database at \(path): \(String(cString: sqlite3_errstr(rc))); check that the directory exists and is writable",
                engineCode: .sqlite(rc)
            )
        }
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit { close() }

    /// Finalises every cached statement and closes the handle. Idempotent.
    func close() {
        statementCache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    var isOpen: Bool { handle != nil }

    /// The cached statement for `sql`, prepared on first use. `sql` is always a literal of
    /// this module: values are bound, never interpolated.
    func statement(_ sql: StaticString) throws(StoreError) -> SQLiteStatement {
        // A one-scalar literal has no address (and is no SQL): prepared each time.
        guard sql.hasPointerRepresentation else { return try prepare(sql.description) }
        let key = UnsafeRawPointer(sql.utf8Start)
        if let cached = statementCache[key] { return cached }
        let statement = try prepare(sql.description)
        statementCache[key] = statement
        return statement
    }

    private func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        guard let handle else { throw StoreError(.closed, reason: "the store is closed") }
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else {
            sqlite3_finalize(raw)
            throw SQLiteResultCode.error(rc, during: "preparing a statement")
        }
        return SQLiteStatement(owning: raw, connection: self)
    }

    /// Runs schema SQL that carries no values (DDL, PRAGMAs, BEGIN/COMMIT), possibly
    /// several statements. The loud name says: never pass anything built from input.
    func executeValueFreeSQL(_ sql: StaticString, during operation: String) throws(StoreError) {
        try executeValueFreeSQL(sql.description, during: operation)
    }

    /// See ``executeValueFreeSQL(_:during:)-(StaticString,_)``; for the migration list, whose
    /// SQL is compile-time constant text held in an array.
    func executeValueFreeSQL(_ sql: String, during operation: String) throws(StoreError) {
        guard let handle else { throw StoreError(.closed, reason: "the store is closed") }
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw SQLiteResultCode.error(rc, during: operation) }
    }

    /// Copies as much of the WAL into the database file as it can without waiting for
    /// readers or writers (`SQLITE_CHECKPOINT_PASSIVE`). Returns whether every frame of the
    /// WAL is now in the database file (the next write transaction may then start the WAL
    /// over instead of appending to it). Housekeeping: a busy or failed checkpoint returns
    /// `false` and is left to the next one.
    @discardableResult
    func checkpointPassively() -> Bool {
        guard let handle else { return false }
        var framesInLog: Int32 = 0
        var framesCopied: Int32 = 0
        let rc = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &framesInLog, &framesCopied)
        return rc == SQLITE_OK && framesInLog >= 0 && framesCopied == framesInLog
    }

    /// Number of rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }
}
