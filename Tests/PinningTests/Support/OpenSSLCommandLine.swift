import Foundation

/// A scratch directory and the `openssl` command-line tool, to compare pins with the
/// reference pipeline. Each test makes its own, removed when released.
final class OpenSSLCommandLine {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("devicetrust-pinning-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Runs `script` with `/bin/sh -c` in the directory and returns its stdout; throws,
    /// with stderr, unless it exits with status 0.
    @discardableResult
    func shell(_ script: String) throws -> String {
        let stdoutURL = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        let stderrURL = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: stdoutURL.path, contents: nil),
            FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        else {
            throw Failure(description: "could not create output files in \(directory.path)")
        }
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try process.run()
        process.waitUntilExit()
        try stdoutHandle.close()
        try stderrHandle.close()
        let stdout = String(decoding: try read(stdoutURL), as: UTF8.self)
        let stderr = String(decoding: try read(stderrURL), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "`\(script)` exited with status \(process.terminationStatus): \(stderr)")
        }
        return stdout
    }

    func read(_ name: String) throws -> Data {
        try read(directory.appendingPathComponent(name))
    }

    private func read(_ url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
