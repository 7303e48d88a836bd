import CommandKit
import Foundation
import Testing
import TrustStore
@testable import devicetrust_benchmark

/// Specification of the options of `devicetrust-benchmark server` (`ServerLoadOptions`),
/// parsed and validated as the program does before it runs the load.
@Suite("server load command line")
struct ServerLoadOptionsTests {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerLoadOptions {
        try ServerLoadCommand.parse(arguments, environment: environment).options
    }

    private func usageError(_ arguments: [String], environment: [String: String] = [:]) -> UsageError? {
        #expect(throws: UsageError.self) { try ServerLoadCommand.parse(arguments, environment: environment) }
    }

    // MARK: - Defaults and valid settings

    @Test("no arguments: 32 and 128 clients, 3000 approvals, 60 s cap, 4 server threads, SQLite only")
    func defaults() throws {
        let expected = ServerLoadOptions(clients: [32, 128], approvals: 3000, secondsCap: 60, serverThreads: 4, postgres: nil)
        #expect(try options([]) == expected)
        #expect(ServerLoadOptions() == expected)
    }

    @Test("every option, as the next argument or after '='")
    func everyOption() throws {
        let expected = ServerLoadOptions(clients: [8], approvals: 500, secondsCap: 10, serverThreads: 2)
        #expect(try options(["--clients", "8", "--approvals", "500", "--seconds", "10", "--server-threads", "2"]) == expected)
        #expect(try options(["--server-threads=2", "--seconds=10", "--approvals=500", "--clients=8"]) == expected)
    }

    @Test(
        "the bounds are accepted",
        arguments: [
            (["--clients", "1"], ServerLoadOptions(clients: [1])),
            (["--clients", "256"], ServerLoadOptions(clients: [256])),
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

    // MARK: - Refusals

    @Test(
        "values out of range or not whole numbers are refused, naming the option and the range",
        arguments: [
            ("--approvals", "0", "1 to 1000000"), ("--approvals", "1000001", "1 to 1000000"), ("--approvals", "-5", "1 to 1000000"),
            ("--seconds", "0", "1 to 600"), ("--seconds", "601", "1 to 600"), ("--seconds", "1.5", "1 to 600"),
            ("--server-threads", "0", "1 to 64"), ("--server-threads", "65", "1 to 64"), ("--server-threads", "", "1 to 64"),
        ])
    func outOfRange(option: String, value: String, range: String) {
        let expected = UsageError("\(option) takes a whole number from \(range), not '\(value)'")
        #expect(usageError([option, value]) == expected)
        #expect(usageError(["\(option)=\(value)"]) == expected)
    }

    @Test("an option without its value is refused")
    func missingValue() {
        #expect(usageError(["--clients"]) == UsageError("--clients needs a value"))
        #expect(usageError(["--approvals", "10", "--seconds"]) == UsageError("--seconds needs a value"))
        #expect(usageError(["--approvals", "--seconds", "10"]) == UsageError("--approvals needs a value"))
    }

    @Test("an option given twice is refused")
    func repeated() {
        #expect(usageError(["--clients", "4", "--clients=8"]) == UsageError("--clients is given more than once"))
    }

    @Test(
        "unknown arguments are refused, crypto options included, naming the closest option when it is a typo",
        arguments: [
            ("--quick", "unknown option '--quick'; --help lists the options"),
            ("--rounds", "unknown option '--rounds'; --help lists the options"),
            ("-c", "unknown option '-c'; --help lists the options"),
            ("--client", "unknown option '--client'; did you mean '--clients'?"),
            ("server", "unexpected argument 'server'"),
        ])
    func unknown(argument: String, message: String) {
        #expect(usageError([argument]) == UsageError(message))
    }

    // MARK: - Client counts

    @Test(
        "--clients takes one count or several separated by commas, kept in order",
        arguments: [
            ("32", [32]), ("32,128", [32, 128]), ("128,32", [128, 32]), ("1,2,3,256", [1, 2, 3, 256]),
        ])
    func clientLists(value: String, expected: [Int]) throws {
        #expect(try options(["--clients", value]).clients == expected)
        #expect(try options(["--clients=" + value]).clients == expected)
    }

    @Test(
        "client counts out of range, empty or not numbers are refused with the accepted form",
        arguments: [
            "0", "257", "x", "", "32,", ",32", "32,,128", "32;128", "32, 128",
        ])
    func badClientLists(value: String) {
        #expect(
            usageError(["--clients", value])
                == UsageError(
                    "--clients takes whole numbers from 1 to 256, one or several separated by commas (32,128), not '\(value)'"))
    }

    @Test("a client count given twice, or more than four counts, is refused")
    func clientListLimits() {
        #expect(usageError(["--clients", "32,128,32"]) == UsageError("--clients names 32 twice"))
        #expect(usageError(["--clients", "1,2,3,4,5"]) == UsageError("--clients takes at most 4 counts, not 5"))
    }

    // MARK: - --database and DEVICETRUST_BENCH_DATABASE_URL

    static let secret = "s3cr3t-Pa55"
    static let withPassword = "postgres://bench:\(secret)@127.0.0.1:55432/bench"

    private func postgres(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerLoadOptions.PostgresChoice? {
        try options(arguments, environment: environment).postgres
    }

    @Test(
        "--database takes one postgres:// or postgresql:// URL, as the next argument or after '='",
        arguments: [
            "postgres://postgres@127.0.0.1:55432/bench", "postgresql://localhost/bench", "postgres://[::1]:5432/bench",
            "postgres:///bench?host=/var/run/postgresql", "postgres://u@127.0.0.2,localhost:5433/bench",
        ])
    func databaseOption(url: String) throws {
        let expected = ServerLoadOptions.PostgresChoice(url: try StoreURL(parsing: url), source: .option)
        #expect(try postgres(["--database", url]) == expected)
        #expect(try postgres(["--database=" + url]) == expected)
        #expect(try options(["--database", url]).clients == [32, 128], "the other defaults stay")
    }

    @Test("without --database, DEVICETRUST_BENCH_DATABASE_URL is used; --database wins over it; an empty one is ignored")
    func databaseEnvironment() throws {
        let fromEnvironment = "postgres://env@127.0.0.1/bench"
        let environment = [ServerLoadOptions.databaseVariable: fromEnvironment]
        #expect(ServerLoadOptions.databaseVariable == "DEVICETRUST_BENCH_DATABASE_URL")
        #expect(try postgres([], environment: environment) == .init(url: try StoreURL(parsing: fromEnvironment), source: .environment))
        let option = "postgres://option@127.0.0.1/bench"
        #expect(try postgres(["--database", option], environment: environment) == .init(url: try StoreURL(parsing: option), source: .option))
        #expect(try postgres([], environment: [ServerLoadOptions.databaseVariable: ""]) == nil)
        #expect(try postgres([], environment: ["DEVICETRUST_DATABASE_URL": fromEnvironment]) == nil, "the server's variable is not the benchmark's")
        #expect(try postgres([]) == nil)
    }

    @Test("a bad URL in the environment is refused naming the variable")
    func badEnvironmentURL() {
        let error = usageError([], environment: [ServerLoadOptions.databaseVariable: "mysql://root:\(Self.secret)@127.0.0.1/db"])
        #expect(error?.message.hasPrefix("DEVICETRUST_BENCH_DATABASE_URL: ") == true)
        #expect(error?.message.contains(Self.secret) == false)
    }

    @Test("sqlite: URLs are refused: SQLite is always measured in a temporary directory")
    func sqliteRefused() {
        let error = usageError(["--database", "sqlite:/tmp/x.sqlite"])
        #expect(error?.message.hasPrefix("--database takes a postgres:// (or postgresql://) URL") == true)
    }

    @Test(
        "a server that is not on this machine is refused, naming the host",
        arguments: [
            ("postgres://u:\(secret)@db.example.com/bench", "'db.example.com'"),
            ("postgres://u:\(secret)@10.0.0.7:5432/bench", "'10.0.0.7'"),
            ("postgres://u:\(secret)@127.0.0.1,10.0.0.7/bench", "'10.0.0.7'"),
            ("postgres://u:\(secret)@127.0.0.1/bench?host=db.example.com", "'db.example.com'"),
            ("postgres://u:\(secret)@localhost/bench?hostaddr=192.168.1.2", "'192.168.1.2'"),
            ("postgres://[2001:db8::1]/bench", "'2001:db8::1'"),
        ])
    func remoteRefused(url: String, host: String) {
        let error = usageError(["--database", url])
        #expect(error?.message.hasPrefix("--database: the benchmark only runs against a PostgreSQL server on this machine") == true)
        #expect(error?.message.contains(host) == true)
        #expect(error?.message.contains(Self.secret) == false)
    }

    @Test("an empty host means libpq's default: PGHOST decides")
    func defaultHostFollowsPGHOST() throws {
        #expect(try postgres(["--database", "postgres:///bench"]) != nil)
        #expect(try postgres(["--database", "postgres:///bench"], environment: ["PGHOST": "/tmp"]) != nil)
        #expect(usageError(["--database", "postgres:///bench"], environment: ["PGHOST": "db.example.com"]) != nil)
    }

    @Test(
        "the password is never echoed: not in refusals, not in the parsed options' descriptions",
        arguments: [
            ["--database", "mysql://u:\(secret)@127.0.0.1/db"],
            ["--database", "postgres://u:\(secret)@db.example.com/db"],
            ["--database=postgres://u:\(secret)@db.example.com/db"],
            ["--database", "postgres://u:\(secret)@127.0.0.1/db", "--database", "postgres://u:\(secret)@127.0.0.1/db"],
            [withPassword],
            ["--clients", withPassword],
            ["--approvals", withPassword],
            ["--bogus=" + withPassword],
            ["x=" + withPassword],
        ])
    func passwordNeverEchoed(arguments: [String]) {
        let error = usageError(arguments)
        #expect(error != nil)
        #expect(error?.message.contains(Self.secret) == false, "\(error?.message ?? "")")
    }

    @Test("a URL given without --database is shown redacted")
    func strayURLRedacted() {
        #expect(usageError([Self.withPassword]) == UsageError("unexpected argument 'postgres://bench:***@127.0.0.1:55432/bench'"))
    }

    @Test("the parsed options print the URL redacted; the URL itself keeps the password for libpq")
    func parsedOptionsRedacted() throws {
        let parsed = try options(["--database", Self.withPassword])
        let choice = try #require(parsed.postgres)
        #expect(choice.redacted == "postgres://bench:***@127.0.0.1:55432/bench")
        for text in [String(describing: parsed), String(reflecting: parsed), "\(choice)", String(reflecting: choice)] {
            #expect(!text.contains(Self.secret), "\(text)")
        }
        #expect(choice.url.connectionURI == Self.withPassword)
    }
}
