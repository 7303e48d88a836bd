import Foundation
import TrustStore

/// A small pool of ``PostgresConnection``s with a bounded wait.
///
/// - At most `capacity` connections exist; a caller waits at most `acquireTimeout` for a
///   free one, then gets ``StoreError/Code/unavailable`` (the HTTP layer answers 503).
/// - A connection is checked before it is lent (``PostgresConnection/isAlive``, which does
///   not block) and dropped when a call on it failed with the connection gone. A broken
///   connection raises the pool's generation: idle connections made before it, probably to
///   the same server that went away, are closed instead of lent, so after a database
///   restart only calls already in flight fail.
/// - New connections are made outside the lock, so one slow connect does not stop the
///   callers that find an idle connection.
final class PostgresConnectionPool: @unchecked Sendable {
    // @unchecked: `idle`, `count`, `generation` and `isClosed` are touched only with
    // `condition` locked; a connection is used by the one thread it is lent to.
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var count = 0
    private var generation: UInt64 = 0
    private var isClosed = false
    private let settings: PostgresSettings
    let capacity: Int
    let acquireTimeout: TimeInterval
    /// Whether the pool's connections commit with `synchronous_commit = on`.
    let synchronousCommit: Bool
    /// How long each reply may take (``PostgresConnection/replyTimeout``).
    let replyTimeout: TimeInterval

    init(settings: PostgresSettings, capacity: Int, acquireTimeout: TimeInterval, replyTimeout: TimeInterval, synchronousCommit: Bool = true) {
        self.settings = settings
        self.capacity = capacity
        self.acquireTimeout = acquireTimeout
        self.replyTimeout = replyTimeout
        self.synchronousCommit = synchronousCommit
    }

    /// Runs `body` with a connection lent for the call.
    func withConnection<T>(_ body: (PostgresConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        let connection = try acquire()
        defer { release(connection) }
        return try body(connection)
    }

    /// Closes idle connections and refuses new calls; lent ones close when returned.
    func close() {
        condition.lock()
        isClosed = true
        let closing = idle
        idle.removeAll()
        count -= closing.count
        condition.broadcast()
        condition.unlock()
        _ = closing  // PQfinish runs as the owners go away, outside the lock.
    }

    private func acquire() throws(StoreError) -> PostgresConnection {
        let deadline = Date().addingTimeInterval(acquireTimeout)
        condition.lock()
        while true {
            if isClosed {
                condition.unlock()
                throw StoreError(.closed, reason: "the store is closed")
            }
            while let connection = idle.popLast() {
                if connection.generation == generation, connection.isAlive {
                    condition.unlock()
                    return connection
                }
                count -= 1
                if connection.generation == generation { generation += 1 }
            }
            if count < capacity {
                count += 1
                let currentGeneration = generation
                condition.unlock()
                do throws(StoreError) {
                    return try PostgresConnection(
                        settings: settings, generation: currentGeneration, synchronousCommit: synchronousCommit, replyTimeout: replyTimeout)
                } catch {
                    condition.lock()
                    count -= 1
                    condition.signal()
                    condition.unlock()
                    throw error
                }
            }
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw StoreError(.unavailable, reason: "all \(capacity) PostgreSQL connections stayed busy for \(acquireTimeout) s; retry later")
            }
        }
    }

    private func release(_ connection: PostgresConnection) {
        condition.lock()
        defer {
            condition.signal()
            condition.unlock()
        }
        guard !isClosed, !connection.isBroken, connection.generation == generation else {
            if connection.isBroken, connection.generation == generation { generation += 1 }
            count -= 1
            return
        }
        idle.append(connection)
    }
}
