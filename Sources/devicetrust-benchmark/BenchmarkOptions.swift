import CommandKit

/// The options of `devicetrust-benchmark crypto` and `attestation`: how long each
/// measurement runs and how often it is repeated, parsed and validated before anything runs.
///
/// Each option may be repeated; the last value counts.
struct BenchmarkOptions: Equatable, Sendable {
    /// `--seconds`, when given.
    var seconds: Int?
    /// `--rounds`, when given.
    var givenRounds: Int?
    /// `--quick`: one second per measurement, and one round unless `--rounds` says otherwise.
    var quick = false

    /// Seconds per measurement, for our loop and for `openssl speed -seconds` alike.
    var secondsPerMeasurement: Int { quick ? 1 : seconds ?? 2 }
    /// How many times every pair of measurements is repeated; the best of each side is
    /// reported, which filters out moments when the shared machine was busy.
    var rounds: Int { givenRounds ?? (quick ? 1 : 3) }

    /// The options as the commands declare them.
    static let specs = [
        OptionSpec(
            "--seconds", kind: .value("N"), repeatable: true,
            help: "seconds per measurement, a whole number from 1 to 60 (default 2)"),
        OptionSpec(
            "--rounds", kind: .value("N"), repeatable: true,
            help: "repeat every pair of measurements N times, 1 to 20 (default 3), and report the best figure of each side"),
        OptionSpec("--quick", kind: .flag, repeatable: true, help: "one second per measurement, one round (--seconds 1 --rounds 1)"),
    ]

    /// The usage after the command's name.
    static let synopsis = "[--seconds N | --quick] [--rounds N]"

    /// No option: 2 seconds per measurement, 3 rounds.
    init() {}

    /// The options `arguments` give.
    /// - Throws: ``CommandKit/UsageError`` for a value that is not a whole number in range, quoting it.
    init(arguments: ParsedArguments) throws(UsageError) {
        // `openssl speed -seconds` takes whole seconds, so ours does too.
        seconds = try arguments.wholeNumber("--seconds", in: 1...60)
        givenRounds = try arguments.wholeNumber("--rounds", in: 1...20)
        quick = arguments.flag("--quick")
    }

    /// Refuses `--quick` with `--seconds`: both set the duration.
    func validate() throws(UsageError) {
        if quick && seconds != nil { throw UsageError("--quick and --seconds both set the duration; give only one") }
    }
}
