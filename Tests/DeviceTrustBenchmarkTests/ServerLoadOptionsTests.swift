import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of `devicetrust-benchmark server …` (`ServerLoadOptions.parse`) and of the
/// subcommand split that keeps the crypto benchmark the default.
@Suite("server load command line")
struct ServerLoadOptionsTests {
    typealias UsageError = BenchmarkOptions.UsageError

    private func options(_ arguments: [String]) throws -> ServerLoadOptions? {
        guard case .run(let options) = try ServerLoadOptions.parse(arguments) else { return nil }
        return options
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        #expect(throws: UsageError.self) { try ServerLoadOptions.parse(arguments) }
    }

    // MARK: - Subcommands

    @Test("no subcommand, or options first, is the crypto benchmark with every argument")
    func noSubcommandIsCrypto() {
        #expect(BenchmarkSubcommand.split([]) == (.crypto, []))
        #expect(BenchmarkSubcommand.split(["--quick"]) == (.crypto, ["--quick"]))
        #expect(BenchmarkSubcommand.split(["--seconds", "3", "server"]) == (.crypto, ["--seconds", "3", "server"]))
    }

    @Test("`crypto` and `server` as the first argument pick the mode and are removed")
    func namedSubcommands() {
        #expect(BenchmarkSubcommand.split(["crypto", "--quick"]) == (.crypto, ["--quick"]))
        #expect(BenchmarkSubcommand.split(["server"]) == (.server, []))
        #expect(BenchmarkSubcommand.split(["server", "--clients", "8"]) == (.server, ["--clients", "8"]))
    }

    @Test("the crypto usage mentions the crypto alias and the server mode")
    func cryptoUsageMentionsBothModes() {
        #expect(BenchmarkOptions.usage.contains("[crypto]"))
        #expect(BenchmarkOptions.usage.contains("devicetrust-benchmark server"))
    }

    // MARK: - Defaults and valid settings

    @Test("no arguments: 32 clients, 3000 approvals, 60 s cap, 4 server threads")
    func defaults() throws {
        let expected = ServerLoadOptions(clients: 32, approvals: 3000, secondsCap: 60, serverThreads: 4)
        #expect(try ServerLoadOptions.parse([String]()) == .run(expected))
        #expect(ServerLoadOptions() == expected)
    }

    @Test("every option, as the next argument or after '='")
    func everyOption() throws {
        let expected = ServerLoadOptions(clients: 8, approvals: 500, secondsCap: 10, serverThreads: 2)
        #expect(try options(["--clients", "8", "--approvals", "500", "--seconds", "10", "--server-threads", "2"]) == expected)
        #expect(try options(["--server-threads=2", "--seconds=10", "--approvals=500", "--clients=8"]) == expected)
    }

    @Test("the bounds are accepted", arguments: [
        (["--clients", "1"], ServerLoadOptions(clients: 1)),
        (["--clients", "256"], ServerLoadOptions(clients: 256)),
        (["--approvals", "1"], ServerLoadOptions(approvals: 1)),
        (["--approvals", "1000000"], ServerLoadOptions(approvals: 1_000_000)),
        (["--seconds", "1"], ServerLoadOptions(secondsCap: 1)),
        (["--seconds", "600"], ServerLoadOptions(secondsCap: 600)),
        (["--server-threads", "1"], ServerLoadOptions(serverThreads: 1)),
        (["--server-threads", "64"], ServerLoadOptions(serverThreads: 64)),
    ])
    func bounds(arguments: [String], expected: ServerLoadOptions) throws {
        #expect(try options(arguments) == expected)
    }

    @Test("--help and -h show the usage, even after valid options", arguments: [
        ["--help"], ["-h"], ["--clients", "4", "--help"],
    ])
    func help(arguments: [String]) throws {
        #expect(try ServerLoadOptions.parse(arguments) == .showHelp)
    }

    @Test("the usage names every option, the targets' inputs and the exit statuses")
    func usage() {
        for option in ["--clients", "--approvals", "--seconds", "--server-threads", "--help"] {
            #expect(ServerLoadOptions.usage.contains(option), "usage lacks \(option)")
        }
        #expect(ServerLoadOptions.usage.hasPrefix("usage: devicetrust-benchmark server "))
        #expect(ServerLoadOptions.usage.contains("Exit status: 0"))
        #expect(ServerLoadOptions.usage.contains("127.0.0.1"))
    }

    // MARK: - Refusals

    @Test("values out of range or not whole numbers are refused, naming the option and the range", arguments: [
        ("--clients", "0", "1 to 256"), ("--clients", "257", "1 to 256"), ("--clients", "x", "1 to 256"),
        ("--approvals", "0", "1 to 1000000"), ("--approvals", "1000001", "1 to 1000000"), ("--approvals", "-5", "1 to 1000000"),
        ("--seconds", "0", "1 to 600"), ("--seconds", "601", "1 to 600"), ("--seconds", "1.5", "1 to 600"),
        ("--server-threads", "0", "1 to 64"), ("--server-threads", "65", "1 to 64"), ("--server-threads", "", "1 to 64"),
    ])
    func outOfRange(option: String, value: String, range: String) {
        let expected = UsageError(message: "\(option) takes a whole number from \(range), not '\(value)'")
        #expect(usageError([option, value]) == expected)
        #expect(usageError(["\(option)=\(value)"]) == expected)
    }

    @Test("an option without its value is refused with an example")
    func missingValue() {
        #expect(usageError(["--clients"]) == UsageError(message: "--clients needs a value, e.g. --clients 32"))
        #expect(usageError(["--approvals", "10", "--seconds"]) == UsageError(message: "--seconds needs a value, e.g. --seconds 60"))
    }

    @Test("an option given twice is refused")
    func repeated() {
        #expect(usageError(["--clients", "4", "--clients=8"]) == UsageError(message: "--clients is given more than once"))
    }

    @Test("unknown arguments are refused, crypto options included", arguments: ["--quick", "--rounds", "server", "-c", "--client"])
    func unknown(argument: String) {
        #expect(usageError([argument]) == UsageError(message: "unknown argument '\(argument)'"))
    }
}
