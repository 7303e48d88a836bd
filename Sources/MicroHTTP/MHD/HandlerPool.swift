import Foundation
import NamedThreads

/// The threads that run request handlers, in arrival order (FIFO) whichever connection the
/// requests came on.
///
/// libmicrohttpd's own thread pool pins each connection to one thread, so a thread that
/// happens to hold many kept-alive connections serves each of them that many times more
/// slowly; one queue for all connections serves them in turn. The polling thread
/// suspends a connection, hands its request here, and the job resumes it when the
/// response is ready (see `mhdAccessHandler`).
///
/// `threads` threads always wait for work. A handler may also wait for the disk (a durable
/// commit's fsync) or the database with no CPU in use, so while more jobs wait than threads
/// are idle, further threads are started, up to ``maximumThreads``; each of those ends
/// after ``extraThreadIdleSeconds`` without work.
///
/// The limit is small on purpose: when the cores are busy, jobs wait whatever the number
/// of threads, and each thread more only adds contention on the store and context
/// switches. Measured with `devicetrust-benchmark server` (32 clients, SQLite, 2 cores,
/// 3 alternated runs each): with a limit of 64 the pool held about 40 threads, p99 was
/// 18.6-30.4 ms and the server's CPU per approval 3.9-4.0 times the clients'; with 16,
/// p99 was 20.0-20.4 ms and the CPU 3.4-3.7 times the clients' (about 10 % less), for
/// the same throughput. 16 also covers PostgreSQL's default pool of 16 connections.
final class HandlerPool: @unchecked Sendable {
    // @unchecked: every `var` is only touched with `condition` locked.
    typealias Job = @Sendable () -> Void

    /// The most threads at once, the `threads` kept included.
    let maximumThreads: Int
    /// How long a thread started beyond `threads` waits for work before it ends.
    static let extraThreadIdleSeconds: TimeInterval = 2

    private let condition = NSCondition()
    private var jobs: [Job] = []
    /// The index of the next job to run in `jobs` (taken jobs before it are dropped lazily).
    private var head = 0
    private var accepting = true
    private var threadsAlive = 0
    /// Threads waiting for a job.
    private var idleThreads = 0

    /// The most threads a pool that keeps `threads` may run: `max(threads, 16)`.
    static func maximumThreads(keeping threads: Int) -> Int { max(max(1, threads), 16) }

    /// Starts `threads` threads (at least 1) waiting for jobs; up to
    /// ``maximumThreads(keeping:)`` may run.
    init(threads: Int) {
        let count = max(1, threads)
        maximumThreads = Self.maximumThreads(keeping: count)
        condition.lock()
        for _ in 0..<count { startThread(kept: true) }
        condition.unlock()
    }

    /// Queues `job` behind the jobs already waiting, first calling `whenAccepted` (under the
    /// queue's lock, so before any thread can start the job). Returns `false`, calling
    /// nothing, once ``stop()`` has begun.
    func submit(_ job: @escaping Job, whenAccepted: () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard accepting else { return false }
        whenAccepted()
        jobs.append(job)
        if jobs.count - head > idleThreads, threadsAlive < maximumThreads {
            startThread(kept: false)
        } else {
            condition.signal()
        }
        return true
    }

    /// Refuses new jobs, lets the threads finish every queued one, and returns when all
    /// threads have ended. Idempotent.
    func stop() {
        condition.lock()
        accepting = false
        condition.broadcast()
        while threadsAlive > 0 { condition.wait() }
        condition.unlock()
    }

    /// Call with `condition` locked.
    private func startThread(kept: Bool) {
        threadsAlive += 1
        NamedThread.start("dt-http-handler") { [self] in work(kept: kept) }
    }

    private func work(kept: Bool) {
        condition.lock()
        while true {
            if head < jobs.count {
                let job = jobs[head]
                head += 1
                if head == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 1024 {
                    jobs.removeFirst(head)
                    head = 0
                }
                condition.unlock()
                job()
                condition.lock()
            } else if !accepting {
                break
            } else {
                idleThreads += 1
                let signalled =
                    kept
                    ? {
                        condition.wait(); return true
                    }()
                    : condition.wait(until: Date(timeIntervalSinceNow: Self.extraThreadIdleSeconds))
                idleThreads -= 1
                if !signalled, head == jobs.count { break }
            }
        }
        threadsAlive -= 1
        condition.broadcast()
        condition.unlock()
    }
}
