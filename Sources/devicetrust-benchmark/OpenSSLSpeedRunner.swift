import Foundation

/// Runs `taskset -c <core> openssl speed -seconds N -elapsed …` and returns its stdout.
struct OpenSSLSpeedRunner {
    /// The core `openssl speed` is pinned to: the same one our own loop runs on.
    let core: Int?
    let seconds: Int

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `openssl version`, e.g. "OpenSSL 3.0.19 27 Jan 2026 (Library: …)".
    func version() throws(Failure) -> String {
        try run(["openssl", "version"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The command line for `algorithmArguments`, as it is run (and printed in the report).
    func commandLine(_ algorithmArguments: [String]) -> [String] {
        let pinning = core.map { ["taskset", "-c", String($0)] } ?? []
        return pinning + ["openssl", "speed", "-seconds", String(seconds), "-elapsed"] + algorithmArguments
    }

    /// Runs `openssl speed` with `algorithmArguments` (e.g. `["ecdsap256"]`).
    func speed(_ algorithmArguments: [String]) throws(Failure) -> String {
        try run(commandLine(algorithmArguments))
    }

    private func run(_ commandLine: [String]) throws(Failure) -> String {
        guard let executable = Self.executableOnPath(commandLine[0]) else {
            throw Failure(description: "'\(commandLine[0])' not found on PATH (run scripts/install-deps.sh)")
        }
        // stderr goes to a file rather than a second pipe, so neither stream can fill up
        // and stall the child while we read the other.
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("devicetrust-benchmark-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
            let errorHandle = try? FileHandle(forWritingTo: errorFile)
        else {
            throw Failure(description: "cannot create \(errorFile.path) for the stderr of \(commandLine[0])")
        }
        defer {
            try? errorHandle.close()
            try? FileManager.default.removeItem(at: errorFile)
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = Array(commandLine.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        // `openssl speed` ends each timed loop with SIGALRM, and a child starts with the signal
        // mask of the thread that spawns it: spawned from a thread that blocks SIGALRM (any
        // Dispatch or Swift-concurrency worker thread, as under `swift test`), it never stops.
        #if canImport(Glibc)
        var alarmSignal = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&alarmSignal)
        sigaddset(&alarmSignal, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarmSignal, &previousMask)
        #endif
        let started = Result { try process.run() }
        #if canImport(Glibc)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        #endif
        if case .failure(let error) = started {
            throw Failure(description: "cannot start \(commandLine.joined(separator: " ")): \(error)")
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            let lastLines = stderr.split(whereSeparator: \.isNewline).suffix(5).joined(separator: "\n    ")
            let ending = process.terminationReason == .exit ? "exited with status" : "was killed by signal"
            throw Failure(
                description: "\(commandLine.joined(separator: " ")) \(ending) \(process.terminationStatus)"
                    + (lastLines.isEmpty ? "" : ":\n    \(lastLines)"))
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    private static func executableOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
