/// One row of the report: our rate, OpenSSL's rate for the same operation, and the verdict.
struct BenchmarkFigure {
    let operation: BenchmarkOperation
    /// Operations or bytes per second (see ``BenchmarkOperation/isThroughput``), or why
    /// the figure could not be measured.
    let ours: Result<Double, MeasurementFailure>
    let openssl: Result<Double, MeasurementFailure>

    /// ours ÷ OpenSSL; `nil` when either side is missing.
    var ratio: Double? {
        guard case .success(let ours) = ours, case .success(let theirs) = openssl, theirs > 0 else { return nil }
        return ours / theirs
    }

    enum Verdict: String {
        case pass = "PASS"
        case below = "BELOW"
        case noTarget = "-"
        case notMeasured = "NOT MEASURED"
    }

    var verdict: Verdict {
        guard let ratio else { return .notMeasured }
        guard let target = operation.targetRatio else { return .noTarget }
        return ratio >= target ? .pass : .below
    }
}

/// Why one side of a figure is missing; printed under the table.
struct MeasurementFailure: Error, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        description = String(describing: error)
    }
}
