import Foundation
import TrustStore

/// ``TrustStorage`` over PostgreSQL (libpq), for several `devicetrust serve` nodes that
/// share one database.
///
/// - A small pool of connections (``Options/poolSize``) with a bounded wait; the schema is
///   created or migrated at open by numbered migrations kept in the database
///   (``PostgresSchema``), safely when several nodes start at once.
/// - Every value is a bound parameter in binary format; statements are prepared once per
///   connection.
/// - Consumptions and counters are single conditional statements (`UPDATE … WHERE
///   consumed_at IS NULL AND expires_at > $now … RETURNING`, `… WHERE sign_count < $n`) or
///   short transactions whose first statement takes the row lock; nothing is read and then
///   written in application code. The rules are ``ConsumptionRule`` and ``DeviceRules``;
///   this type only maps rows to them.
/// - SQL stays within what PostgreSQL-compatible distributed engines (CockroachDB,
///   YugabyteDB) accept: no advisory locks, no LISTEN/NOTIFY, no triggers, no sequences;
///   times are `int8` microseconds; a conflicting transaction (`40001`) is retried whole.
///
/// ## Durability
/// Everything ``TrustStorage`` lists as durable runs on connections that set
/// `synchronous_commit = on` when they are made, so each of those commits returns only after
/// its WAL is flushed, whatever the server's default. The writes it leaves to the
/// implementation (issued challenges, `lastUsedAt`, purges) run on a second, smaller pool
/// whose connections set `synchronous_commit = off`: such a commit can be lost in a crash of
/// the database server, but never reordered, because PostgreSQL's WAL is one sequence and
/// the next durable commit flushes it past every earlier commit.
///
/// ## Exactly once across a lost connection
/// A statement whose reply was lost may or may not have committed, so no write is ever
/// replayed blindly. How each one stays exactly-once:
/// - **Consumptions** (challenges, enrollments, enrollment with device creation) record a
///   random per-call `consumed_by` marker in the same statement or transaction. After a
///   lost reply the store reads the row on a fresh connection: its own marker means the
///   consumption committed (the call succeeds); another marker means someone else consumed
///   it (`alreadyConsumed`); still open means it did not commit, and the call answers
///   ``StoreError/Code/unavailable`` without retrying (the client asks again).
/// - **Inserts** (enrollments, challenges) are recognised by their random identifier and
///   nonce; a replaced biometric key by the new key being the active one.
/// - **Idempotent writes** (revocation keeps its first time; setting a PIN hash, resetting
///   the count, `lastUsedAt`) are retried once on a fresh connection.
/// - **A PIN failure** has no marker: after a lost reply it answers `unavailable` and is not
///   replayed (counting it twice would cost the user an attempt; the challenge it answered
///   is consumed either way, so the guess cannot be repeated with it).
/// - **Transactions** that lose the connection before `COMMIT` was sent were rolled back by
///   the server and are retried once; a lost `COMMIT` is recognised as above.
public final class PostgresTrustStore: TrustStorage, @unchecked Sendable {
    // @unchecked: the only state is the pool, which is thread-safe.

    /// How a store connects.
    public struct Options: Sendable {
        /// The most connections this store holds for durable calls and reads (one per
        /// concurrent call); a second pool of as many serves the writes allowed to skip the
        /// flush, so a node holds up to twice this many (size PostgreSQL's
        /// `max_connections` for every node). The default is 16: with the
        /// first-come-first-served wait, 10 connections served 128 clients on the 2-core
        /// benchmark machine more slowly (0.54 × SQLite against 0.58 × in one run each).
        /// The second pool was half as large until issue 18: with up to 16 handler threads,
        /// challenge issues then waited for its 8 connections (PostgreSQL at 128 clients:
        /// 1,727 and 1,666 approvals/s with 8, 2,075 and 2,046 with 16, alternated runs).
        public var poolSize: Int
        /// How long a call waits for a free connection before ``StoreError/Code/unavailable``.
        public var acquireTimeout: TimeInterval
        /// How long one statement's reply may take before the connection is given up and
        /// the call answers ``StoreError/Code/unavailable`` (a server that stopped answering
        /// without closing the connection, or a row lock held that long).
        public var replyTimeout: TimeInterval

        /// Creates options; the defaults suit one `devicetrust serve` node.
        public init(poolSize: Int = 16, acquireTimeout: TimeInterval = 1.5, replyTimeout: TimeInterval = 1.5) {
            self.poolSize = poolSize
            self.acquireTimeout = acquireTimeout
            self.replyTimeout = replyTimeout
        }
    }

    /// The schema version this build creates and understands.
    public static var schemaVersion: Int { Int(PostgresSchema.latestVersion) }

    let pool: PostgresConnectionPool
    /// Connections with `synchronous_commit = off`, for ``Durability/relaxed`` writes.
    let relaxedPool: PostgresConnectionPool

    /// Whether a write must be flushed before it returns (see Durability).
    enum Durability {
        /// Flushed before return: everything TrustStorage lists as durable.
        case durable
        /// Committed but not flushed: issued challenges, `lastUsedAt`, purges.
        case relaxed
    }

    /// Opens a store on the database a `postgres://` or `postgresql://` URL names, creating
    /// or migrating the schema.
    /// - Throws: ``StoreError/Code/invalidArgument`` for a URL libpq cannot parse,
    ///   ``StoreError/Code/unavailable`` when the server cannot be reached,
    ///   ``StoreError/Code/cannotOpen`` for refused credentials or a missing database,
    ///   ``StoreError/Code/incompatibleSchema`` when a newer build migrated it. No message
    ///   contains the password.
    public init(url: StoreURL, options: Options = Options()) throws(StoreError) {
        guard options.poolSize >= 1 else { throw StoreError(.invalidArgument, reason: "the PostgreSQL pool needs at least one connection") }
        let settings = try PostgresSettings(url)
        pool = PostgresConnectionPool(
            settings: settings, capacity: options.poolSize, acquireTimeout: options.acquireTimeout, replyTimeout: options.replyTimeout)
        relaxedPool = PostgresConnectionPool(
            settings: settings, capacity: options.poolSize, acquireTimeout: options.acquireTimeout,
            replyTimeout: options.replyTimeout, synchronousCommit: false)
        // Migrations may take longer than a request's statements: they get their own connection.
        let migrating = try PostgresConnection(settings: settings, generation: 0, replyTimeout: max(30, options.replyTimeout))
        try PostgresSchema.migrate(migrating)
    }

    /// Opens the store named by `databaseURL` (parsed by ``StoreURL``).
    public convenience init(databaseURL: String, options: Options = Options()) throws(StoreError) {
        try self.init(url: try StoreURL(parsing: databaseURL), options: options)
    }

    deinit { close() }

    public func close() {
        pool.close()
        relaxedPool.close()
    }

    public func checkAvailability() throws(StoreError) {
        try read("checking the database") { connection throws(StoreError) -> Void in
            _ = try connection.execute("SELECT 1", during: "checking the database")
        }
    }

    // MARK: Call policies (see "Exactly once across a lost connection")

    /// A read, or a write whose replay has the same effect: retried once on a fresh
    /// connection after the connection was lost.
    func read<T>(_ operation: String, _ body: (PostgresConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        try idempotentWrite(operation, .durable, body)
    }

    /// An idempotent write: retried once on a fresh connection, as ``read(_:_:)``.
    func idempotentWrite<T>(
        _ operation: String, _ durability: Durability = .durable, _ body: (PostgresConnection) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let pool = pool(for: durability)
        do throws(StoreError) {
            return try pool.withConnection(body)
        } catch  where PostgresErrors.isConnectionFailure(error) {
            return try pool.withConnection(body)
        }
    }

    private func pool(for durability: Durability) -> PostgresConnectionPool {
        durability == .durable ? pool : relaxedPool
    }

    /// A single-statement write that is never replayed: after a lost connection,
    /// `recognise` looks on a fresh connection for the call's own effect and returns the
    /// result if it is there; otherwise the call throws ``StoreError/Code/unavailable``.
    func write<T>(
        _ operation: String,
        _ durability: Durability = .durable,
        recognise: ((PostgresConnection) throws(StoreError) -> T?)? = nil,
        _ body: (PostgresConnection) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        do throws(StoreError) {
            return try pool(for: durability).withConnection(body)
        } catch  where PostgresErrors.isConnectionFailure(error) {
            return try recover(operation, error, recognise)
        }
    }

    /// A transaction (`BEGIN` … `COMMIT`): retried whole on a serialization conflict (up to
    /// 3 times) and once after a connection lost before `COMMIT` was sent; a lost `COMMIT`
    /// goes to `recognise` as in ``write(_:recognise:_:)``.
    func transaction<T>(
        _ operation: String,
        _ durability: Durability = .durable,
        recognise: ((PostgresConnection) throws(StoreError) -> T?)? = nil,
        _ body: (PostgresConnection) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let pool = pool(for: durability)
        var conflicts = 0
        var reconnected = false
        while true {
            var committing = false
            do throws(StoreError) {
                return try pool.withConnection { connection throws(StoreError) in
                    try connection.executeValueFree("BEGIN", during: "\(operation): beginning a transaction")
                    do throws(StoreError) {
                        let result = try body(connection)
                        committing = true
                        try connection.executeValueFree("COMMIT", during: "\(operation): committing")
                        return result
                    } catch {
                        if !connection.isBroken, !committing {
                            try? connection.executeValueFree("ROLLBACK", during: "\(operation): rolling back")
                        }
                        throw error
                    }
                }
            } catch  where PostgresErrors.isRetryableConflict(error) && conflicts < 3 {
                conflicts += 1
            } catch  where PostgresErrors.isConnectionFailure(error) && !committing && !reconnected {
                reconnected = true
            } catch  where PostgresErrors.isConnectionFailure(error) && committing {
                return try recover(operation, error, recognise)
            }
        }
    }

    private func recover<T>(
        _ operation: String, _ error: StoreError, _ recognise: ((PostgresConnection) throws(StoreError) -> T?)?
    ) throws(StoreError) -> T {
        if let recognise, let result = try pool.withConnection(recognise) { return result }
        throw StoreError(
            .unavailable,
            reason:
                "\(operation): the connection was lost before the reply and the write could not be confirmed; it is not replayed, retry the request (\(error.reason))",
            engineCode: error.engineCode)
    }

    /// A random per-call marker for consumptions (16 bytes).
    static func newMarker() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
