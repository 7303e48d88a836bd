import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of the server load report: the targets and the verdicts.
@Suite("server load report")
struct ServerLoadReportTests {
    static func result(approvals: Int, seconds: Double, latencies: [Double], errors: Int = 0) -> ApprovalLoadResult {
        ApprovalLoadResult(
            approvals: approvals, errors: errors, seconds: seconds, latencies: LatencyPercentiles(latencies),
            connectionsOpened: 32, errorSamples: [], stoppedByTimeCap: false,
            processCPUSeconds: 0, clientCPUSeconds: 0)
    }

    @Test("targets: at least 1500 approvals/s, p99 at most 30 ms")
    func targets() {
        #expect(ServerLoadReport.minimumApprovalsPerSecond == 1_500)
        #expect(ServerLoadReport.maximumP99Seconds == 0.030)
    }

    @Test("approvals/s is successful approvals over the wall-clock seconds")
    func rate() {
        #expect(Self.result(approvals: 3000, seconds: 2, latencies: [0.01]).approvalsPerSecond == 1500)
        #expect(Self.result(approvals: 0, seconds: 0, latencies: []).approvalsPerSecond == 0)
    }

    @Test("PASS at exactly the targets, BELOW just past them, NOT MEASURED without approvals")
    func verdicts() {
        let atTargets = Self.result(approvals: 3000, seconds: 2, latencies: [0.001, 0.030])
        #expect(ServerLoadReport.approvalsVerdict(atTargets) == .pass)
        #expect(ServerLoadReport.p99Verdict(atTargets) == .pass)
        let past = Self.result(approvals: 2999, seconds: 2, latencies: [0.001, 0.0301])
        #expect(ServerLoadReport.approvalsVerdict(past) == .below)
        #expect(ServerLoadReport.p99Verdict(past) == .below)
        let none = Self.result(approvals: 0, seconds: 1, latencies: [], errors: 5)
        #expect(ServerLoadReport.approvalsVerdict(none) == .notMeasured)
        #expect(ServerLoadReport.p99Verdict(none) == .notMeasured)
    }

    @Test("the table shows the figures, the targets and openssl's verify/s")
    func table() {
        let result = Self.result(approvals: 4000, seconds: 2, latencies: (1...100).map { Double($0) / 1000 }, errors: 3)
        let text = ServerLoadReport.render(result, openssl: .success((signsPerSecond: 37_199, verifiesPerSecond: 12_477)))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("figure"))
        #expect(lines.contains { $0.hasPrefix("approvals/s") && $0.contains("2000 /s") && $0.contains(">= 1500 /s") && $0.hasSuffix("PASS") })
        #expect(lines.contains { $0.hasPrefix("approval latency p50") && $0.contains("50.0 ms") })
        #expect(lines.contains { $0.hasPrefix("approval latency p99") && $0.contains("99.0 ms") && $0.contains("<= 30 ms") && $0.hasSuffix("BELOW") })
        #expect(lines.contains { $0.hasPrefix("errors") && $0.contains(" 3 ") })
        #expect(lines.contains { $0.contains("verify/s") && $0.contains("12477 op/s") })
    }

    @Test("a failed openssl run shows as failed")
    func opensslFailed() {
        struct Boom: Error {}
        let text = ServerLoadReport.render(Self.result(approvals: 1, seconds: 1, latencies: [0.01]), openssl: .failure(MeasurementFailure(Boom())))
        #expect(text.split(separator: "\n").contains { $0.contains("verify/s") && $0.contains("failed") })
    }
}
