import Foundation

/// How the client retries App Attest calls that fail with
/// ``AppAttestFailureKind/serverUnavailable``: Apple rate-limits attestation, and asks apps
/// to try again later with the same key and client data hash.
public struct AppAttestRetryPolicy: Sendable, Hashable {
    /// Calls in all, the first included (at least 1).
    public var maxAttempts: Int
    /// The wait before the second call; each later wait doubles, up to ``maximumDelay``.
    public var initialDelay: Duration
    /// The longest wait between two calls.
    public var maximumDelay: Duration

    /// Four calls, waiting 1 s, 2 s and 4 s between them.
    public static let `default` = AppAttestRetryPolicy()

    /// A policy from its parts.
    public init(maxAttempts: Int = 4, initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait after failed call number `attempt` (1-based).
    func delay(after attempt: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, attempt) where delay < maximumDelay { delay *= 2 }
        return min(delay, maximumDelay)
    }
}
