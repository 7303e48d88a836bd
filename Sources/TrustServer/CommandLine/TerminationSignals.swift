#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe the signal handler writes to: `write` is async-signal-safe,
/// and the handler (a C function pointer) can reach no context but a global.
nonisolated(unsafe) private var terminationPipeWriteEnd: Int32 = -1

/// Writes the signal's number, as one byte, to the pipe; only async-signal-safe calls.
private let terminationHandler: @convention(c) (Int32) -> Void = { number in
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(terminationPipeWriteEnd, &byte, 1)
}

/// SIGINT and SIGTERM (and SIGHUP, the reload request), caught by a C signal handler that
/// writes the signal's number to a pipe, which ``wait(onHangUp:)`` reads (the self-pipe
/// pattern).
///
/// Not a Dispatch signal source with the action set to ignore, as before: on Linux that
/// depends on which threads block the signal, and `devicetrust serve` now and then ignored
/// a Ctrl-C (2 of 15 starts in one trial). A process-wide handler runs on whichever thread
/// the signal reaches.
///
/// Install before announcing readiness, so a signal sent right after the announcement is
/// never lost. One instance per process.
final class TerminationSignals {
    private let readEnd: Int32

    /// Starts catching SIGINT and SIGTERM.
    init() {
        var ends: [Int32] = [-1, -1]
        let created = pipe(&ends) == 0
        precondition(created, "no pipe for the termination signals (errno \(errno))")
        readEnd = ends[0]
        terminationPipeWriteEnd = ends[1]
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = terminationHandler
            #else
            action.__sigaction_u.__sa_handler = terminationHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        // A parent may have started this process with the signals blocked (Foundation's
        // Process does, from a thread that blocks them): unblocked in this thread, a signal
        // sent to the process reaches this thread's handler at least.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        sigaddset(&unblocked, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Blocks the calling thread until SIGINT or SIGTERM arrives, calling `onHangUp` on it
    /// for each SIGHUP meanwhile; then a second SIGINT or SIGTERM ends the process at once.
    func wait(onHangUp: () -> Void = {}) {
        while true {
            var byte: UInt8 = 0
            let count = read(readEnd, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count == 1, Int32(byte) == SIGHUP {
                onHangUp()
                continue
            }
            break
        }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }
}
