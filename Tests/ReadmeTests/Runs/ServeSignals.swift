import Testing

/// A known bug these runs found: `devicetrust serve` sometimes ignores SIGINT.
enum ServeSignals {
    /// `TerminationSignals` (Sources/TrustServer) sets SIGINT and SIGTERM to SIG_IGN and relies
    /// on Dispatch signal sources to see them; on Linux, now and then (seen in 2 of 15 starts
    /// on a loaded 2-core machine, and often in these runs) the signal is dropped and the
    /// server keeps serving. "Stop it with Ctrl-C" then needs a second try or SIGKILL.
    static let knownIssue: Comment = "devicetrust serve sometimes ignores SIGINT (TerminationSignals: SIG_IGN plus a Dispatch signal source)"
}
