import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, caught without a C signal handler: their default action is switched
/// off and Dispatch signal sources deliver them on a global queue.
///
/// Install before announcing readiness, so a signal sent right after the announcement is
/// never lost.
final class TerminationSignals {
    private let arrived = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    /// Starts catching SIGINT and SIGTERM.
    init() {
        let arrived = arrived
        sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { arrived.signal() }
            source.resume()
            signal(number, SIG_IGN)
            return source
        }
    }

    /// Blocks the calling thread until SIGINT or SIGTERM arrives.
    func wait() {
        arrived.wait()
        for source in sources { source.cancel() }
    }
}
