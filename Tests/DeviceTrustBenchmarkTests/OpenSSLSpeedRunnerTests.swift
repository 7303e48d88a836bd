import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of `OpenSSLSpeedRunner`: the command line it runs, and that it hands the
/// parser stdout only, keeping stderr for the failure message.
@Suite("openssl speed runner")
struct OpenSSLSpeedRunnerTests {
    static let opensslIsOnPath = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/openssl") }

    @Test("pinned: taskset -c <core> openssl speed -seconds N -elapsed <algorithm arguments>")
    func pinnedCommandLine() {
        let runner = OpenSSLSpeedRunner(core: 3, seconds: 2)
        #expect(
            runner.commandLine(["-evp", "aes-256-gcm", "-bytes", "16384"])
                == ["taskset", "-c", "3", "openssl", "speed", "-seconds", "2", "-elapsed", "-evp", "aes-256-gcm", "-bytes", "16384"])
    }

    @Test("not pinned: openssl speed -seconds N -elapsed <algorithm arguments>")
    func unpinnedCommandLine() {
        #expect(
            OpenSSLSpeedRunner(core: nil, seconds: 1).commandLine(["ecdsap256"])
                == ["openssl", "speed", "-seconds", "1", "-elapsed", "ecdsap256"])
    }

    /// `openssl speed` stops on SIGALRM and inherits the spawning thread's signal mask;
    /// worker threads block SIGALRM, and this test blocks it on its own thread explicitly,
    /// so a runner that did not unblock it for the child would hang here.
    @Test(
        "live: a one-second ecdhp256 run, started from a thread that blocks SIGALRM, ends and returns stdout only, which parses",
        .enabled(if: opensslIsOnPath, "openssl is not on PATH"))
    func liveRunReturnsParsableStdout() throws {
        var alarmSignal = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&alarmSignal)
        sigaddset(&alarmSignal, SIGALRM)
        pthread_sigmask(SIG_BLOCK, &alarmSignal, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        let clock = ContinuousClock()
        let start = clock.now
        let output = try OpenSSLSpeedRunner(core: nil, seconds: 1).speed(["ecdhp256"])
        #expect(start.duration(to: clock.now) < .seconds(30))
        #expect(!output.contains("Doing"), "stderr progress lines leaked into the output")
        #expect(!output.contains("You have chosen to measure elapsed time"))
        #expect(try OpenSSLSpeedOutput.ecdhP256(output) > 0)
    }

    @Test(
        "live: an algorithm openssl does not know fails with the exit status and openssl's stderr",
        .enabled(if: opensslIsOnPath, "openssl is not on PATH"))
    func liveFailureQuotesStderr() {
        let failure = #expect(throws: OpenSSLSpeedRunner.Failure.self) {
            try OpenSSLSpeedRunner(core: nil, seconds: 1).speed(["no-such-algorithm"])
        }
        #expect(
            failure?.description
                == "openssl speed -seconds 1 -elapsed no-such-algorithm exited with status 1:\n    speed: Unknown algorithm no-such-algorithm")
    }

    @Test("live: openssl version is one trimmed line", .enabled(if: opensslIsOnPath, "openssl is not on PATH"))
    func liveVersion() throws {
        let version = try OpenSSLSpeedRunner(core: nil, seconds: 1).version()
        #expect(version.hasPrefix("OpenSSL "))
        #expect(!version.contains("\n") && version.last != " ")
    }
}
