import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid` on its own pid.
///
/// Used instead of Foundation's `Process`, whose exit detection on Linux was seen to miss a
/// child's exit when several children (a server, `pg_ctl`, `psql`) start and end at once,
/// leaving `waitUntilExit()` blocked on a zombie.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `status` is touched only with `lock` held; `pid` never changes.
    /// The child's process id.
    public let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `arguments[0]` (looked up on `PATH`) with the rest as its arguments, standard
    /// input from /dev/null and standard output and error appended to `outputPath`.
    public init(_ arguments: [String], environment: [String: String]? = nil, outputPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let environment = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, nil, argv, envp)
        guard result == 0 else { throw ChildProcessError(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        pid = child
    }

    deinit { kill(SIGKILL) }

    /// Whether the child is still running.
    public var isRunning: Bool { poll() == nil }

    /// Sends `signal` unless the child was already reaped.
    public func kill(_ signal: Int32) {
        guard poll() == nil else { return }
        _ = Glibc.kill(pid, signal)
    }

    /// Waits for the child and returns its exit status (128 + signal when killed).
    @discardableResult
    public func wait() -> Int32 {
        while true {
            if let status = poll() { return status }
            usleep(5_000)
        }
    }

    private func poll() -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        guard result == pid else { return nil }
        let exited = raw & 0x7F == 0
        status = exited ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        return status
    }

    /// Runs a command to its end and returns its output; throws with the output when it fails.
    public static func run(_ arguments: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-run-\(UUID().uuidString).log").path
        defer { unlink(path) }
        let child = try ChildProcess(arguments, outputPath: path)
        let status = child.wait()
        let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard status == 0 else { throw ChildProcessError(description: "\(arguments.joined(separator: " ").prefix(200)) failed (\(status)): \(output)") }
        return output
    }
}

/// A child process that could not start or failed.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What ran and what it printed.
    public let description: String
}
