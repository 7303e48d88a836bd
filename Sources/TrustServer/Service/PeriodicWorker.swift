import Foundation
import NamedThreads

/// A round of work repeated on a thread of its own until stopped: the App Attest receipt
/// refresher's rounds and the purge of expired records.
final class PeriodicWorker: @unchecked Sendable {
    // @unchecked: `running` and `stopping` are touched only with `condition` held.
    private let condition = NSCondition()
    private var running = false
    private var stopping = false

    /// Runs `round` at once and then every `interval` seconds on a new thread named
    /// `name` (Linux shows its first 15 bytes), until ``stop()``; does nothing while
    /// already running.
    func start(name: String, every interval: TimeInterval, _ round: @escaping @Sendable () -> Void) {
        let began = condition.withLock {
            guard !running else { return false }
            running = true
            stopping = false
            return true
        }
        guard began else { return }
        NamedThread.start(name) { [self] in
            while !stopped(waiting: 0) {
                round()
                if stopped(waiting: interval) { break }
            }
            condition.withLock {
                running = false
                condition.broadcast()
            }
        }
    }

    /// Asks the rounds to stop and waits for the current one to end.
    func stop() {
        condition.withLock {
            guard running else { return }
            stopping = true
            condition.broadcast()
            while running { condition.wait() }
        }
    }

    /// Waits up to `seconds` for a stop; whether one was asked.
    private func stopped(waiting seconds: TimeInterval) -> Bool {
        condition.withLock {
            if !stopping, seconds > 0 { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
            return stopping
        }
    }
}
