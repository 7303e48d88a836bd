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

extension BenchmarkFigure {
    /// The best figure of each side over several rounds of the same operation; a side
    /// that failed in any round is reported as failed.
    static func best(of rounds: [BenchmarkFigure]) -> BenchmarkFigure {
        precondition(!rounds.isEmpty)
        func best(_ results: [Result<Double, MeasurementFailure>]) -> Result<Double, MeasurementFailure> {
            var highest = 0.0
            for result in results {
                switch result {
                case .failure: return result
                case .success(let value): highest = max(highest, value)
                }
            }
            return .success(highest)
        }
        return BenchmarkFigure(operation: rounds[0].operation, ours: best(rounds.map(\.ours)), openssl: best(rounds.map(\.openssl)))
    }
}

/// Why one side of a figure is missing; printed under the table.
struct MeasurementFailure: Error, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        description = String(describing: error)
    }
}
