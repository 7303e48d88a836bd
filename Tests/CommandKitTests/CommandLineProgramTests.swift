import CommandKit
import Foundation
import RepositoryTestSupport
import Testing

/// A command for the tests: greets `--name` `--times` times.
struct GreetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "greet", abstract: "Print a greeting.",
        discussion: "Says hello.",
        options: [
            OptionSpec("--name", kind: .value("NAME"), help: "who to greet (default world)"),
            OptionSpec("--times", kind: .value("N"), section: "Repetition", help: "how often, 1 to 3"),
        ])

    var name = "world"
    var times = 1

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        if let name = arguments.value("--name") { self.name = name }
        if let text = arguments.value("--times") {
            guard let times = Int(text) else { throw UsageError("--times must be a whole number, not '\(text)'") }
            self.times = times
        }
    }

    func validate() throws(UsageError) {
        guard (1...3).contains(times) else { throw UsageError("--times must be from 1 to 3") }
    }

    func run(_ context: CommandContext) -> Int32 {
        for _ in 0..<times { context.standardOutput("hello, \(name)\n") }
        return ExitStatus.success
    }
}

/// `<name> greet` and `<name> nested greet`: the tree the program tests run.
func testTree(_ name: String, abstract: String, defaultSubcommand: (any ParsableCommand.Type)? = nil) -> CommandGroup {
    CommandGroup(
        name: name, abstract: abstract,
        members: [
            .command(GreetCommand.self),
            .group(CommandGroup(name: "nested", abstract: "A group.", members: [.command(GreetCommand.self)])),
        ], defaultSubcommand: defaultSubcommand)
}

extension CommandLineProgram {
    /// Runs `arguments`; returns the status and what was written.
    func capturing(_ arguments: [String]) -> (status: Int32, output: CapturedOutput) {
        let captured = CapturedOutput()
        return (run(arguments, context: captured.context), captured)
    }
}

@Suite("A program's command tree")
struct CommandLineProgramTests {
    let program = CommandLineProgram(root: testTree("tool", abstract: "A test tool."), version: "tool 1.2.3")

    func run(_ arguments: String...) -> (status: Int32, output: CapturedOutput) { program.capturing(arguments) }

    @Test("a command is parsed, validated, then run")
    func runsCommand() {
        let (status, output) = run("greet", "--name", "Anna", "--times", "2")
        #expect(status == 0)
        #expect(output.standardOutput == "hello, Anna\nhello, Anna\n")
        #expect(output.standardError.isEmpty)
        #expect(run("nested", "greet").output.standardOutput == "hello, world\n")
    }

    @Test("validate() runs before run(): nothing is printed, status 2")
    func validateFirst() {
        let (status, output) = run("greet", "--times", "9")
        #expect(status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "tool greet: --times must be from 1 to 3\nUSAGE: tool greet [options]\nSee 'tool greet --help'.\n")
    }

    @Test("--help and -h on every command and group print to standard output with status 0")
    func help() {
        for arguments in [["greet", "--help"], ["greet", "-h"], ["greet", "--name", "x", "-h"], ["nested", "greet", "--help"]] {
            let captured = CapturedOutput()
            #expect(program.run(arguments, context: captured.context) == 0)
            #expect(captured.standardOutput.hasPrefix("Print a greeting.\n\nUSAGE: tool "), "\(arguments)")
            #expect(captured.standardError.isEmpty)
        }
        for arguments in [["--help"], ["-h"], ["help"], ["nested", "--help"], ["nested", "-h"]] {
            let captured = CapturedOutput()
            #expect(program.run(arguments, context: captured.context) == 0)
            #expect(captured.standardOutput.contains("SUBCOMMANDS:\n  greet"), "\(arguments)")
        }
    }

    @Test("a command's help lists its options by section, and -h/--help")
    func commandHelpText() {
        #expect(
            run("greet", "--help").output.standardOutput == """
                Print a greeting.

                USAGE: tool greet [options]

                Says hello.

                OPTIONS:
                  --name NAME                   who to greet (default world)
                  -h, --help                    Show this help.

                REPETITION:
                  --times N                     how often, 1 to 3

                """)
    }

    @Test("the root's help lists every subcommand and --version")
    func rootHelpText() {
        #expect(
            run("--help").output.standardOutput == """
                A test tool.

                USAGE: tool <subcommand>

                OPTIONS:
                  -h, --help                    Show this help.
                  --version                     Show the version.

                SUBCOMMANDS:
                  greet                         Print a greeting.
                  nested                        A group.

                See 'tool <subcommand> --help' for the options of each.

                """)
    }

    @Test("--version prints the version")
    func version() {
        let (status, output) = run("--version")
        #expect(status == 0)
        #expect(output.standardOutput == "tool 1.2.3\n")
    }

    @Test("an unknown subcommand or option is named with the closest valid one; status 2")
    func unknown() {
        let subcommand = run("gret")
        #expect(subcommand.status == 2)
        #expect(subcommand.output.standardError.hasPrefix("tool: unknown subcommand 'gret'; did you mean 'greet'?\n"))
        let option = run("greet", "--nmae", "x")
        #expect(option.status == 2)
        #expect(option.output.standardError.hasPrefix("tool greet: unknown option '--nmae'; did you mean '--name'?\nUSAGE: tool greet [options]\n"))
        let missing = run()
        #expect(missing.status == 2)
        #expect(missing.output.standardError.hasPrefix("tool: a subcommand is required\n"))
        #expect(run("nested").output.standardError.hasPrefix("tool nested: a subcommand is required\n"))
    }

    @Test("two neighbouring letters swapped are one edit: the name is still suggested")
    func swappedLetters() {
        #expect(run("rgeet").output.standardError.hasPrefix("tool: unknown subcommand 'rgeet'; did you mean 'greet'?\n"))
    }

    @Test("a password in a quoted argument is replaced by ***, in a URL's user part and in password= parameters")
    func passwordsAreNotEchoed() {
        #expect(UsageError.quoted("postgres://bench:s3cret@127.0.0.1:5432/db") == "'postgres://bench:***@127.0.0.1:5432/db'")
        #expect(UsageError.quoted("x=postgres://u:p:w@h/db?sslmode=off&PASSWORD=s3cret") == "'x=postgres://u:***@h/db?sslmode=off&PASSWORD=***'")
        #expect(UsageError.quoted("host=db password=s3cret user=u") == "'host=db password=*** user=u'")
        #expect(UsageError.quoted("postgres://user@h/db") == "'postgres://user@h/db'")
        #expect(UsageError.quoted("mail@example.com:8080") == "'mail@example.com:8080'")
        let stray = run("greet", "postgres://u:s3cret@h/db")
        #expect(stray.output.standardError.hasPrefix("tool greet: unexpected argument 'postgres://u:***@h/db'\n"))
        let unknown = run("-x=postgres://u:s3cret@h/db")
        #expect(unknown.output.standardError.hasPrefix("tool: unknown option '-x=postgres://u:***@h/db'\n"))
        #expect(!(stray.output.standardError + unknown.output.standardError).contains("s3cret"))
    }

    @Test("long help lines wrap at the description column")
    func wrapping() {
        struct Wordy: ParsableCommand {
            static let configuration = CommandConfiguration(
                name: "wordy", abstract: "Wordy.",
                options: [OptionSpec("--a-very-long-option-name-indeed", kind: .value("VALUE"), help: String(repeating: "word ", count: 30))])
            init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {}
            func run(_ context: CommandContext) -> Int32 { 0 }
        }
        let text = HelpText.help(Wordy.configuration, path: ["tool", "wordy"])
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.contains("  --a-very-long-option-name-indeed VALUE"))
        #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: 32) + "word word") })
    }
}

@Suite("A group with a default subcommand, in a program without --version")
struct DefaultSubcommandTests {
    let program = CommandLineProgram(root: testTree("bench", abstract: "A benchmark.", defaultSubcommand: GreetCommand.self))

    func run(_ arguments: String...) -> (status: Int32, output: CapturedOutput) { program.capturing(arguments) }

    @Test("no arguments, or an option first, runs the default subcommand with every argument")
    func optionsGoToTheDefault() {
        #expect(run().output.standardOutput == "hello, world\n")
        #expect(run("--name", "Anna").output.standardOutput == "hello, Anna\n")
        #expect(run("greet", "--name", "Bo").output.standardOutput == "hello, Bo\n")
        #expect(run("nested", "greet").output.standardOutput == "hello, world\n")
    }

    @Test("the default subcommand's usage errors and help name it")
    func errorsNameTheDefault() {
        let error = run("--times", "9")
        #expect(error.status == 2)
        #expect(error.output.standardError == "bench greet: --times must be from 1 to 3\nUSAGE: bench greet [options]\nSee 'bench greet --help'.\n")
        #expect(run("--name", "x", "--help").output.standardOutput.hasPrefix("Print a greeting.\n\nUSAGE: bench greet [options]\n"))
    }

    @Test("a word that is no subcommand is still an unknown subcommand")
    func unknownWord() {
        let (status, output) = run("gret")
        #expect(status == 2)
        #expect(output.standardError == "bench: unknown subcommand 'gret'; did you mean 'greet'?\nUSAGE: bench [<subcommand>] [options]\nSee 'bench --help'.\n")
    }

    @Test("the group's help marks the default and lists no --version; --version is the default's unknown option")
    func help() {
        #expect(
            run("--help").output.standardOutput == """
                A benchmark.

                USAGE: bench [<subcommand>] [options]

                OPTIONS:
                  -h, --help                    Show this help.

                SUBCOMMANDS:
                  greet                         Print a greeting. (the default)
                  nested                        A group.

                See 'bench <subcommand> --help' for the options of each.

                """)
        #expect(run("--version").output.standardError.hasPrefix("bench greet: unknown option '--version'"))
    }
}
