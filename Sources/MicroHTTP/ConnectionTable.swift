/// The server's view of its open connections and the rule that decides which to close:
/// a state machine without sockets or clocks (times are passed in), so that every rule is
/// unit-tested directly; ``ConnectionGuard`` is the thin shell that feeds it libmicrohttpd's
/// events and shuts down the sockets it names.
///
/// A connection is in one ``Phase`` at a time:
/// - ``Phase/awaitingFirstRequest``: accepted, no request line yet. It must deliver a
///   complete request (headers and body) within ``Limits/requestTimeoutSeconds`` of the
///   accept: an idle or slow-header connection that never sends a request is closed then.
/// - ``Phase/readingRequest``: a request line has arrived; the headers and the body must
///   be complete (the handler started) within ``Limits/requestTimeoutSeconds`` of it, however
///   slowly the bytes trickle in (libmicrohttpd's own timeout only measures inactivity).
/// - ``Phase/responding``: the handler runs or the answer is being sent; never closed here.
/// - ``Phase/idle``: kept alive after an answer, waiting for the next request line; it is
///   bounded by the keep-alive idle timeout that libmicrohttpd enforces (inactivity) and,
///   since every byte resets that, also here: a client that trickles its next request line
///   a byte at a time is closed ``Limits/idleTimeoutSeconds`` plus
///   ``Limits/requestTimeoutSeconds`` after the answer (a client that sends its next
///   request within the idle timeout, as it must, has the request timeout to finish the
///   line).
///
/// Under pressure — more than ``Limits/pressureThreshold`` connections open — each newly
/// accepted connection pushes out one waiting connection: the idle keep-alive one that has
/// waited longest first, then the longest-waiting connection that never sent a request.
/// Connections reading a request or being answered are never pushed out.
struct ConnectionTable: Sendable {
    /// What one connection is doing.
    enum Phase: Sendable, Equatable {
        case awaitingFirstRequest
        case readingRequest
        case responding
        case idle
    }

    /// The limits the table enforces.
    struct Limits: Sendable, Equatable {
        /// Seconds a request may take from its start (the accept, for a first request; the
        /// request line, for a kept-alive connection's next one) until it is read whole.
        var requestTimeoutSeconds: Double
        /// The global connection cap; above 90 % of it, waiting connections are pushed out.
        var maximumConnections: Int
        /// The keep-alive idle timeout, which bounds a kept-alive connection's wait for its
        /// next request line (with the request timeout); `nil`: not bounded here.
        var idleTimeoutSeconds: Double? = nil

        /// The number of open connections above which a new one pushes out a waiting one.
        var pressureThreshold: Int { max(1, maximumConnections * 9 / 10) }
    }

    /// One open connection.
    struct Entry: Sendable, Equatable {
        /// The connection's socket.
        var socket: Int32
        var phase: Phase
        /// When the current phase began.
        var since: Double
        /// Whether the table has already asked for it to be closed.
        var closing = false
    }

    let limits: Limits
    private(set) var entries: [Int: Entry] = [:]
    /// Entries marked `closing` (kept so that counting open ones costs nothing).
    private var closingCount = 0

    init(limits: Limits) {
        self.limits = limits
    }

    /// Open connections, those already being closed included.
    var count: Int { entries.count }

    /// A connection was accepted. Returns the sockets to close to make room (under pressure).
    mutating func opened(_ id: Int, socket: Int32, at now: Double) -> [Int32] {
        entries[id] = Entry(socket: socket, phase: .awaitingFirstRequest, since: now)
        var evicted: [Int32] = []
        while entries.count - closingCount > limits.pressureThreshold, let victim = longestWaiting(excluding: id) {
            evicted.append(markClosing(victim))
        }
        return evicted
    }

    /// A request line arrived on connection `id`.
    mutating func requestStarted(_ id: Int, at now: Double) {
        guard entries[id] != nil else { return }
        // A first request keeps the deadline of its accept; a kept-alive one starts its own.
        if entries[id]?.phase == .idle {
            entries[id]?.since = now
        }
        entries[id]?.phase = .readingRequest
    }

    /// The request on connection `id` was read whole (its handler runs or an answer is queued).
    mutating func responding(_ id: Int) {
        entries[id]?.phase = .responding
    }

    /// The request on connection `id` ended (answered or aborted); the connection, if kept
    /// alive, waits for the next one.
    mutating func requestCompleted(_ id: Int, at now: Double) {
        guard entries[id] != nil else { return }
        entries[id]?.phase = .idle
        entries[id]?.since = now
    }

    /// Connection `id` was closed.
    mutating func closed(_ id: Int) {
        if entries.removeValue(forKey: id)?.closing == true { closingCount -= 1 }
    }

    /// The sockets of connections whose request is overdue at `now`, marked as closing.
    mutating func overdue(at now: Double) -> [Int32] {
        var late: [Int32] = []
        for (id, entry) in entries where !entry.closing {
            switch entry.phase {
            case .awaitingFirstRequest, .readingRequest:
                if now - entry.since >= limits.requestTimeoutSeconds { late.append(markClosing(id)) }
            case .idle:
                if let idle = limits.idleTimeoutSeconds, now - entry.since >= idle + limits.requestTimeoutSeconds {
                    late.append(markClosing(id))
                }
            case .responding:
                break
            }
        }
        return late
    }

    /// Marks `id` (an open entry) as closing and returns its socket.
    private mutating func markClosing(_ id: Int) -> Int32 {
        entries[id]!.closing = true
        closingCount += 1
        return entries[id]!.socket
    }

    /// The waiting connection to push out first: the longest-idle kept-alive one, else the
    /// longest-waiting one without a request; never `excluded`.
    private func longestWaiting(excluding excluded: Int) -> Int? {
        var best: (id: Int, rank: Int, since: Double)?
        for (id, entry) in entries where id != excluded && !entry.closing {
            let rank: Int
            switch entry.phase {
            case .idle: rank = 0
            case .awaitingFirstRequest: rank = 1
            case .readingRequest, .responding: continue
            }
            if let current = best, (current.rank, current.since) <= (rank, entry.since) { continue }
            best = (id, rank, entry.since)
        }
        return best?.id
    }
}
