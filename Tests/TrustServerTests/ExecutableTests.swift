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
    @Test("serve prints only the admin key file line, and stops cleanly on SIGTERM", .enabled(if: executableURL != nil))
    func serveAnnouncesAndStops() throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = executableURL
        process.arguments = ["serve", "--port", "0", "--data-dir", directory.path("missing/data")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Never let a hung server hang the test run.
        let pid = process.processIdentifier
        let exited = OutcomeTally()
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
            if exited.all.isEmpty { kill(pid, SIGKILL) }
        }
        defer { exited.record("exited") }
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        let line = String(decoding: received, as: UTF8.self)
        let keyPath = directory.path("missing/data/admin-api-key")
        #expect(line == "admin key file: \(keyPath)\n")
        let key = try String(contentsOfFile: keyPath, encoding: .utf8)
        #expect(!line.contains(key))
        process.terminate()
        process.waitUntilExit()
        exited.record("exited")
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
    }
}
