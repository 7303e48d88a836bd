/// The command line of `devicetrust-benchmark server`, parsed and validated before anything runs.
struct ServerLoadOptions: Equatable {
    /// Concurrent clients, each an enrolled device with its own keep-alive connection and thread.
    var clients: Int = 32
    /// Approval attempts in all (challenge + response pairs), shared by the clients.
    var approvals: Int = 3000
    /// The run stops after this many seconds even if not every approval was attempted.
    var secondsCap: Int = 60
    /// The server's HTTP handler threads (behind one libmicrohttpd I/O thread).
    var serverThreads: Int = 4

    static let usage = """
        usage: devicetrust-benchmark server [--clients N] [--approvals N] [--seconds N]
                                            [--server-threads N] [--help]

        Load-tests the DeviceTrust server in this process: bootstraps it in a temporary data
        directory on 127.0.0.1 (any free port), enrolls one device per client (software P-256
        biometric key), then runs the clients concurrently, each looping
        POST /v1/challenges (biometric key, purpose action) → check and sign the payload →
        POST /v1/challenges/{id}/response → expect 200, over one keep-alive HTTP/1.1
        connection per client. Prints approvals/s and the p50/p99 latency of a whole approval
        next to `openssl speed ecdsap256` verify/s from the same run. The load generator runs
        on the same cores as the server, as the target says.

        options:
          --clients N         concurrent clients, 1 to 256 (default 32)
          --approvals N       approvals attempted in all, 1 to 1000000 (default 3000)
          --seconds N         stop after N seconds at the latest, 1 to 600 (default 60)
          --server-threads N  the server's HTTP handler threads, 1 to 64 (default 4, as `devicetrust serve`)
          --help              show this text

        Exit status: 0 when the run completed (BELOW is a finding, not a failure), 1 when the
        server could not be started, a device could not be enrolled, no approval succeeded or
        openssl speed failed, 2 for a bad command line.
        """

    enum Request: Equatable {
        case run(ServerLoadOptions)
        case showHelp
    }

    typealias UsageError = BenchmarkOptions.UsageError

    /// Parses the arguments after `server`. Options take their value as the next argument or
    /// after `=` (`--clients 8`, `--clients=8`).
    static func parse<Arguments: Collection<String>>(_ arguments: Arguments) throws(UsageError) -> Request {
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
                throw UsageError(message: "unknown argument '\(argument)'")
            }
            guard seen.insert(name).inserted else {
                throw UsageError(message: "\(name) is given more than once")
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError(message: "\(name) needs a value, e.g. \(name) \(option.example)")
            }
            guard let number = Int(value), option.range.contains(number) else {
                throw UsageError(
                    message: "\(name) takes a whole number from \(option.range.lowerBound) to \(option.range.upperBound), not '\(value)'")
            }
            switch option {
            case .clients: options.clients = number
            case .approvals: options.approvals = number
            case .seconds: options.secondsCap = number
            case .serverThreads: options.serverThreads = number
            }
        }
        return .run(options)
    }

    private enum Option: String {
        case clients = "--clients"
        case approvals = "--approvals"
        case seconds = "--seconds"
        case serverThreads = "--server-threads"

        var range: ClosedRange<Int> {
            switch self {
            case .clients: 1...256
            case .approvals: 1...1_000_000
            case .seconds: 1...600
            case .serverThreads: 1...64
            }
        }

        var example: String {
            switch self {
            case .clients: "32"
            case .approvals: "3000"
            case .seconds: "60"
            case .serverThreads: "4"
            }
        }
    }
}
