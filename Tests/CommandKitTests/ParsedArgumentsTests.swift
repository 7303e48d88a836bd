import CommandKit
import Testing

@Suite("Parsing declared options")
struct ParsedArgumentsTests {
    let options = [
        OptionSpec("--port", kind: .value("N"), help: "the port"),
        OptionSpec("--output", "-o", kind: .value("FILE"), help: "where"),
        OptionSpec("--app-id", kind: .value("ID"), repeatable: true, help: "repeatable"),
        OptionSpec("--verbose", kind: .flag, help: "a flag"),
        OptionSpec("--exclude", kind: .values("GLOB", stop: { $0.hasSuffix(".swift") }), repeatable: true, help: "greedy"),
    ]

    @Test("values come as the next argument or after =, under the option's first name")
    func values() throws {
        let parsed = try ParsedArguments(["--port", "9000", "-o", "report.txt", "--app-id=A", "--app-id", "B", "--verbose"], options: options)
        #expect(parsed.value("--port") == "9000")
        #expect(parsed.value("--output") == "report.txt")
        #expect(parsed.all("--app-id") == ["A", "B"])
        #expect(parsed.flag("--verbose"))
        #expect(!parsed.flag("--other"))
        #expect(parsed.value("--missing") == nil)
    }

    @Test("an unknown option is named with the closest declared one")
    func unknownOption() {
        #expect(throws: UsageError("unknown option '--prot'; did you mean '--port'?")) {
            try ParsedArguments(["--prot", "1"], options: options)
        }
        #expect(throws: UsageError("unknown option '--zzzzzz'; --help lists the options")) {
            try ParsedArguments(["--zzzzzz"], options: options)
        }
    }

    @Test("a missing value, a value for a flag and a repeated single option are refused")
    func refusals() {
        #expect(throws: UsageError("--port needs a value")) { try ParsedArguments(["--port"], options: options) }
        #expect(throws: UsageError("--output needs a value")) { try ParsedArguments(["--output", "--port", "1"], options: options) }
        #expect(throws: UsageError("the flag --verbose takes no value")) { try ParsedArguments(["--verbose=yes"], options: options) }
        #expect(throws: UsageError("--port is given more than once")) { try ParsedArguments(["--port", "1", "--port=2"], options: options) }
        #expect(throws: UsageError("--output is given more than once")) { try ParsedArguments(["-o", "a", "--output", "b"], options: options) }
    }

    @Test("positionals: -- ends the options, - alone is one, and their count is checked")
    func positionals() throws {
        let spec = PositionalSpec("FILE", minimum: 1, maximum: 2, help: "files")
        let parsed = try ParsedArguments(["a", "--verbose", "--", "--port"], options: options, positionals: spec)
        #expect(parsed.positionals == ["a", "--port"])
        #expect(try ParsedArguments(["-"], options: options, positionals: spec).positionals == ["-"])
        #expect(throws: UsageError("missing FILE")) { try ParsedArguments(["--verbose"], options: options, positionals: spec) }
        #expect(throws: UsageError("unexpected argument 'c'")) { try ParsedArguments(["a", "b", "c"], options: options, positionals: spec) }
        #expect(throws: UsageError("unexpected argument 'stray'")) { try ParsedArguments(["stray"], options: options) }
    }

    @Test("a greedy option takes arguments up to the next option or one its stop rule names")
    func greedyValues() throws {
        let parsed = try ParsedArguments(
            ["--exclude", "a*", "b*", "Main.swift", "--exclude=c*", "d"], options: options,
            positionals: PositionalSpec("PATH", help: "paths"))
        #expect(parsed.all("--exclude") == ["a*", "b*", "c*"])
        #expect(parsed.positionals == ["Main.swift", "d"])
    }

    @Test("required options say which one is missing")
    func required() throws {
        let parsed = try ParsedArguments(["--port", "1"], options: options)
        #expect(try parsed.required("--port") == "1")
        #expect(throws: UsageError("missing --output")) { try parsed.required("--output") }
    }
}
