import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program started the way a terminal starts a command: in a process group of its own,
/// with no signal blocked and the termination signals at their default action, so that
/// Ctrl-C (SIGINT to the group) reaches it and everything it started.
///
/// Tests run on worker threads whose blocked-signal mask a plain `posix_spawn` would pass
/// on; the group lets a test stop a shell together with the servers it put in the
/// background.
final class SpawnedGroup: @unchecked Sendable {
    // @unchecked: `exitStatus` is read and written only with `lock` held.
    /// The leader's process id, which is also the group's id.
    let pid: pid_t
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `arguments` (the first one an absolute path) with `environment`, standard input
    /// from /dev/null and standard output and error written to the two files.
    init(_ arguments: [String], environment: [String: String], outputPath: String, errorPath: String) throws {
        var files = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&files)
        defer { posix_spawn_file_actions_destroy(&files) }
        posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&files, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&files, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, arguments[0], &files, &attributes, argv, envp)
        guard result == 0 else {
            throw ReadmeRunFailure("cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// Kills whatever is left of the group, and reaps the leader: a zombie child would keep
    /// Swift Testing's exit-test monitor (which waits for any child) spinning, and the test
    /// process from ending.
    deinit {
        signalGroup(SIGKILL)
        lock.lock()
        defer { lock.unlock() }
        if exitStatus == nil {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        }
    }

    /// Sends `signal` to every process of the group.
    func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// The leader's exit status (128 + the signal when a signal ended it), or `nil` while it runs.
    var status: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if exitStatus == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                exitStatus = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            }
        }
        return exitStatus
    }

    /// Waits up to `seconds` for the leader to end; its status, or `nil` when it still runs.
    func wait(upTo seconds: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let status { return status }
            usleep(20_000)
        }
        return status
    }
}

/// A README run that could not be carried out; says what and why.
struct ReadmeRunFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
