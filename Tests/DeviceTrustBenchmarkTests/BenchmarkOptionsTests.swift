import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of the `devicetrust-benchmark` command line (`BenchmarkOptions.parse`).
@Suite("benchmark command line")
struct BenchmarkOptionsTests {
    typealias UsageError = BenchmarkOptions.UsageError

    private func options(_ arguments: [String]) throws -> BenchmarkOptions? {
        guard case .run(let options) = try BenchmarkOptions.parse(arguments) else { return nil }
        return options
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        #expect(throws: UsageError.self) { try BenchmarkOptions.parse(arguments) }
    }

    // MARK: - Defaults and valid settings

    @Test("no arguments: 2 seconds per measurement, 3 rounds")
    func defaults() throws {
        #expect(try BenchmarkOptions.parse([String]()) == .run(BenchmarkOptions(secondsPerMeasurement: 2, rounds: 3)))
        #expect(BenchmarkOptions() == BenchmarkOptions(secondsPerMeasurement: 2, rounds: 3))
    }

    @Test("--quick: 1 second per measurement, 1 round")
    func quick() throws {
        #expect(try options(["--quick"]) == BenchmarkOptions(secondsPerMeasurement: 1, rounds: 1))
    }

    @Test("--seconds N and --seconds=N set the seconds and keep the default rounds", arguments: [
        (["--seconds", "5"], 5), (["--seconds=5"], 5), (["--seconds", "1"], 1), (["--seconds=60"], 60), (["--seconds", "60"], 60),
    ])
    func seconds(arguments: [String], expected: Int) throws {
        #expect(try options(arguments) == BenchmarkOptions(secondsPerMeasurement: expected, rounds: 3))
    }

    @Test("--rounds N sets the rounds and keeps the default seconds", arguments: [1, 7, 20])
    func rounds(count: Int) throws {
        #expect(try options(["--rounds", String(count)]) == BenchmarkOptions(secondsPerMeasurement: 2, rounds: count))
    }

    @Test("--seconds and --rounds combine, in either order")
    func secondsAndRoundsCombine() throws {
        let expected = BenchmarkOptions(secondsPerMeasurement: 4, rounds: 6)
        #expect(try options(["--seconds", "4", "--rounds", "6"]) == expected)
        #expect(try options(["--rounds", "6", "--seconds=4"]) == expected)
    }

    @Test("a repeated option: the last value counts")
    func lastValueCounts() throws {
        #expect(try options(["--seconds", "4", "--seconds=9", "--rounds", "2", "--rounds", "5"])
            == BenchmarkOptions(secondsPerMeasurement: 9, rounds: 5))
    }

    @Test("--quick with --rounds N: 1 second, N rounds, in either order")
    func quickWithRounds() throws {
        let expected = BenchmarkOptions(secondsPerMeasurement: 1, rounds: 5)
        #expect(try options(["--quick", "--rounds", "5"]) == expected)
        #expect(try options(["--rounds", "5", "--quick"]) == expected)
    }

    // MARK: - Help

    @Test("--help and -h show the usage, after valid options too, and end the parsing", arguments: [
        ["--help"], ["-h"], ["--quick", "--help"], ["--seconds", "3", "-h"], ["--help", "--no-such-option"],
    ])
    func help(arguments: [String]) throws {
        #expect(try BenchmarkOptions.parse(arguments) == .showHelp)
    }

    @Test("the usage text names every option and the exit statuses")
    func usageNamesEveryOption() {
        for option in ["--seconds N", "--quick", "--rounds N", "--help", "1 to 60", "1 to 20", "(default 2)", "(default 3)"] {
            #expect(BenchmarkOptions.usage.contains(option), "usage lacks \(option)")
        }
        #expect(BenchmarkOptions.usage.hasPrefix("usage: devicetrust-benchmark "))
        #expect(BenchmarkOptions.usage.contains("Exit status: 0"))
    }

    // MARK: - Errors

    @Test("--seconds out of 1...60 or not a whole number is an error quoting the value", arguments: [
        "0", "61", "-1", "1000", "", "two", "2.5", "1e1", " 2", "0x2",
    ])
    func secondsOutOfRange(value: String) {
        let expected = UsageError(message: "--seconds takes a whole number from 1 to 60, not '\(value)'")
        #expect(usageError(["--seconds", value]) == expected)
        #expect(usageError(["--seconds=" + value]) == expected)
    }

    @Test("--rounds out of 1...20 or not a whole number is an error quoting the value", arguments: [
        "0", "21", "-3", "", "three", "1.5",
    ])
    func roundsOutOfRange(value: String) {
        #expect(usageError(["--rounds", value])
            == UsageError(message: "--rounds takes a whole number from 1 to 20, not '\(value)'"))
    }

    @Test("--seconds or --rounds as the last argument is an error asking for the value")
    func missingValues() {
        #expect(usageError(["--seconds"]) == UsageError(message: "--seconds needs a value, e.g. --seconds 3"))
        #expect(usageError(["--rounds"]) == UsageError(message: "--rounds needs a value, e.g. --rounds 3"))
        #expect(usageError(["--rounds", "2", "--seconds"]) == UsageError(message: "--seconds needs a value, e.g. --seconds 3"))
    }

    @Test("an option where a value belongs is taken as the value, and rejected")
    func optionInPlaceOfValue() {
        #expect(usageError(["--seconds", "--quick"])
            == UsageError(message: "--seconds takes a whole number from 1 to 60, not '--quick'"))
        #expect(usageError(["--rounds", "--help"])
            == UsageError(message: "--rounds takes a whole number from 1 to 20, not '--help'"))
    }

    @Test("an unknown argument is an error quoting it", arguments: ["--verbose", "-q", "quick", "--Seconds", "--seconds3", "--rounds=3", "-"])
    func unknownArgument(argument: String) {
        #expect(usageError([argument]) == UsageError(message: "unknown argument '\(argument)'"))
    }

    @Test("--quick with --seconds is an error, in either order and either spelling", arguments: [
        ["--quick", "--seconds", "3"], ["--seconds", "3", "--quick"], ["--seconds=1", "--quick"], ["--quick", "--rounds", "2", "--seconds=5"],
    ])
    func quickWithSeconds(arguments: [String]) {
        #expect(usageError(arguments) == UsageError(message: "--quick and --seconds both set the duration; give only one"))
    }

    @Test("a bad value is reported before --quick and --seconds conflict")
    func badValueBeforeConflict() {
        #expect(usageError(["--quick", "--seconds", "0"])
            == UsageError(message: "--seconds takes a whole number from 1 to 60, not '0'"))
    }

    @Test("any collection of strings parses, e.g. an ArraySlice of CommandLine.arguments")
    func parsesSlices() throws {
        let commandLine = ["devicetrust-benchmark", "--seconds", "7"]
        #expect(try BenchmarkOptions.parse(commandLine.dropFirst()) == .run(BenchmarkOptions(secondsPerMeasurement: 7, rounds: 3)))
    }
}
