/// The targets of issue 4 for the server under load, on the 2-core machine, load
/// generator included, and the table that reports against them.
enum ServerLoadReport {
    /// At least this many approvals (challenge + response) per second.
    static let minimumApprovalsPerSecond = 1_500.0
    /// The 99th percentile of a whole approval at most this many seconds.
    static let maximumP99Seconds = 0.030

    static func approvalsVerdict(_ result: ApprovalLoadResult) -> BenchmarkFigure.Verdict {
        guard result.approvals > 0 else { return .notMeasured }
        return result.approvalsPerSecond >= minimumApprovalsPerSecond ? .pass : .below
    }

    static func p99Verdict(_ result: ApprovalLoadResult) -> BenchmarkFigure.Verdict {
        guard let p99 = result.latencies.p99 else { return .notMeasured }
        return p99 <= maximumP99Seconds ? .pass : .below
    }

    /// The table: approvals/s, p50, p99 and maximum latency, errors, then `openssl speed
    /// ecdsap256` (one core) from the same run.
    static func render(_ result: ApprovalLoadResult, openssl: Result<(signsPerSecond: Double, verifiesPerSecond: Double), MeasurementFailure>) -> String {
        func milliseconds(_ seconds: Double?) -> String { seconds.map { format($0 * 1000, decimals: 1) + " ms" } ?? "-" }
        func rate(_ value: Result<Double, MeasurementFailure>) -> String {
            switch value {
            case .success(let perSecond): format(perSecond, decimals: 0) + " op/s"
            case .failure: "failed"
            }
        }
        let rows: [[String]] = [
            ["approvals/s (challenge + response)", format(result.approvalsPerSecond, decimals: 0) + " /s",
             ">= " + format(minimumApprovalsPerSecond, decimals: 0) + " /s", approvalsVerdict(result).rawValue],
            ["approval latency p50", milliseconds(result.latencies.p50), "none", "-"],
            ["approval latency p99", milliseconds(result.latencies.p99),
             "<= " + format(maximumP99Seconds * 1000, decimals: 0) + " ms", p99Verdict(result).rawValue],
            ["approval latency max", milliseconds(result.latencies.maximum), "none", "-"],
            ["errors", String(result.errors), "none", "-"],
            ["openssl speed ecdsap256 verify/s, 1 core", rate(openssl.map(\.verifiesPerSecond)), "none", "-"],
            ["openssl speed ecdsap256 sign/s, 1 core", rate(openssl.map(\.signsPerSecond)), "none", "-"],
        ]
        return ReportTable.render(header: ["figure", "measured", "target", "result"], rows: rows, rightAligned: [1])
    }
}
