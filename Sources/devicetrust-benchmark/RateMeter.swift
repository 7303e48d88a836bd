/// Runs one operation in a tight loop for a fixed wall-clock time and counts completions,
/// the way `openssl speed -elapsed` does.
enum RateMeter {
    /// How many times `operation` completed, and the wall-clock seconds that took.
    struct Sample {
        let completions: Int
        let seconds: Double

        var perSecond: Double { Double(completions) / seconds }
    }

    /// Warms up for a quarter of a second, then loops for `seconds`.
    static func measure(seconds: Int, _ operation: () throws -> Void) rethrows -> Sample {
        _ = try loop(for: .milliseconds(250), operation)
        return try loop(for: .seconds(seconds), operation)
    }

    private static func loop(for duration: Duration, _ operation: () throws -> Void) rethrows -> Sample {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start.advanced(by: duration)
        var completions = 0
        var now = start
        // Reading the clock costs tens of nanoseconds; every operation here costs microseconds.
        repeat {
            try operation()
            completions += 1
            now = clock.now
        } while now < deadline
        let elapsed = start.duration(to: now).components
        return Sample(completions: completions, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
    }
}

/// Keeps a result alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
