import Foundation

/// SQL the stores do not offer (creating and dropping a schema, finding the server's
/// processes), run with `psql` on the benchmark's PostgreSQL URL. The password goes in
/// `PGPASSWORD`, never on the command line; messages never contain it.
struct PSQLClient {
    let executable: URL
    /// The URL without its password.
    let url: String
    private let password: String?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A client for `url`, or `nil` when `psql` is not on PATH.
    init?(url: PostgresBenchmarkURL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let executable = Self.onPath("psql", environment: environment) else { return nil }
        self.executable = executable
        (self.url, self.password) = url.withoutPassword
    }

    /// Runs `sql` (one or more statements) and returns the output rows, fields separated by
    /// `|`. Bounded: 5 s to connect, 30 s per statement, 10 s waiting for a lock.
    func run(_ sql: String) throws(Failure) -> [String] {
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("devicetrust-benchmark-psql-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
            let errorHandle = try? FileHandle(forWritingTo: errorFile)
        else {
            throw Failure(description: "cannot create \(errorFile.path) for psql's stderr")
        }
        defer {
            try? errorHandle.close()
            try? FileManager.default.removeItem(at: errorFile)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql]
        var environment = ProcessInfo.processInfo.environment
        environment["PGCONNECT_TIMEOUT"] = "5"
        environment["PGAPPNAME"] = "devicetrust-benchmark-psql"
        environment["PGOPTIONS"] = "-c statement_timeout=30000 -c lock_timeout=10000"
        if let password { environment["PGPASSWORD"] = password }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(executable.path): \(error)")
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            let line = stderr.split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw Failure(description: line.hasPrefix("psql:") ? scrubbed(line) : "psql: \(scrubbed(line))")
        }
        return String(decoding: stdout, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }

    /// `text` with the password, should psql ever quote it, replaced by `***`.
    private func scrubbed(_ text: String) -> String {
        guard let password, !password.isEmpty else { return text }
        return text.replacingOccurrences(of: password, with: "***")
    }

    static func onPath(_ name: String, environment: [String: String]) -> URL? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// CPU time from Linux's /proc: a process's (`/proc/PID/stat`) and the whole machine's
/// (`/proc/stat`), in seconds.
enum ProcCPU {
    /// Clock ticks per second (`USER_HZ`), the unit of both files.
    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// A process's name and its user + system ticks, from the text of `/proc/PID/stat`
    /// (the name is in parentheses and may itself hold spaces or parentheses).
    static func parseProcessStat(_ text: String) -> (name: String, ticks: UInt64)? {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let name = String(text[text.index(after: open)..<close])
        // After the name: state(3) ppid(4) … utime(14) stime(15), so utime is the 12th field.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        return (name, user + system)
    }

    /// A process's user + system CPU seconds, if it exists and is named `name`.
    static func processSeconds(pid: Int32, named name: String) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let stat = parseProcessStat(text), stat.name == name
        else { return nil }
        return Double(stat.ticks) / ticksPerSecond
    }

    /// Busy, I/O-wait and total ticks of all cores, from the text of `/proc/stat` (its
    /// `cpu` line: user nice system idle iowait irq softirq steal …; idle and iowait are
    /// not busy).
    static func parseMachineStat(_ text: String) -> MachineTicks? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let values = line.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }
        guard values.count >= 5 else { return nil }
        let total = values.reduce(0, +)
        return MachineTicks(busy: total - values[3] - values[4], ioWait: values[4], total: total)
    }

    struct MachineTicks: Equatable {
        let busy: UInt64
        let ioWait: UInt64
        let total: UInt64
    }

    static func machine() -> MachineTicks? {
        (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)).flatMap(parseMachineStat)
    }

    /// The shares of all cores busy and waiting for I/O between two `/proc/stat` readings
    /// (every process counts).
    static func shares(from before: MachineTicks?, to after: MachineTicks?) -> (busy: Double, ioWait: Double)? {
        guard let before, let after, after.total > before.total else { return nil }
        let total = Double(after.total - before.total)
        return (Double(after.busy &- before.busy) / total, Double(after.ioWait &- before.ioWait) / total)
    }
}
