import Dispatch
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
/// - Waiting is first come, first served: a returned connection (or the room to make one)
///   goes straight to the longest waiter, so under sustained load no caller is overtaken
///   by later ones until its bounded wait runs out.
final class PostgresConnectionPool: @unchecked Sendable {
    // @unchecked: `idle`, `count`, `generation`, `waiters` and `isClosed` (and each waiter's
    // fields) are touched only with `lock` held; a connection is used by the one thread it
    // is lent to.
    private let lock = NSLock()
    private var idle: [PostgresConnection] = []
    private var count = 0
    private var generation: UInt64 = 0
    private var isClosed = false
    private var waiters: [Waiter] = []
    private let settings: PostgresSettings
    let capacity: Int
    let acquireTimeout: TimeInterval
    /// Whether the pool's connections commit with `synchronous_commit = on`.
    let synchronousCommit: Bool
    /// How long each reply may take (``PostgresConnection/replyTimeout``).
    let replyTimeout: TimeInterval

    /// A caller waiting for a connection; `grant` says what it was given.
    private final class Waiter {
        enum Grant { case connection(PostgresConnection), room, closed }
        let semaphore = DispatchSemaphore(value: 0)
        var grant: Grant?
    }

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
        lock.lock()
        isClosed = true
        let closing = idle
        idle.removeAll()
        count -= closing.count
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.grant = .closed }
        lock.unlock()
        for waiter in waiting { waiter.semaphore.signal() }
        _ = closing  // PQfinish runs as the owners go away, outside the lock.
    }

    private func acquire() throws(StoreError) -> PostgresConnection {
        let deadline = DispatchTime.now() + acquireTimeout
        while true {
            lock.lock()
            guard !isClosed else {
                lock.unlock()
                throw Self.closedError
            }
            while let connection = idle.popLast() {
                if usable(connection) {
                    lock.unlock()
                    return connection
                }
            }
            let grant: Waiter.Grant
            if count < capacity {
                count += 1
                lock.unlock()
                grant = .room
            } else {
                let waiter = Waiter()
                waiters.append(waiter)
                lock.unlock()
                grant = try wait(waiter, until: deadline)
            }
            switch grant {
            case .closed:
                throw Self.closedError
            case .connection(let connection):
                if connection.isAlive { return connection }
                lock.lock()
                forget(connection, broken: true)
                lock.unlock()
                handOffRoom()
            case .room:
                return try connect()
            }
        }
    }

    /// Waits for `waiter`'s grant until `deadline`; on time-out, leaves the queue, unless
    /// a grant arrived at that moment.
    private func wait(_ waiter: Waiter, until deadline: DispatchTime) throws(StoreError) -> Waiter.Grant {
        if waiter.semaphore.wait(timeout: deadline) == .timedOut {
            lock.lock()
            if let grant = waiter.grant {
                lock.unlock()
                waiter.semaphore.wait()  // consume the signal that goes with the grant
                return grant
            }
            waiters.removeAll { $0 === waiter }
            lock.unlock()
            throw StoreError(.unavailable, reason: "all \(capacity) PostgreSQL connections stayed busy for \(acquireTimeout) s; retry later")
        }
        lock.lock()
        defer { lock.unlock() }
        return waiter.grant ?? .closed
    }

    /// A new connection in a slot already counted; on failure the slot is given up (to the
    /// next waiter, who tries in turn).
    private func connect() throws(StoreError) -> PostgresConnection {
        lock.lock()
        let currentGeneration = generation
        lock.unlock()
        do throws(StoreError) {
            return try PostgresConnection(
                settings: settings, generation: currentGeneration, synchronousCommit: synchronousCommit, replyTimeout: replyTimeout)
        } catch {
            lock.lock()
            count -= 1
            lock.unlock()
            handOffRoom()
            throw error
        }
    }

    /// Whether an idle `connection` may be lent; if not it is forgotten. Called with `lock` held.
    private func usable(_ connection: PostgresConnection) -> Bool {
        guard connection.generation == generation else {
            forget(connection, broken: false)
            return false
        }
        if connection.isAlive { return true }
        forget(connection, broken: true)
        return false
    }

    /// Stops counting a connection that will not be lent again; a broken one of the
    /// current generation raises the generation, so its idle siblings are not lent either.
    /// Called with `lock` held.
    private func forget(_ connection: PostgresConnection, broken: Bool) {
        count -= 1
        if broken, connection.generation == generation { generation += 1 }
    }

    /// Gives the room for one new connection to the longest waiter, if any.
    private func handOffRoom() {
        lock.lock()
        guard !waiters.isEmpty, count < capacity, !isClosed else {
            lock.unlock()
            return
        }
        count += 1
        let waiter = waiters.removeFirst()
        waiter.grant = .room
        lock.unlock()
        waiter.semaphore.signal()
    }

    private func release(_ connection: PostgresConnection) {
        lock.lock()
        guard !isClosed, !connection.isBroken, connection.generation == generation else {
            forget(connection, broken: connection.isBroken)
            lock.unlock()
            handOffRoom()
            return
        }
        guard !waiters.isEmpty else {
            idle.append(connection)
            lock.unlock()
            return
        }
        let waiter = waiters.removeFirst()
        waiter.grant = .connection(connection)
        lock.unlock()
        waiter.semaphore.signal()
    }

    private static var closedError: StoreError { StoreError(.closed, reason: "the store is closed") }
}
