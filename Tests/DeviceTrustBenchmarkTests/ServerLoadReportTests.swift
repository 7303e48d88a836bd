import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of the server load report: the issues' targets, the one table of every
/// configuration, the verdicts and the bottleneck lines.
@Suite("server load report")
struct ServerLoadReportTests {
    static func result(
        approvals: Int, seconds: Double, latencies: [Double], errors: Int = 0, processCPU: Double = 0, clientCPU: Double = 0
    ) -> ApprovalLoadResult {
        ApprovalLoadResult(
            approvals: approvals, errors: errors, seconds: seconds, latencies: LatencyPercentiles(latencies),
            connectionsOpened: 32, errorSamples: [], stoppedByTimeCap: false,
            processCPUSeconds: processCPU, clientCPUSeconds: clientCPU)
    }

    /// A configuration that made `approvals` in one second with `latencies` (ms), and CPU seconds in all.
    static func measurement(
        _ store: LoadConfiguration.Store, nodes: Int = 1, clients: Int = 32, approvals: Int, latenciesMilliseconds: [Double] = [10, 20],
        processCPU: Double = 0, clientCPU: Double = 0, postgresCPU: Double? = nil, busy: Double? = 0.5,
        storeCalls: [StoreCall: StoreCallTotals] = [:]
    ) -> ConfigurationMeasurement {
        let figures = ConfigurationMeasurement.Figures(
            load: result(approvals: approvals, seconds: 1, latencies: latenciesMilliseconds.map { $0 / 1000 }, processCPU: processCPU, clientCPU: clientCPU),
            storeConnections: store == .sqlite ? 1 : 8 * nodes, machineBusy: busy, machineIOWait: busy.map { _ in 0.02 },
            postgresCPU: postgresCPU.map { .success(.init(backendSeconds: $0 * 0.75, writerSeconds: $0 * 0.25, backends: 8)) },
            storeCalls: storeCalls)
        return ConfigurationMeasurement(configuration: LoadConfiguration(store: store, nodes: nodes, clients: clients), outcome: .success(figures))
    }

    static func failed(_ store: LoadConfiguration.Store, nodes: Int = 1, clients: Int = 32) -> ConfigurationMeasurement {
        struct Refused: Error {}
        return ConfigurationMeasurement(
            configuration: LoadConfiguration(store: store, nodes: nodes, clients: clients), outcome: .failure(MeasurementFailure(Refused())))
    }

    @Test("targets: issue 4 (SQLite) 1500/s and p99 30 ms; issue 13 (PostgreSQL) 0.60 × SQLite, 1500/s, p99 50 ms, two nodes lose at most 15 %")
    func targets() {
        #expect(ServerLoadReport.minimumApprovalsPerSecond == 1_500)
        #expect(ServerLoadReport.maximumP99Seconds == 0.030)
        #expect(ServerLoadReport.minimumPostgresShareOfSQLite == 0.60)
        #expect(ServerLoadReport.minimumPostgresApprovalsPerSecond == 1_500)
        #expect(ServerLoadReport.maximumPostgresP99Seconds == 0.050)
        #expect(ServerLoadReport.maximumTwoNodeLoss == 0.15)
        #expect(ServerLoadReport.targetClients == 32)
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

    // MARK: - The table

    static let sixRows = [
        measurement(
            .sqlite, approvals: 2000, processCPU: 1.6, clientCPU: 0.3, busy: 0.91,
            storeCalls: [.device: .init(calls: 4000, seconds: 2), .insertChallenge: .init(calls: 2000, seconds: 3)]),
        measurement(.postgres, approvals: 1200, latenciesMilliseconds: [20, 45], processCPU: 1.2, clientCPU: 0.2, postgresCPU: 0.6, busy: 0.875),
        measurement(.postgres, nodes: 2, approvals: 1020, latenciesMilliseconds: [25, 50.5], processCPU: 1.1, clientCPU: 0.2, postgresCPU: 0.5),
        measurement(.sqlite, clients: 128, approvals: 1900, latenciesMilliseconds: [60, 90], processCPU: 1.5, clientCPU: 0.3),
        failed(.postgres, clients: 128),
        measurement(.postgres, nodes: 2, clients: 128, approvals: 1000, latenciesMilliseconds: [100, 200], processCPU: 1.0, clientCPU: 0.2),
    ]

    static let goldenTable = """
        configuration        clients  approvals/s       p50       p99       max  errors  vs SQLite  vs 1 node  server CPU  client CPU  PG CPU  in store  cores busy
        -----------------------------------------------------------------------------------------------------------------------------------------------------------
        SQLite, 1 node            32      2000 /s   10.0 ms   20.0 ms   20.0 ms       0       1.00          -      650 µs      150 µs       -   2.50 ms        91 %
        PostgreSQL, 1 node        32      1200 /s   20.0 ms   45.0 ms   45.0 ms       0       0.60          -      833 µs      167 µs  500 µs   0.00 ms        88 %
        PostgreSQL, 2 nodes       32      1020 /s   25.0 ms   50.5 ms   50.5 ms       0       0.51       0.85      882 µs      196 µs  490 µs   0.00 ms        50 %
        SQLite, 1 node           128      1900 /s   60.0 ms   90.0 ms   90.0 ms       0       1.00          -      632 µs      158 µs       -   0.00 ms        50 %
        PostgreSQL, 1 node       128       failed         -         -         -       -          -          -           -           -       -         -           -
        PostgreSQL, 2 nodes      128      1000 /s  100.0 ms  200.0 ms  200.0 ms       0       0.53          -      800 µs      200 µs       -   0.00 ms        50 %
        """

    @Test("golden: one row per configuration, ratios to SQLite and to one node at the same client count, a failed row as failed")
    func goldenRows() {
        let rendered = ServerLoadReport.table(Self.sixRows)
        let golden = Self.goldenTable
        #expect(rendered == golden)
        if rendered != golden {
            for (index, (got, want)) in zip(rendered.split(separator: "\n"), golden.split(separator: "\n")).enumerated() {
                #expect(got == want, "line \(index + 1)")
            }
        }
    }

    @Test("the table's columns are ReportTable's: a header, a rule as wide as the rows, two spaces apart")
    func layout() {
        let lines = ServerLoadReport.table(Self.sixRows).split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + Self.sixRows.count)
        #expect(lines[0].hasPrefix("configuration  "))
        #expect(lines[1].allSatisfy { $0 == "-" })
        #expect(lines.dropFirst(2).allSatisfy { $0.count <= lines[1].count })
        #expect(ServerLoadReport.header.count == 14)
    }

    // MARK: - Verdicts

    private func verdict(
        _ measurements: [ConfigurationMeasurement], _ prefix: String, clients: [Int] = [32], postgres: Bool = true
    )
        -> ServerLoadReport.TargetVerdict?
    {
        ServerLoadReport.verdicts(measurements, clientCounts: clients, postgresRequested: postgres).first { $0.target.hasPrefix(prefix) }
    }

    @Test("one verdict line per target, for every client count; the absolute ones at 32 clients")
    func verdictLines() {
        let verdicts = ServerLoadReport.verdicts(Self.sixRows, clientCounts: [32, 128], postgresRequested: true)
        #expect(
            verdicts.map(\.target) == [
                "SQLite, 1 node, 32 clients: >= 1500 approvals/s (issue 4)",
                "SQLite, 1 node, 32 clients: p99 <= 30 ms (issue 4)",
                "PostgreSQL, 1 node, 32 clients: >= 0.60 × SQLite",
                "PostgreSQL, 1 node, 128 clients: >= 0.60 × SQLite",
                "PostgreSQL, 1 node, 32 clients: >= 1500 approvals/s",
                "PostgreSQL, 1 node, 32 clients: p99 <= 50 ms",
                "PostgreSQL, 2 nodes, 32 clients: >= 0.85 × 1 node (loses <= 15 %)",
                "PostgreSQL, 2 nodes, 128 clients: >= 0.85 × 1 node (loses <= 15 %)",
            ])
        #expect(verdicts.map(\.verdict) == [.pass, .pass, .pass, .notMeasured, .below, .pass, .pass, .notMeasured])
        #expect(verdicts[2].measured == "0.60 × (1200 vs 2000 /s, -40 %)")
        #expect(verdicts[3].measured == "failed")
        #expect(verdicts[6].measured == "0.85 × (1020 vs 1200 /s, -15 %)")
        #expect(verdicts[4].measured == "1200 /s")
        #expect(verdicts[5].measured == "45.0 ms")
    }

    @Test("exactly 0.60 × SQLite passes, just under is BELOW", arguments: [(1200, true), (1199, false), (1500, true)])
    func shareOfSQLite(postgres: Int, passes: Bool) {
        let rows = [Self.measurement(.sqlite, approvals: 2000), Self.measurement(.postgres, approvals: postgres)]
        #expect(verdict(rows, "PostgreSQL, 1 node, 32 clients: >= 0.60")?.verdict == (passes ? .pass : .below))
    }

    @Test("two nodes losing exactly 15 % pass, losing more is BELOW, gaining passes", arguments: [(1700, true), (1699, false), (2600, true)])
    func twoNodeLoss(twoNodes: Int, passes: Bool) {
        let rows = [Self.measurement(.postgres, approvals: 2000), Self.measurement(.postgres, nodes: 2, approvals: twoNodes)]
        #expect(verdict(rows, "PostgreSQL, 2 nodes, 32 clients")?.verdict == (passes ? .pass : .below))
    }

    @Test("PostgreSQL at 32 clients: 1500/s and p99 50 ms pass exactly, just past is BELOW")
    func postgresAbsolute() {
        let at = [Self.measurement(.postgres, approvals: 1500, latenciesMilliseconds: [1, 50])]
        #expect(verdict(at, "PostgreSQL, 1 node, 32 clients: >= 1500")?.verdict == .pass)
        #expect(verdict(at, "PostgreSQL, 1 node, 32 clients: p99")?.verdict == .pass)
        let past = [Self.measurement(.postgres, approvals: 1499, latenciesMilliseconds: [1, 50.1])]
        #expect(verdict(past, "PostgreSQL, 1 node, 32 clients: >= 1500")?.verdict == .below)
        #expect(verdict(past, "PostgreSQL, 1 node, 32 clients: p99")?.verdict == .below)
        #expect(verdict(past, "PostgreSQL, 1 node, 32 clients: p99")?.measured == "50.1 ms")
    }

    @Test("without --database the PostgreSQL targets are NOT MEASURED and say why; so are those of a client count not run")
    func notMeasured() {
        let sqliteOnly = [Self.measurement(.sqlite, approvals: 2000)]
        let verdicts = ServerLoadReport.verdicts(sqliteOnly, clientCounts: [32], postgresRequested: false)
        #expect(verdicts.count == 6)
        #expect(verdicts.prefix(2).allSatisfy { $0.verdict == .pass })
        #expect(verdicts.dropFirst(2).allSatisfy { $0.verdict == .notMeasured && $0.measured == "not run: no --database" })
        let only128 = [Self.measurement(.sqlite, clients: 128, approvals: 2000), Self.measurement(.postgres, clients: 128, approvals: 1300)]
        let at128 = ServerLoadReport.verdicts(only128, clientCounts: [128], postgresRequested: true)
        #expect(at128.first?.measured == "not run: no 32-client run")
        #expect(at128.first?.verdict == .notMeasured)
        #expect(at128.first { $0.target == "PostgreSQL, 1 node, 128 clients: >= 0.60 × SQLite" }?.verdict == .pass)
    }

    @Test("the verdict table is a ReportTable with one line per target")
    func verdictTable() {
        let verdicts = ServerLoadReport.verdicts(Self.sixRows, clientCounts: [32, 128], postgresRequested: true)
        let lines = ServerLoadReport.verdictTable(verdicts).split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + verdicts.count)
        #expect(lines[0].hasPrefix("target") && lines[0].hasSuffix("result"))
        #expect(lines[4] == "PostgreSQL, 1 node, 32 clients: >= 0.60 × SQLite                    0.60 × (1200 vs 2000 /s, -40 %)  PASS")
        #expect(lines[6].hasSuffix("BELOW"))
        #expect(lines[5].hasSuffix("NOT MEASURED"))
    }

    // MARK: - Bottleneck

    @Test("the bottleneck line: CPU per approval and the ceiling it allows, store calls, signature share, the limit")
    func bottleneckCPUBound() {
        let sqlite = Self.sixRows[0]
        let line = ServerLoadReport.bottleneck(sqlite, cores: 2, crypto: .init(verifySeconds: 0.00006, signSeconds: 0.00002))
        #expect(
            line.hasPrefix(
                "SQLite, 1 node, 32 clients: CPU per approval 0.80 ms = server 0.65 ms + clients 0.15 ms, so 2 cores allow at most 2500 /s; measured 2000 /s (80 % of that); the cores were 91 % busy (every process) and 2 % waiting for I/O"
            ))
        #expect(
            line.contains(
                "store: 3.0 calls per approval (1.0 writes), a write 1.50 ms and a read 0.50 ms on average (waits included), 5.0 calls in flight on average for 1 serialised connection"
            ))
        #expect(line.contains("signature check + token signature ≈ 80 µs = 12 % of the server's CPU (verification alone 9 %)"))
        #expect(line.hasSuffix("limit: the cores (CPU-bound); store calls queue behind them."))
    }

    @Test("PostgreSQL's CPU joins the sum; busy cores under 85 % with calls queueing for the connections name the connections")
    func bottleneckConnections() {
        let postgres = Self.measurement(
            .postgres, approvals: 1000, processCPU: 0.8, clientCPU: 0.2, postgresCPU: 0.5, busy: 0.6,
            storeCalls: [.consumeChallenge: .init(calls: 1000, seconds: 9), .device: .init(calls: 1000, seconds: 1)])
        let line = ServerLoadReport.bottleneck(postgres, cores: 2, crypto: nil)
        #expect(
            line.contains(
                "CPU per approval 1.30 ms = server 0.60 ms + clients 0.20 ms + PostgreSQL 0.50 ms, so 2 cores allow at most 1538 /s; measured 1000 /s (65 % of that)"
            ))
        #expect(line.contains("10.0 calls in flight on average for 8 pooled connections"))
        #expect(!line.contains("signature"))
        #expect(line.hasSuffix("limit: the store's 8 pooled connections, with calls queueing for them, not the CPU."))
        let idle = Self.measurement(.postgres, approvals: 1000, processCPU: 0.8, busy: 0.6, storeCalls: [.device: .init(calls: 1000, seconds: 1)])
        #expect(ServerLoadReport.bottleneck(idle, cores: 2, crypto: nil).hasSuffix("(latency: round trips and commits)."))
    }

    @Test("a failed configuration has no bottleneck figures")
    func bottleneckFailed() {
        #expect(ServerLoadReport.bottleneck(Self.failed(.postgres), cores: 2, crypto: nil) == "PostgreSQL, 1 node, 32 clients: no approvals measured")
    }
}
