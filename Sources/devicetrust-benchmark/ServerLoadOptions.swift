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

    static let usage = """
        usage: devicetrust-benchmark server [--clients N[,N…]] [--approvals N] [--seconds N]
                                            [--server-threads N] [--database postgres://…] [--help]

        Load-tests the DeviceTrust server in this process: bootstraps it on 127.0.0.1 (any free
        port), enrolls one device per client (software P-256 biometric key), then runs the
        clients concurrently, each looping
        POST /v1/challenges (biometric key, purpose action) → check and sign the payload →
        POST /v1/challenges/{id}/response → expect 200, over keep-alive HTTP/1.1
        connections. Prints one table: approvals/s and the p50/p99 latency of a whole
        approval per configuration, with the CPU time per approval of the servers, the
        clients and PostgreSQL, then one verdict line per target and what limited the run,
        next to `openssl speed ecdsap256` from the same run. The load generator runs on the
        same cores as the servers (and PostgreSQL), as the targets say.

        Configurations, measured for every client count:
          SQLite, 1 node       always (the reference), in a fresh temporary data directory
          PostgreSQL, 1 node   with --database: one server over the PostgreSQL database
          PostgreSQL, 2 nodes  with --database: two servers in this process on two ports,
                               each with its own store (own connection pool) over the same
                               database and its own copy of the data directory; every client
                               sends its challenge to one node and its response to the other
        Each PostgreSQL configuration starts from an empty schema: a new schema
        devicetrust_bench_<pid>_<n> created with psql, used through search_path and dropped
        afterwards (nothing else in the database is touched). Without psql, or without the
        right to create a schema, the URL's own schema is used as it is, with fresh devices
        (the output says which).

        options:
          --clients N[,N…]    concurrent clients, 1 to 256 each; up to 4 counts separated by
                              commas (default 32,128)
          --approvals N       approvals attempted per configuration, 1 to 1000000 (default 3000)
          --seconds N         stop each configuration after N seconds at the latest, 1 to 600
                              (default 60)
          --server-threads N  each server's HTTP handler threads, 1 to 64 (default 4, as
                              `devicetrust serve`)
          --database URL      postgres://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?PARAMS] on this
                              machine (127.0.0.1, localhost, ::1 or a Unix socket); without it,
                              \(databaseVariable), else SQLite only. The password is never printed.
          --help              show this text

        Exit status: 0 when the run completed (BELOW is a finding, not a failure), 1 when a
        configuration could not be measured (a server could not be started, a device could
        not be enrolled, no approval succeeded) or openssl speed failed, 2 for a bad command
        line.
        """

    enum Request: Equatable {
        case run(ServerLoadOptions)
        case showHelp
    }

    typealias UsageError = BenchmarkOptions.UsageError

    /// Parses the arguments after `server`. Options take their value as the next argument or
    /// after `=` (`--clients 8`, `--clients=8`). `environment` supplies
    /// ``databaseVariable`` when `--database` is absent.
    static func parse<Arguments: Collection<String>>(
        _ arguments: Arguments, environment: [String: String] = [:]
    ) throws(UsageError) -> Request {
        var options = ServerLoadOptions()
        var seen: Set<String> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" { return .showHelp }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = Option(rawValue: name) else {
                // Never echo a password: a stray URL is shown redacted.
                throw UsageError(message: "unknown argument '\(printable(name))'")
            }
            guard seen.insert(name).inserted else {
                throw UsageError(message: "\(name) is given more than once")
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError(message: "\(name) needs a value, e.g. \(name) \(option.example)")
            }
            switch option {
            case .clients:
                options.clients = try clientCounts(value)
            case .database:
                options.postgres = try postgres(value, source: .option, environment: environment)
            case .approvals, .seconds, .serverThreads:
                guard let number = Int(value), option.range.contains(number) else {
                    throw UsageError(
                        message: "\(name) takes a whole number from \(option.range.lowerBound) to \(option.range.upperBound), not '\(printable(value))'")
                }
                switch option {
                case .approvals: options.approvals = number
                case .seconds: options.secondsCap = number
                default: options.serverThreads = number
                }
            }
        }
        if options.postgres == nil, let value = environment[databaseVariable], !value.isEmpty {
            options.postgres = try postgres(value, source: .environment, environment: environment)
        }
        return .run(options)
    }

    /// An argument as it may be echoed: a database URL (given in the wrong place) with its
    /// password replaced, anything else with `://` or `@` not at all.
    static func printable(_ argument: String) -> String {
        if let url = try? StoreURL(parsing: argument) { return url.redacted }
        if argument.contains("://") || argument.contains("@") { return "(a URL, not shown)" }
        return argument
    }

    /// `N` or `N,N,…`: distinct counts from 1 to 256, at most ``maximumClientCounts``, in the given order.
    private static func clientCounts(_ value: String) throws(UsageError) -> [Int] {
        let range = Option.clients.range
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        var counts: [Int] = []
        for part in parts {
            guard let number = Int(part), range.contains(number) else {
                throw UsageError(
                    message: "--clients takes whole numbers from \(range.lowerBound) to \(range.upperBound), one or several separated by commas (32,128), not '\(printable(value))'")
            }
            guard !counts.contains(number) else { throw UsageError(message: "--clients names \(number) twice") }
            counts.append(number)
        }
        guard counts.count <= maximumClientCounts else {
            throw UsageError(message: "--clients takes at most \(maximumClientCounts) counts, not \(counts.count)")
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
            throw UsageError(message: "\(origin): \(error.reason)")
        }
        guard url.engine == .postgres else {
            throw UsageError(
                message: "\(origin) takes a postgres:// (or postgresql://) URL; SQLite is always measured, in a temporary data directory")
        }
        let parts = PostgresBenchmarkURL(url)
        if let problem = parts.notOnThisMachine(environment: environment) {
            throw UsageError(message: "\(origin): \(problem)")
        }
        return PostgresChoice(url: url, source: source)
    }

    private enum Option: String {
        case clients = "--clients"
        case approvals = "--approvals"
        case seconds = "--seconds"
        case serverThreads = "--server-threads"
        case database = "--database"

        var range: ClosedRange<Int> {
            switch self {
            case .clients: 1...256
            case .approvals: 1...1_000_000
            case .seconds: 1...600
            case .serverThreads: 1...64
            case .database: 0...0
            }
        }

        var example: String {
            switch self {
            case .clients: "32,128"
            case .approvals: "3000"
            case .seconds: "60"
            case .serverThreads: "4"
            case .database: "postgres://postgres@127.0.0.1:5432/bench"
            }
        }
    }
}
