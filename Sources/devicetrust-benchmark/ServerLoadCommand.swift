import Foundation
import MicroHTTP

/// `devicetrust-benchmark server`: the DeviceTrust server under concurrent approvals, in
/// this process, next to `openssl speed ecdsap256` from the same run. Progress goes to
/// stderr, the report to stdout.
enum ServerLoadCommand {
    /// Runs the command and returns its exit status (see ``ServerLoadOptions/usage``).
    static func run(arguments: [String]) -> Int32 {
        let options: ServerLoadOptions
        do {
            switch try ServerLoadOptions.parse(arguments) {
            case .showHelp:
                print(ServerLoadOptions.usage)
                return 0
            case .run(let parsed):
                options = parsed
            }
        } catch {
            printToStandardError("devicetrust-benchmark server: \(error.message)\n\n\(ServerLoadOptions.usage)")
            return 2
        }

        progress("starting the server (\(options.serverThreads) HTTP handler threads) in a temporary data directory")
        let server: InProcessTrustServer
        do {
            server = try InProcessTrustServer(threads: options.serverThreads)
        } catch {
            printToStandardError("devicetrust-benchmark server: \(error)")
            return 1
        }
        defer { server.shutDown() }

        progress("enrolling \(options.clients) devices")
        var devices: [EnrolledDevice] = []
        do {
            let admin = LoopbackHTTPClient(port: server.port)
            for client in 0..<options.clients {
                devices.append(try EnrolledDevice.enroll(accountId: "benchmark-\(client)", over: admin, adminKey: server.adminKey))
            }
        } catch {
            printToStandardError("devicetrust-benchmark server: enrollment failed: \(error)")
            return 1
        }

        progress("running \(options.approvals) approvals from \(options.clients) clients (cap \(options.secondsCap) s)")
        let result: ApprovalLoadResult
        do {
            result = try ApprovalLoadGenerator.run(
                port: server.port, devices: devices, approvals: options.approvals, secondsCap: options.secondsCap)
        } catch {
            printToStandardError("devicetrust-benchmark server: \(error)")
            return 1
        }

        // After the load, so it has the machine to itself, and on one core like the crypto mode.
        progress("openssl speed ecdsap256")
        #if os(Linux)
        let core = try? CorePinning.firstAllowedCore()
        #else
        let core: Int? = nil
        #endif
        let openssl = OpenSSLSpeedRunner(core: core, seconds: 2)
        let opensslFigures = Result { try OpenSSLSpeedOutput.ecdsaP256(openssl.speed(["ecdsap256"])) }.mapError(MeasurementFailure.init)

        printHeader(options: options, server: server, result: result, openssl: openssl)
        print("")
        print(ServerLoadReport.render(result, openssl: opensslFigures))

        if !result.errorSamples.isEmpty {
            print("\nerrors seen (first distinct ones):")
            for sample in result.errorSamples { print("  \(sample)") }
        }
        if case .failure(let failure) = opensslFigures {
            print("\nnot measured: openssl speed ecdsap256: \(failure)")
            return 1
        }
        guard result.approvals > 0 else {
            print("\nno approval succeeded: the run failed.")
            return 1
        }
        let below = [
            ServerLoadReport.approvalsVerdict(result) == .below ? "approvals/s" : nil,
            ServerLoadReport.p99Verdict(result) == .below ? "p99 latency" : nil,
        ].compactMap { $0 }
        print("")
        print(below.isEmpty
            ? "All targets met."
            : "Below target: \(below.joined(separator: ", ")). This is a report; the exit status stays 0.")
        return 0
    }

    private static func printHeader(options: ServerLoadOptions, server: InProcessTrustServer, result: ApprovalLoadResult, openssl: OpenSSLSpeedRunner) {
        #if DEBUG
        let build = "debug (figures are meaningless: use `swift build -c release --product devicetrust-benchmark`)"
        #else
        let build = "release"
        #endif
        let version = (try? openssl.version()) ?? "unknown (`openssl version` failed)"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let stopped = result.stoppedByTimeCap ? " (stopped by the \(options.secondsCap) s cap)" : ""
        print("""
            DeviceTrust benchmark: the server under concurrent approvals, in this process
              build:    \(build)
              machine:  \(cores) cores, shared by the server and the load generator (same process)
              server:   127.0.0.1:\(server.port), \(server.threads) HTTP handler threads behind one libmicrohttpd epoll thread, SQLite in
                        \(server.dataDirectory.path); rate limits raised for the benchmark
              clients:  \(options.clients), each a thread with one keep-alive HTTP/1.1 connection and one
                        enrolled device (software P-256 biometric key)
              approval: POST /v1/challenges (biometric, purpose action) → parse and check the payload →
                        sign → POST /v1/challenges/{id}/response → 200 with a token; latency is that whole
              run:      \(result.approvals + result.errors) approvals attempted in \(format(result.seconds, decimals: 2)) s\(stopped);
                        \(result.connectionsOpened) connection(s) opened for \(options.clients) clients
              cpu:      \(cpuLine(result, cores: cores))
              openssl:  \(version); \(openssl.commandLine(["ecdsap256"]).joined(separator: " ")), after the load
            """)
    }

    /// How busy the cores were, and how the CPU time splits between clients and the rest.
    private static func cpuLine(_ result: ApprovalLoadResult, cores: Int) -> String {
        guard result.seconds > 0 else { return "-" }
        let busy = result.processCPUSeconds / (result.seconds * Double(cores)) * 100
        let attempted = Double(max(result.approvals + result.errors, 1))
        let clientMicroseconds = result.clientCPUSeconds / attempted * 1e6
        let serverMicroseconds = (result.processCPUSeconds - result.clientCPUSeconds) / attempted * 1e6
        return "\(format(busy, decimals: 0)) % of \(cores) cores busy with this process; per approval "
            + "\(format(serverMicroseconds, decimals: 0)) µs server + \(format(clientMicroseconds, decimals: 0)) µs load generator CPU"
    }

    private static func progress(_ step: String) {
        printToStandardError("\(step)…")
    }

    private static func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
