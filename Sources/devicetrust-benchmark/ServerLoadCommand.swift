import CommandKit
import Foundation
import MicroHTTP
import MicroHTTPTestSupport
import TrustStorePostgres

/// `devicetrust-benchmark server`: the DeviceTrust server under concurrent approvals, in
/// this process, on SQLite and (with `--database`) on PostgreSQL with one and two nodes, at
/// every client count, next to `openssl speed ecdsap256` from the same run. Progress goes
/// to stderr, the report to stdout.
struct ServerLoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "server", abstract: "The DeviceTrust server under concurrent approvals: approvals/s and p50/p99 latency.",
        synopsis: "[--clients N[,N…]] [--approvals N] [--seconds N] [--server-threads N] [--database postgres://…]",
        discussion: """
            Load-tests the DeviceTrust server in this process: bootstraps it on 127.0.0.1 (any free
            port), enrolls one device per client (software P-256 biometric key), then runs the clients
            concurrently, each looping POST /v1/challenges (biometric key, purpose action) → check and
            sign the payload → POST /v1/challenges/{id}/response → expect 200, over keep-alive HTTP/1.1
            connections. Prints one table: approvals/s and the p50/p99 latency of a whole approval per
            configuration, with the CPU time per approval of the servers, the clients and PostgreSQL,
            then one verdict line per target and what limited the run, next to `openssl speed
            ecdsap256` from the same run. The load generator runs on the same cores as the servers (and
            PostgreSQL), as the targets say.

            Configurations, measured for every client count:
              SQLite, 1 node       always (the reference), in a fresh temporary data directory
              PostgreSQL, 1 node   with --database: one server over the PostgreSQL database
              PostgreSQL, 2 nodes  with --database: two servers in this process on two ports,
                                   each with its own store (own connection pool) over the same
                                   database and its own copy of the data directory; every client
                                   sends its challenge to one node and its response to the other
            Each PostgreSQL configuration starts from an empty schema: a new schema
            devicetrust_bench_<pid>_<n> created with psql, used through search_path and dropped
            afterwards (nothing else in the database is touched). Without psql, or without the right to
            create a schema, the URL's own schema is used as it is, with fresh devices (the output says
            which).

            Exit status: 0 when the run completed (BELOW is a finding, not a failure), 1 when a
            configuration could not be measured (a server could not be started, a device could not be
            enrolled, no approval succeeded) or openssl speed failed, 2 for a bad command line.
            """,
        options: ServerLoadOptions.specs)

    /// What to measure.
    let options: ServerLoadOptions

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        options = try ServerLoadOptions(arguments: arguments, environment: environment)
    }

    /// Measures every configuration, prints the report and returns the exit status.
    func run(_ context: CommandContext) -> Int32 {
        let postgres = options.postgres.map(PostgresBenchmarkDatabase.init)
        var configurations: [LoadConfiguration] = []
        for clients in options.clients {
            configurations.append(LoadConfiguration(store: .sqlite, nodes: 1, clients: clients))
            if postgres != nil {
                configurations.append(LoadConfiguration(store: .postgres, nodes: 1, clients: clients))
                configurations.append(LoadConfiguration(store: .postgres, nodes: 2, clients: clients))
            }
        }
        var measurements: [ConfigurationMeasurement] = []
        var notes: [String] = []
        for (index, configuration) in configurations.enumerated() {
            Self.progress("\(configuration.title), \(configuration.clients) clients (\(index + 1) of \(configurations.count))")
            let (measurement, note) = Self.measure(configuration, index: index, options: options, postgres: postgres)
            measurements.append(measurement)
            if let note { notes.append(note) }
            if case .failure(let failure) = measurement.outcome { Self.progress("  failed: \(failure)") }
        }

        // After the load, so they have the machine to themselves.
        Self.progress("DeviceTrustCrypto P-256 sign and verify in this process")
        let crypto = (try? P256Workloads.signAndVerify(seconds: 1)).map {
            ServerLoadReport.CryptoCost(verifySeconds: 1 / $0.verifiesPerSecond, signSeconds: 1 / $0.signsPerSecond)
        }
        // On one core like the crypto mode.
        Self.progress("openssl speed ecdsap256")
        #if os(Linux)
        let core = try? CorePinning.firstAllowedCore()
        #else
        let core: Int? = nil
        #endif
        let openssl = OpenSSLSpeedRunner(core: core, seconds: 2)
        let opensslFigures = Result { try OpenSSLSpeedOutput.ecdsaP256(openssl.speed(["ecdsap256"])) }.mapError(MeasurementFailure.init)

        let cores = ProcessInfo.processInfo.activeProcessorCount
        Self.printHeader(options: options, postgres: postgres, openssl: openssl)
        print("")
        print(ServerLoadReport.table(measurements))
        print("")
        print(ServerLoadReport.legend)
        print(Self.footnote(options: options, postgres: postgres, measurements: measurements, crypto: crypto, openssl: opensslFigures))
        print("")
        print(
            ServerLoadReport.verdictTable(
                ServerLoadReport.verdicts(measurements, clientCounts: options.clients, postgresRequested: postgres != nil)))
        print("")
        print("What limited each run (figures from the table):")
        for measurement in measurements {
            print("  " + ServerLoadReport.bottleneck(measurement, cores: cores, crypto: crypto))
        }

        var failed = false
        for measurement in measurements {
            let name = "\(measurement.configuration.title), \(measurement.configuration.clients) clients"
            switch measurement.outcome {
            case .failure(let failure):
                print("\nnot measured: \(name): \(failure)")
                failed = true
            case .success(let figures):
                if figures.load.approvals == 0 {
                    print("\nno approval succeeded: \(name)")
                    failed = true
                }
                if !figures.load.errorSamples.isEmpty {
                    print("\nerrors seen, \(name) (first distinct ones):")
                    for sample in figures.load.errorSamples { print("  \(sample)") }
                }
            }
        }
        for note in notes { print("\n\(note)") }
        if case .failure(let failure) = opensslFigures {
            print("\nnot measured: openssl speed ecdsap256: \(failure)")
            failed = true
        }
        if failed { return 1 }
        let below = ServerLoadReport.verdicts(measurements, clientCounts: options.clients, postgresRequested: postgres != nil)
            .filter { $0.verdict == .below }
        print("")
        print(
            below.isEmpty
                ? "All measured targets met."
                : "Below target: \(below.count) of the targets above. This is a report; the exit status stays 0.")
        return 0
    }

    /// PostgresTrustStore's default pool for durable calls and reads, which
    /// TrustStoreEngines.open uses, per node (its second pool, for the writes allowed to skip
    /// the flush, has half as many).
    static var postgresPoolSize: Int { PostgresTrustStore.Options().poolSize }

    /// What one sampling around the run reads.
    private struct Sample {
        let postgres: Result<PostgresBenchmarkDatabase.CPUSnapshot, MeasurementFailure>?
        let store: [StoreCall: StoreCallTotals]
        let machine: ProcCPU.MachineTicks?
    }

    /// Starts the configuration's nodes, enrolls its devices, runs the load and stops
    /// everything again; the note, if any, is for the report (a schema left behind).
    private static func measure(
        _ configuration: LoadConfiguration, index: Int, options: ServerLoadOptions, postgres: PostgresBenchmarkDatabase?
    ) -> (ConfigurationMeasurement, String?) {
        let recorder = StoreCallRecorder()
        let postgres = configuration.store == .postgres ? postgres : nil
        var database: PostgresBenchmarkDatabase.Configuration?
        var nodes: [InProcessTrustServer] = []
        let outcome = Result { () throws -> ConfigurationMeasurement.Figures in
            database = try postgres?.prepare(configuration: index)
            for _ in 0..<configuration.nodes {
                nodes.append(
                    try InProcessTrustServer(
                        threads: options.serverThreads, databaseURL: database?.storeURL, secretsFrom: nodes.first, recorder: recorder))
            }
            var devices: [EnrolledDevice] = []
            let admin = LoopbackHTTPClient(port: nodes[0].port)
            for client in 0..<configuration.clients {
                do {
                    devices.append(
                        try EnrolledDevice.enroll(
                            accountId: "benchmark-\(getpid())-\(index)-\(client)", over: admin, adminKey: nodes[0].adminKey))
                } catch {
                    throw InProcessTrustServer.Failure(description: "enrollment failed: \(error)")
                }
            }
            admin.close()
            let (load, before, after) = try ApprovalLoadGenerator.run(
                ports: nodes.map(\.port), devices: devices, approvals: options.approvals, secondsCap: options.secondsCap,
                sample: { beforeRun -> Sample in
                    // The slow reading (psql, tens of milliseconds) farthest from the timed span,
                    // the machine's counters nearest to it.
                    let machineAfter = beforeRun ? nil : ProcCPU.machine()
                    let store = recorder.snapshot
                    var cpu: Result<PostgresBenchmarkDatabase.CPUSnapshot, MeasurementFailure>?
                    if let postgres, let database {
                        cpu = Result { try postgres.cpuSnapshot(applicationName: database.applicationName) }.mapError(MeasurementFailure.init)
                    }
                    return Sample(postgres: cpu, store: store, machine: beforeRun ? ProcCPU.machine() : machineAfter)
                })
            var postgresCPU: Result<PostgresBenchmarkDatabase.CPUUsage, MeasurementFailure>?
            if let cpuBefore = before.postgres, let cpuAfter = after.postgres {
                postgresCPU = cpuBefore.flatMap { first in cpuAfter.map { last in PostgresBenchmarkDatabase.usage(from: first, to: last) } }
            }
            let machine = ProcCPU.shares(from: before.machine, to: after.machine)
            return ConfigurationMeasurement.Figures(
                load: load, storeConnections: configuration.store == .sqlite ? 1 : configuration.nodes * postgresPoolSize,
                machineBusy: machine?.busy, machineIOWait: machine?.ioWait, postgresCPU: postgresCPU,
                storeCalls: StoreCallTotals.since(before.store, after.store))
        }
        .mapError(MeasurementFailure.init)
        for node in nodes.reversed() { node.shutDown() }
        let note = database.flatMap { postgres?.finish($0) }
        return (ConfigurationMeasurement(configuration: configuration, outcome: outcome), note)
    }

    private static func printHeader(options: ServerLoadOptions, postgres: PostgresBenchmarkDatabase?, openssl: OpenSSLSpeedRunner) {
        #if DEBUG
        let build = "debug (figures are meaningless: use `swift build -c release --product devicetrust-benchmark`)"
        #else
        let build = "release"
        #endif
        let version = (try? openssl.version()) ?? "unknown (`openssl version` failed)"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let clients = options.clients.map(String.init).joined(separator: ", ")
        var lines = [
            "DeviceTrust benchmark: the server under concurrent approvals, in this process",
            "  build:     \(build)",
            "  machine:   \(cores) cores, shared by the servers, the load generator (same process)\(postgres == nil ? "" : " and PostgreSQL")",
            "  servers:   127.0.0.1, any free port; each \(options.serverThreads) HTTP handler threads kept (more, up to \(HTTPServer.maximumHandlerThreads(keeping: options.serverThreads)), while",
            "             requests wait) behind one libmicrohttpd epoll thread; rate limits raised for the benchmark",
            "  SQLite:    1 node, a fresh temporary data directory per configuration (always measured: the reference)",
        ]
        if let postgres {
            let schema: String
            switch postgres.mode {
            case .freshSchemas?:
                schema = "each configuration in a new empty schema devicetrust_bench_\(getpid())_<n> (psql, search_path), dropped after it"
            case .shared(let reason)?:
                schema = "the URL's own schema, NOT emptied (\(reason)): earlier tables and rows stay; fresh devices per configuration"
            case nil:
                schema = "no schema prepared (see the failures below)"
            }
            lines += [
                "  PostgreSQL: \(postgres.redacted)",
                "             \(schema)",
            ]
        }
        lines += [
            "  clients:   \(clients); each a thread with one keep-alive HTTP/1.1 connection per node it talks to and one",
            "             enrolled device (software P-256 biometric key)",
            "  approval:  POST /v1/challenges (biometric, purpose action) → parse and check the payload → sign →",
            "             POST /v1/challenges/{id}/response → 200 with a token; latency is that whole",
            "  run:       per configuration \(options.approvals) approvals at most (cap \(options.secondsCap) s), after one unmeasured",
            "             warm-up approval per client",
            "  openssl:   \(version); \(openssl.commandLine(["ecdsap256"]).joined(separator: " ")), after the load",
        ]
        print(lines.joined(separator: "\n"))
    }

    /// The footnote under the table: how the stores commit, what two nodes are, and the
    /// crypto rates the bottleneck lines use.
    private static func footnote(
        options: ServerLoadOptions, postgres: PostgresBenchmarkDatabase?, measurements: [ConfigurationMeasurement],
        crypto: ServerLoadReport.CryptoCost?, openssl: Result<(signsPerSecond: Double, verifiesPerSecond: Double), MeasurementFailure>
    ) -> String {
        var lines = [
            "SQLite commits under its lock and fdatasyncs the WAL after it (group commit); issued challenges and",
            "last-used times are not fsync'd (SQLiteTrustStore, Durability).",
        ]
        if postgres != nil {
            lines += [
                "PostgreSQL: the durable writes (consumptions, PIN counts, enrollments) commit with synchronous_commit = on; issued challenges and last-used times on connections with it off (PostgresTrustStore, Durability);",
                "a pool of up to \(postgresPoolSize) connections per node, plus \(postgresPoolSize) for the writes allowed to skip the flush (PostgresTrustStore's default, as `devicetrust serve`).",
                "2 nodes: two DeviceTrustServer instances in this process (not two processes), on two ports, each with its",
                "own store and connection pool over the same PostgreSQL schema and its own copy of the data directory",
                "(signing key, pepper, admin key); client i sends its challenges to node i mod 2 and its responses to the",
                "other node, so every approval crosses nodes.",
            ]
        }
        let connections = measurements.compactMap { measurement in
            measurement.figures.map { "\($0.load.connectionsOpened) for \(measurement.configuration.clients) clients" }
        }
        if !connections.isEmpty {
            lines.append("connections opened by the clients per configuration: \(connections.joined(separator: "; ")).")
        }
        let stopped = measurements.filter { $0.figures?.load.stoppedByTimeCap == true }
        if !stopped.isEmpty {
            lines.append(
                "stopped by the \(options.secondsCap) s cap: "
                    + stopped.map { "\($0.configuration.title), \($0.configuration.clients) clients" }.joined(separator: "; ") + ".")
        }
        var rates: [String] = []
        if let crypto {
            rates.append(
                "DeviceTrustCrypto in this process \(format(1 / crypto.verifySeconds, decimals: 0)) verify/s, "
                    + "\(format(1 / crypto.signSeconds, decimals: 0)) sign/s")
        }
        switch openssl {
        case .success(let figures):
            rates.append(
                "openssl speed ecdsap256 (1 core) \(format(figures.verifiesPerSecond, decimals: 0)) verify/s, "
                    + "\(format(figures.signsPerSecond, decimals: 0)) sign/s")
        case .failure:
            rates.append("openssl speed ecdsap256 failed")
        }
        lines.append("P-256 after the load: " + rates.joined(separator: "; ") + ".")
        return lines.joined(separator: "\n")
    }

    private static func progress(_ step: String) {
        printToStandardError("\(step)…")
    }

    private static func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
