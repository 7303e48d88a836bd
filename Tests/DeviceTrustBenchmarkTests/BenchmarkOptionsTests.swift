import CommandKit
import Testing
@testable import devicetrust_benchmark

/// Specification of the options of `devicetrust-benchmark crypto` and `attestation`
/// (`BenchmarkOptions`), parsed and validated as the program does before it runs them.
@Suite("benchmark command line")
struct BenchmarkOptionsTests {
    /// Seconds per measurement and rounds.
    struct Timing: Equatable {
        let seconds: Int
        let rounds: Int
    }

    private func timing(_ arguments: [String]) throws -> Timing {
        let options = try CryptoBenchmarkCommand.parse(arguments).options
        return Timing(seconds: options.secondsPerMeasurement, rounds: options.rounds)
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        #expect(throws: UsageError.self) { try CryptoBenchmarkCommand.parse(arguments) }
    }

    // MARK: - Defaults and valid settings

    @Test("no arguments: 2 seconds per measurement, 3 rounds")
    func defaults() throws {
        #expect(try timing([]) == Timing(seconds: 2, rounds: 3))
        #expect(BenchmarkOptions().secondsPerMeasurement == 2)
        #expect(BenchmarkOptions().rounds == 3)
    }

    @Test("--quick: 1 second per measurement, 1 round")
    func quick() throws {
        #expect(try timing(["--quick"]) == Timing(seconds: 1, rounds: 1))
    }

    @Test(
        "--seconds N and --seconds=N set the seconds and keep the default rounds",
        arguments: [
            (["--seconds", "5"], 5), (["--seconds=5"], 5), (["--seconds", "1"], 1), (["--seconds=60"], 60), (["--seconds", "60"], 60),
        ])
    func seconds(arguments: [String], expected: Int) throws {
        #expect(try timing(arguments) == Timing(seconds: expected, rounds: 3))
    }

    @Test("--rounds N and --rounds=N set the rounds and keep the default seconds", arguments: [1, 7, 20])
    func rounds(count: Int) throws {
        #expect(try timing(["--rounds", String(count)]) == Timing(seconds: 2, rounds: count))
        #expect(try timing(["--rounds=\(count)"]) == Timing(seconds: 2, rounds: count))
    }

    @Test("--seconds and --rounds combine, in either order")
    func secondsAndRoundsCombine() throws {
        let expected = Timing(seconds: 4, rounds: 6)
        #expect(try timing(["--seconds", "4", "--rounds", "6"]) == expected)
        #expect(try timing(["--rounds", "6", "--seconds=4"]) == expected)
    }

    @Test("a repeated option: the last value counts")
    func lastValueCounts() throws {
        #expect(try timing(["--seconds", "4", "--seconds=9", "--rounds", "2", "--rounds", "5"]) == Timing(seconds: 9, rounds: 5))
        #expect(try timing(["--quick", "--quick"]) == Timing(seconds: 1, rounds: 1))
    }

    @Test("--quick with --rounds N: 1 second, N rounds, in either order")
    func quickWithRounds() throws {
        let expected = Timing(seconds: 1, rounds: 5)
        #expect(try timing(["--quick", "--rounds", "5"]) == expected)
        #expect(try timing(["--rounds", "5", "--quick"]) == expected)
    }

    @Test("attestation takes the same options")
    func attestationOptions() throws {
        let options = try AttestationBenchmarkCommand.parse(["--quick", "--rounds", "4"]).options
        #expect(options.secondsPerMeasurement == 1)
        #expect(options.rounds == 4)
        #expect(throws: UsageError("--quick and --seconds both set the duration; give only one")) {
            try AttestationBenchmarkCommand.parse(["--quick", "--seconds", "3"])
        }
    }

    // MARK: - Errors

    @Test(
        "--seconds out of 1...60 or not a whole number is an error quoting the value",
        arguments: [
            "0", "61", "-1", "1000", "", "two", "2.5", "1e1", " 2", "0x2",
        ])
    func secondsOutOfRange(value: String) {
        let expected = UsageError("--seconds takes a whole number from 1 to 60, not '\(value)'")
        #expect(usageError(["--seconds", value]) == expected)
        #expect(usageError(["--seconds=" + value]) == expected)
    }

    @Test(
        "--rounds out of 1...20 or not a whole number is an error quoting the value",
        arguments: [
            "0", "21", "-3", "", "three", "1.5",
        ])
    func roundsOutOfRange(value: String) {
        #expect(usageError(["--rounds", value]) == UsageError("--rounds takes a whole number from 1 to 20, not '\(value)'"))
    }

    @Test("--seconds or --rounds without its value, at the end or before another option, is an error asking for it")
    func missingValues() {
        #expect(usageError(["--seconds"]) == UsageError("--seconds needs a value"))
        #expect(usageError(["--rounds"]) == UsageError("--rounds needs a value"))
        #expect(usageError(["--rounds", "2", "--seconds"]) == UsageError("--seconds needs a value"))
        #expect(usageError(["--seconds", "--quick"]) == UsageError("--seconds needs a value"))
    }

    @Test(
        "an unknown option is named, with the closest one when it is a typo",
        arguments: [
            ("--verbose", "unknown option '--verbose'; --help lists the options"),
            ("-q", "unknown option '-q'; --help lists the options"),
            ("--Seconds", "unknown option '--Seconds'; did you mean '--seconds'?"),
            ("--seconds3", "unknown option '--seconds3'; did you mean '--seconds'?"),
            ("--quick=yes", "the flag --quick takes no value"),
            ("quick", "unexpected argument 'quick'"),
            ("-", "unexpected argument '-'"),
        ])
    func unknownArgument(argument: String, message: String) {
        #expect(usageError([argument]) == UsageError(message))
    }

    @Test(
        "--quick with --seconds is an error, in either order and either spelling",
        arguments: [
            ["--quick", "--seconds", "3"], ["--seconds", "3", "--quick"], ["--seconds=1", "--quick"], ["--quick", "--rounds", "2", "--seconds=5"],
        ])
    func quickWithSeconds(arguments: [String]) {
        #expect(usageError(arguments) == UsageError("--quick and --seconds both set the duration; give only one"))
    }

    @Test("a bad value is reported before --quick and --seconds conflict")
    func badValueBeforeConflict() {
        #expect(usageError(["--quick", "--seconds", "0"]) == UsageError("--seconds takes a whole number from 1 to 60, not '0'"))
    }
}
