import Testing

/// How a README command is covered.
enum Coverage: Sendable, Equatable {
    /// A test of this target runs it.
    case run
    /// CI runs it: it is a command line of `.ci/run`.
    case ci
    /// Nothing runs it, for the reason given; the run still checks what it can (`make -n`).
    case notRun(String)
}

/// The runs of this target: each one runs (or compiles) some README blocks, and says how
/// every command of them is covered. Every fenced block of the README belongs to exactly
/// one run (``ReadmeCoverageTests`` checks it), and ``ReadmeRunTests`` runs every case.
enum ReadmeRun: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The app's `Package.swift`, built with the README's Swift files as its sources.
    case appPackage
    /// `devicetrust serve`, the backend's requests, and the app's quick-start function
    /// against that server.
    case backend
    /// `devicetrust demo`.
    case demo
    /// The reviewer's `devicetrust audit` commands.
    case audit
    /// The two set-up commands.
    case setUp
    /// Three `devicetrust serve` nodes on the tests' PostgreSQL.
    case postgresNodes
    /// The `devicetrust pin` commands against a local TLS server, and the policy code.
    case pinning
    /// Contributing: `make` and the developer commands, and running one test.
    case contributing

    var testDescription: String { rawValue }

    /// The blocks this run covers.
    var blocks: [BlockLocator] {
        switch self {
        case .appPackage: [BlockLocator(section: Self.iosSection, ordinal: 0, language: "swift")]
        case .backend:
            [
                BlockLocator(section: Self.iosSection, ordinal: 1, language: "swift"),
                BlockLocator(section: Self.backendSection, ordinal: 0, language: "sh"),
                BlockLocator(section: Self.backendSection, ordinal: 1, language: "sh"),
            ]
        case .demo: [BlockLocator(section: Self.backendSection, ordinal: 2, language: "sh")]
        case .audit: [BlockLocator(section: "A reviewer: the audit", ordinal: 0, language: "sh")]
        case .setUp: [BlockLocator(section: "Set-up", ordinal: 0, language: "sh")]
        case .postgresNodes: [BlockLocator(section: "Several nodes on one PostgreSQL", ordinal: 0, language: "sh")]
        case .pinning:
            [
                BlockLocator(section: Self.pinningSection, ordinal: 0, language: "sh"),
                BlockLocator(section: Self.pinningSection, ordinal: 1, language: "swift"),
            ]
        case .contributing:
            [
                BlockLocator(section: "Contributing", ordinal: 0, language: "sh"),
                BlockLocator(section: "Contributing", ordinal: 1, language: "sh"),
            ]
        }
    }

    /// Command lines shown in the prose (not in a block) that this run covers, with how.
    var inlineCommands: [String: Coverage] {
        switch self {
        case .backend: ["devicetrust serve --help": .run]
        case .setUp: [#"make run ARGS="--port 9090 --data-dir /var/lib/devicetrust""#: .run]
        case .contributing:
            [
                "make test FILTER=ClusterTests": .notRun(Self.testInsideTheTests),
                "make format": .notRun("it rewrites the repository's Swift files in place; `make test` runs `make format-check`"),
                "make format-check": .ci,
                // "Adding an audit rule" (under "Code organisation").
                "swift test --filter AuditorTests": .notRun(Self.testInsideTheTests),
                "make bench ARGS='--rounds 5'": .notRun(Self.longBenchmark),
                "openssl speed": .run,  // what `make bench ARGS=--quick` runs next to ours
            ]
        default: [:]
        }
    }

    /// How `command`, a command of one of this run's blocks or prose, is covered.
    func coverage(of command: String) -> Coverage {
        if let inline = inlineCommands[command] { return inline }
        return switch (self, command) {
        case (.setUp, "make test"): .ci
        case (.contributing, "make"), (.contributing, "make bench ARGS=--quick"): .run
        case (.contributing, "make valgrind"):
            .notRun("it takes the build lock of .build/checked, which the running tests hold, and runs for minutes under valgrind")
        case (.contributing, "make bench"), (.contributing, "make bench ARGS=server"), (.contributing, "make bench ARGS=attestation"):
            .notRun(Self.longBenchmark)
        case (.contributing, "make bench-audit"):
            .notRun("it installs mobsfscan from PyPI and times both tools for minutes")
        case (.contributing, "make fuzz"):
            .notRun("it builds every harness with the fuzzer and address sanitizers and runs each for 600 s")
        case (.contributing, "make clean"):
            .notRun("it deletes .build/checked, the build these tests run from")
        case (.contributing, _) where command.hasPrefix("make test ") || command.hasPrefix("swift test "):
            .notRun(Self.testInsideTheTests)
        default: .run
        }
    }

    static let longBenchmark = "a benchmark of minutes, meaningful on a quiet machine only; `make bench ARGS=--quick`, the same path, runs"
    static let testInsideTheTests = "it would build and run the test suite from inside the test suite; CI runs `make test`"
    static let iosSection = "An iOS team: the libraries in an app"
    static let backendSection = "A backend team: the server"
    static let pinningSection = "Pinning an API host with a backup pin"
}
