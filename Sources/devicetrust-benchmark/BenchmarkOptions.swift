/// The command line of `devicetrust-benchmark`, parsed and validated before anything runs.
struct BenchmarkOptions: Equatable {
    /// Seconds per measurement, for our loop and for `openssl speed -seconds` alike.
    var secondsPerMeasurement: Int = 2
    /// How many times every pair of measurements is repeated; the best of each side is
    /// reported, which filters out moments when the shared machine was busy.
    var rounds: Int = 3

    static let usage = """
        usage: devicetrust-benchmark [crypto] [--seconds N | --quick] [--rounds N] [--help]
               devicetrust-benchmark server [--clients N[,N…]] [--approvals N] [--seconds N]
                                            [--database postgres://…] (see server --help)

        Measures DeviceTrustCrypto and `openssl speed` on one CPU core, in the same run,
        and prints both with their ratio: P-256 sign/s, P-256 verify/s, ECDH P-256/s,
        AES-256-GCM seal and SHA-256 throughput on 16 KiB buffers.

        options:
          --seconds N   seconds per measurement, a whole number from 1 to 60 (default 2)
          --rounds N    repeat every pair of measurements N times, 1 to 20 (default 3), and
                        report the best figure of each side; the run takes about
                        10 × seconds × rounds
          --quick       one second per measurement, one round (--seconds 1 --rounds 1)
          --help        show this text

        `server` load-tests the DeviceTrust server instead: approvals/s and p50/p99 latency,
        on SQLite and, with --database, on PostgreSQL with one and two nodes.

        Exit status: 0 when every figure was measured (BELOW is a finding, not a failure),
        1 when a measurement could not be made, 2 for a bad command line.
        """

    /// What the command line asks for.
    enum Request: Equatable {
        case run(BenchmarkOptions)
        case showHelp
    }

    /// A command line that cannot be run; `message` names the argument and the fix.
    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Parses the arguments after the program name.
    static func parse<Arguments: Collection<String>>(_ arguments: Arguments) throws(UsageError) -> Request {
        var options = BenchmarkOptions()
        var sawSeconds = false
        var sawQuick = false
        var sawRounds = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return .showHelp
            case "--quick":
                // Applied after the loop, so an explicit --rounds wins wherever it stands.
                sawQuick = true
            case "--rounds":
                guard let value = remaining.popFirst() else {
                    throw UsageError(message: "--rounds needs a value, e.g. --rounds 3")
                }
                guard let rounds = Int(value), (1...20).contains(rounds) else {
                    throw UsageError(message: "--rounds takes a whole number from 1 to 20, not '\(value)'")
                }
                options.rounds = rounds
                sawRounds = true
            case "--seconds":
                guard let value = remaining.popFirst() else {
                    throw UsageError(message: "--seconds needs a value, e.g. --seconds 3")
                }
                options.secondsPerMeasurement = try parseSeconds(value)
                sawSeconds = true
            default:
                if argument.hasPrefix("--seconds=") {
                    options.secondsPerMeasurement = try parseSeconds(String(argument.dropFirst("--seconds=".count)))
                    sawSeconds = true
                } else {
                    throw UsageError(message: "unknown argument '\(argument)'")
                }
            }
        }
        if sawQuick && sawSeconds {
            throw UsageError(message: "--quick and --seconds both set the duration; give only one")
        }
        if sawQuick {
            options.secondsPerMeasurement = 1
            if !sawRounds { options.rounds = 1 }
        }
        return .run(options)
    }

    private static func parseSeconds(_ text: String) throws(UsageError) -> Int {
        // `openssl speed -seconds` takes whole seconds, so ours does too.
        guard let seconds = Int(text), (1...60).contains(seconds) else {
            throw UsageError(message: "--seconds takes a whole number from 1 to 60, not '\(text)'")
        }
        return seconds
    }
}
