import Foundation
import RepositoryTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Where README commands run: a fresh temporary work folder, bash, and stand-ins first on
/// `PATH` (`swift` for SwiftPM, `devicetrust` for the built binary, and `sudo` when a run
/// installs one).
///
/// The stand-in `swift` runs the products of the build these tests run from instead of
/// building again: `swift run [-c release] devicetrust …` (and `devicetrust-benchmark`) is
/// that binary, `swift build -c release --product devicetrust` links it at
/// `.build/release/devicetrust` in the work folder; anything else exits 97 naming itself.
///
/// Text the README shows is changed only by the run's declared substitutions (ports, the
/// placeholders); each must apply somewhere, so a README edit cannot silently bypass one.
final class ReadmeShell: @unchecked Sendable {
    // @unchecked: the mutable state is touched only with `lock` held.
    /// The work folder: every command starts here.
    let folder: URL
    private let root: URL
    private let bin: URL
    private let lock = NSLock()
    private var environment: [String: String]
    private var substitutions: [TextSubstitution] = []
    private var usedSubstitutions: Set<String> = []
    private var executedLines: Set<Int> = []
    private var counter = 0

    /// A new work folder named after the run, with the stand-ins.
    init(_ name: String) throws {
        guard let devicetrust = BuiltProducts.devicetrust else {
            throw ReadmeRunFailure("the devicetrust binary is not built next to the tests (swift build --build-tests builds it)")
        }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-readme-\(name)-\(UUID().uuidString)")
        folder = root.appendingPathComponent("work")
        bin = root.appendingPathComponent("bin")
        for directory in [folder, bin] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("devicetrust"), withDestinationURL: devicetrust)
        let benchmark = BuiltProducts.executable(named: "devicetrust-benchmark")?.path ?? "/nonexistent/devicetrust-benchmark"
        try Self.writeExecutable(bin.appendingPathComponent("swift"), Self.swiftStandIn(devicetrust: devicetrust.path, benchmark: benchmark))
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DEVICETRUST_DATABASE_URL")
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        self.environment = environment
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// From now on, `shown` in README text becomes `used`.
    func substitute(_ shown: String, with used: String) {
        lock.withLock { substitutions.append(TextSubstitution(shown: shown, used: used)) }
    }

    /// Sets an environment variable for the commands started from now on.
    func setEnvironment(_ name: String, _ value: String) {
        lock.withLock { environment[name] = value }
    }

    /// Links `name` in the work folder to `target` (a repository file the commands expect there).
    func link(_ name: String, to target: URL) throws {
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: target)
    }

    /// Installs a stand-in `sudo`: `sudo -u postgres COMMAND…` runs COMMAND with the libpq
    /// variables of the superuser `postgres` on `host`:`port`.
    func installSudo(postgresHost host: String, port: Int) throws {
        try Self.writeExecutable(
            bin.appendingPathComponent("sudo"),
            """
            #!/bin/bash
            # Stand-in for sudo (Tests/ReadmeTests): `sudo -u postgres COMMAND...` as the test cluster's superuser.
            if [[ "${1:-}" == "-u" && "${2:-}" == "postgres" && $# -gt 2 ]]; then
                shift 2
                exec env PGHOST=\(host) PGPORT=\(port) PGUSER=postgres PGDATABASE=postgres "$@"
            fi
            echo "sudo stand-in (Tests/ReadmeTests): only 'sudo -u postgres COMMAND...', not 'sudo $*'" >&2
            exit 97

            """)
    }

    /// Records `command` as run: a command that a README command ran itself (the
    /// benchmark runs `openssl speed`), once the run checked that it did.
    func noteExecuted(_ command: ShellCommand) {
        lock.withLock { _ = executedLines.insert(command.line) }
    }

    /// The README lines of the commands run so far.
    var executed: Set<Int> { lock.withLock { executedLines } }

    /// The substitutions that changed nothing so far.
    var unusedSubstitutions: [String] {
        lock.withLock { substitutions.map(\.shown).filter { !usedSubstitutions.contains($0) } }
    }

    /// `text` with the substitutions applied (in one pass: see ``TextSubstitution``).
    func substituted(_ text: String) -> String {
        lock.withLock {
            let result = TextSubstitution.apply(substitutions, to: text)
            usedSubstitutions.formUnion(result.applied)
            return result.text
        }
    }

    /// Runs README commands (in one bash, `set -e` and `pipefail`) and waits at most `seconds`.
    func run(_ commands: [ShellCommand], seconds: TimeInterval = 120) throws -> ShellResult {
        lock.withLock { executedLines.formUnion(commands.map(\.line)) }
        return try runScript(substituted(commands.map(\.text).joined(separator: "\n")), seconds: seconds)
    }

    /// Runs one README command.
    func run(_ command: ShellCommand, seconds: TimeInterval = 120) throws -> ShellResult {
        try run([command], seconds: seconds)
    }

    /// Starts README commands (in one bash) in the background; stop them with
    /// ``Background/interrupt(within:)``.
    func start(_ commands: [ShellCommand]) throws -> Background {
        lock.withLock { executedLines.formUnion(commands.map(\.line)) }
        return try startScript(substituted(commands.map(\.text).joined(separator: "\n")))
    }

    /// Starts one README command in the background.
    func start(_ command: ShellCommand) throws -> Background {
        try start([command])
    }

    /// Runs the test's own `script` (not README text) and waits at most `seconds`;
    /// a script still running then is killed.
    func runScript(_ script: String, seconds: TimeInterval = 120) throws -> ShellResult {
        let background = try startScript(script)
        guard let status = background.group.wait(upTo: seconds) else {
            background.group.signalGroup(SIGKILL)
            throw ReadmeRunFailure("still running after \(Int(seconds)) s: \(script)\noutput: \(background.output)\nerrors: \(background.errors)")
        }
        return ShellResult(status: status, output: background.output, errors: background.errors)
    }

    /// Starts the test's own `script` in the background.
    func startScript(_ script: String) throws -> Background {
        let number = lock.withLock {
            counter += 1
            return counter
        }
        let file = bin.appendingPathComponent("script-\(number)")
        try Data("cd \(Self.quoted(folder.path))\n\(script)\n".utf8).write(to: file)
        let output = bin.appendingPathComponent("script-\(number).out").path
        let errors = bin.appendingPathComponent("script-\(number).err").path
        let group = try SpawnedGroup(
            ["/bin/bash", "-eo", "pipefail", file.path], environment: lock.withLock { environment },
            outputPath: output, errorPath: errors)
        return Background(group: group, outputPath: output, errorPath: errors)
    }

    /// `text` in single quotes for bash.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Writes a stand-in through a descriptor opened with `O_CLOEXEC`. `Data.write` opens
    /// without it, so a process another run spawned meanwhile (a `swift build`, a server)
    /// inherited the write descriptor for its whole life, and bash's exec of the stand-in
    /// failed with "Text file busy" (seen once in a full `swift test`).
    private static func writeExecutable(_ url: URL, _ text: String) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw ReadmeRunFailure("cannot create \(url.path): errno \(errno)") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw ReadmeRunFailure("cannot write \(url.path): errno \(errno)") }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    private static func swiftStandIn(devicetrust: String, benchmark: String) -> String {
        """
        #!/bin/bash
        # Stand-in for SwiftPM (Tests/ReadmeTests): the products of the test build instead of a new build.
        set -euo pipefail
        all="$*"
        if [[ "${1:-}" == run ]]; then
            shift
            if [[ "${1:-}" == -c ]]; then shift 2; fi
            case "${1:-}" in
                devicetrust) shift; exec \(quoted(devicetrust)) "$@" ;;
                devicetrust-benchmark) shift; exec \(quoted(benchmark)) "$@" ;;
            esac
        elif [[ "$all" == "build -c release --product devicetrust" ]]; then
            mkdir -p .build/release
            ln -sfn \(quoted(devicetrust)) .build/release/devicetrust
            exit 0
        fi
        echo "swift stand-in (Tests/ReadmeTests): no stand-in for 'swift $all'" >&2
        exit 97

        """
    }
}

/// What a finished command printed (standard output, standard error) and its exit status.
struct ShellResult: Sendable {
    let status: Int32, output: String, errors: String
}

/// A command running in the background, in a process group of its own.
struct Background: Sendable {
    /// The processes: the shell running the command and what it started.
    let group: SpawnedGroup
    let outputPath: String
    let errorPath: String

    /// Its standard output so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    /// Its standard error so far.
    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for a line of standard output starting with `prefix`; the
    /// line, or `nil` when the command ended or the time ran out first.
    func line(startingWith prefix: String, within seconds: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) { return String(line) }
            if group.status != nil { return nil }
            usleep(50_000)
        }
        return nil
    }

    /// Ctrl-C: SIGINT to the whole group, then its leader's exit status (`nil` if it did not
    /// end within `seconds`, after which the group is killed).
    func interrupt(within seconds: TimeInterval = 20) -> Int32? {
        group.signalGroup(SIGINT)
        let status = group.wait(upTo: seconds)
        if status == nil { group.signalGroup(SIGKILL) }
        return status
    }
}
