import CommandKit
import TrustStore

/// The command line of `devicetrust-benchmark server`, parsed and validated before anything runs.
struct ServerLoadOptions: Equatable {
    /// The client counts measured, each a configuration of its own (one row per store and
    /// count): concurrent clients, each an enrolled device with its own keep-alive
    /// connection(s) and thread.
    var clients: [Int] = [32, 128]
    /// Approval attempts per configuration (challenge + response pairs), shared by its clients.
    var approvals: Int = 3000
    /// Each configuration stops after this many seconds even if not every approval was attempted.
    var secondsCap: Int = 60
    /// Each server's HTTP handler threads (behind one libmicrohttpd I/O thread).
    var serverThreads: Int = 4
    /// The PostgreSQL server to measure next to SQLite, if any.
    var postgres: PostgresChoice?

    /// A PostgreSQL URL and where it came from (the message of a refusal names the source).
    struct PostgresChoice: Equatable {
        enum Source: Equatable {
            case option
            case environment
        }

        let url: StoreURL
        let source: Source

        /// The URL to print: never the password.
        var redacted: String { url.redacted }
    }

    /// Read when `--database` is absent.
    static let databaseVariable = "DEVICETRUST_BENCH_DATABASE_URL"

    /// The most client counts one run measures.
    static let maximumClientCounts = 4

    /// The options as `devicetrust-benchmark server` declares them.
    static let specs = [
        OptionSpec(
            "--clients", kind: .value("N[,N…]"),
            help: "concurrent clients, 1 to 256 each; up to 4 counts separated by commas (default 32,128)"),
        OptionSpec("--approvals", kind: .value("N"), help: "approvals attempted per configuration, 1 to 1000000 (default 3000)"),
        OptionSpec("--seconds", kind: .value("N"), help: "stop each configuration after N seconds at the latest, 1 to 600 (default 60)"),
        OptionSpec(
            "--server-threads", kind: .value("N"),
            help: "each server's HTTP handler threads, 1 to 64 (default 4, as `devicetrust serve`)"),
        OptionSpec(
            "--database", kind: .value("URL"),
            help: """
                postgres://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?PARAMS] on this machine (127.0.0.1, localhost, \
                ::1 or a Unix socket); without it, \(databaseVariable), else SQLite only. The password is never printed.
                """),
    ]
}

extension ServerLoadOptions {
    /// The options `arguments` give; `environment` supplies ``databaseVariable`` when
    /// `--database` is absent.
    /// - Throws: ``CommandKit/UsageError`` naming the option (or the variable) and what it
    ///   accepts; never a password.
    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        self.init()
        if let value = arguments.value("--clients") { clients = try Self.clientCounts(value) }
        approvals = try arguments.wholeNumber("--approvals", in: 1...1_000_000) ?? approvals
        secondsCap = try arguments.wholeNumber("--seconds", in: 1...600) ?? secondsCap
        serverThreads = try arguments.wholeNumber("--server-threads", in: 1...64) ?? serverThreads
        if let value = arguments.value("--database") {
            postgres = try Self.postgres(value, source: .option, environment: environment)
        } else if let value = environment[Self.databaseVariable], !value.isEmpty {
            postgres = try Self.postgres(value, source: .environment, environment: environment)
        }
    }

    /// `N` or `N,N,…`: distinct counts from 1 to 256, at most ``maximumClientCounts``, in the given order.
    private static func clientCounts(_ value: String) throws(UsageError) -> [Int] {
        let range = 1...256
        var counts: [Int] = []
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = Int(part), range.contains(number) else {
                throw UsageError(
                    "--clients takes whole numbers from \(range.lowerBound) to \(range.upperBound), one or several separated by commas (32,128), not \(UsageError.quoted(value))"
                )
            }
            guard !counts.contains(number) else { throw UsageError("--clients names \(number) twice") }
            counts.append(number)
        }
        guard counts.count <= maximumClientCounts else {
            throw UsageError("--clients takes at most \(maximumClientCounts) counts, not \(counts.count)")
        }
        return counts
    }

    /// A PostgreSQL URL on this machine. No message quotes the value: only its redacted form.
    private static func postgres(
        _ value: String, source: PostgresChoice.Source, environment: [String: String]
    ) throws(UsageError) -> PostgresChoice {
        let origin = source == .option ? "--database" : databaseVariable
        let url: StoreURL
        do {
            url = try StoreURL(parsing: value)
        } catch {
            throw UsageError("\(origin): \(error.reason)")
        }
        guard url.engine == .postgres else {
            throw UsageError("\(origin) takes a postgres:// (or postgresql://) URL; SQLite is always measured, in a temporary data directory")
        }
        if let problem = PostgresBenchmarkURL(url).notOnThisMachine(environment: environment) {
            throw UsageError("\(origin): \(problem)")
        }
        return PostgresChoice(url: url, source: source)
    }
}
