import Testing

/// How a README command is covered.
enum Coverage: Sendable, Equatable {
    /// A test of this target runs it.
    case run
    /// CI runs it: it is a command line of `.ci/run`.
    case ci
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
    /// The backend's verifier code, built in `Tests/IntegratorPackage/` on the `Attestation`
    /// product and run on a real attestation.
    case attestationLibrary
    /// The protected-file code on an emulated iPhone.
    case protectedFiles
    /// The lock screen's biometric gate on an emulated iPhone.
    case biometricGate
    /// "Operating the server": a JSON-logging server, a key rotation it picks up, its metrics.
    case operations
    /// `devicetrust serve --tls-cert --tls-key` with a certificate made by the block, its
    /// SIGHUP reload, and the nginx example's essentials.
    case tlsServer

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
        case .demo:
            [BlockLocator(section: Self.backendSection, ordinal: 2, language: "sh"), BlockLocator(section: Self.backendSection, ordinal: 3, language: "sh")]
        case .audit: [BlockLocator(section: "A reviewer: the audit", ordinal: 0, language: "sh")]
        case .setUp: [BlockLocator(section: "Set-up", ordinal: 0, language: "sh")]
        case .postgresNodes: [BlockLocator(section: "Several nodes on one PostgreSQL", ordinal: 0, language: "sh")]
        case .protectedFiles: [BlockLocator(section: Self.iosSection, ordinal: 2, language: "swift")]
        case .biometricGate: [BlockLocator(section: Self.iosSection, ordinal: 3, language: "swift")]
        case .pinning:
            [
                BlockLocator(section: Self.pinningSection, ordinal: 0, language: "sh"),
                BlockLocator(section: Self.pinningSection, ordinal: 1, language: "swift"),
            ]
        case .attestationLibrary: [BlockLocator(section: Self.attestationLibrarySection, ordinal: 0, language: "swift")]
        case .operations:
            [
                BlockLocator(section: "Rotating the token-signing key", ordinal: 0, language: "sh"),
                BlockLocator(section: "Metrics in Prometheus format", ordinal: 0, language: "sh"),
                BlockLocator(section: "JSON logs and security events", ordinal: 0, language: "sh"),
            ]
        case .tlsServer: [BlockLocator(section: "TLS", ordinal: 0, language: "sh"), BlockLocator(section: "TLS", ordinal: 1, language: "nginx")]
        }
    }

    /// Command lines shown in the prose (not in a block) that this run covers, with how.
    var inlineCommands: [String: Coverage] {
        switch self {
        case .backend: ["devicetrust serve --help": .run]
        case .setUp: [#"make run ARGS="--port 9090 --data-dir /var/lib/devicetrust""#: .run]
        default: [:]
        }
    }

    /// How `command`, a command of one of this run's blocks or prose, is covered.
    func coverage(of command: String) -> Coverage {
        if let inline = inlineCommands[command] { return inline }
        return switch (self, command) {
        case (.setUp, "make test"): .ci
        default: .run
        }
    }

    static let iosSection = "An iOS team: the libraries in an app"
    static let backendSection = "A backend team: the server"
    static let pinningSection = "Pinning an API host with a backup pin"
    static let attestationLibrarySection = "A backend team: the verifiers in your own server"
}
