import Foundation
import RepositoryTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The built `devicetrust` binary next to the test bundle.
private let executableURL = BuiltProducts.devicetrust

@Suite("The devicetrust executable")
struct ExecutableTests {
    /// A running `devicetrust serve` with its data in `dataDirectory`, and the first line it
    /// printed; killed after `deadline` seconds unless it has exited, so a hung server never
    /// hangs the test run.
    private final class RunningServe {
        let process = Process()
        let firstLine: String
        private let exited = OutcomeTally()

        init(dataDirectory: String, deadline: Double) throws {
            process.executableURL = executableURL
            process.arguments = ["serve", "--port", "0", "--data-dir", dataDirectory]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pid = process.processIdentifier
            let exited = exited
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                if exited.all.isEmpty { kill(pid, SIGKILL) }
            }
            var received = Data()
            while !received.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received.append(chunk)
            }
            firstLine = String(decoding: received, as: UTF8.self)
        }

        /// Sends `signal` and waits for the exit.
        func stop(with signal: Int32) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            exited.record("exited")
        }

        deinit { exited.record("exited") }
    }

    @Test("serve prints only the admin key file line, and stops cleanly on SIGTERM", .enabled(if: executableURL != nil))
    func serveAnnouncesAndStops() throws {
        let directory = try TemporaryDirectory()
        let server = try RunningServe(dataDirectory: directory.path("missing/data"), deadline: 20)
        let keyPath = directory.path("missing/data/admin-api-key")
        #expect(server.firstLine == "admin key file: \(keyPath)\n")
        let key = try String(contentsOfFile: keyPath, encoding: .utf8)
        #expect(!server.firstLine.contains(key))
        server.stop(with: SIGTERM)
        #expect(server.process.terminationStatus == 0)
        #expect(server.process.terminationReason == .exit)
    }

    @Test("every SIGINT (Ctrl-C) and SIGTERM stops serve cleanly, start after start", .enabled(if: executableURL != nil))
    func everySignalStopsServe() throws {
        for round in 0..<8 {
            let directory = try TemporaryDirectory()
            let server = try RunningServe(dataDirectory: directory.path("data"), deadline: 10)
            let signal = round.isMultiple(of: 2) ? SIGINT : SIGTERM
            server.stop(with: signal)
            #expect(
                server.process.terminationReason == .exit && server.process.terminationStatus == 0,
                "round \(round): signal \(signal) did not stop serve cleanly")
        }
    }
}
