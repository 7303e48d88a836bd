import CommandKit
import RepositoryTestSupport
import Testing
@testable import devicetrust_benchmark

/// Specification of the `devicetrust-benchmark` command tree: which command the arguments
/// reach, help, and usage errors. Every case here stops at help or a usage error: a valid
/// command line would start a benchmark.
@Suite("devicetrust-benchmark command tree")
struct BenchmarkProgramTests {
    private func run(_ arguments: String...) -> (status: Int32, output: CapturedOutput) {
        let captured = CapturedOutput()
        return (BenchmarkProgram.program.run(arguments, context: captured.context), captured)
    }

    @Test("no subcommand, or options first, is crypto with every argument")
    func optionsFirstAreCrypto() {
        let error = run("--seconds", "0")
        #expect(error.status == 2)
        #expect(error.output.standardOutput.isEmpty)
        #expect(
            error.output.standardError == """
                devicetrust-benchmark crypto: --seconds takes a whole number from 1 to 60, not '0'
                USAGE: devicetrust-benchmark crypto [--seconds N | --quick] [--rounds N]
                See 'devicetrust-benchmark crypto --help'.

                """)
        #expect(run("--seconds", "3", "server").output.errorLines.first == "devicetrust-benchmark crypto: unexpected argument 'server'")
        #expect(run("--quick", "--help").output.outputLines.first == "DeviceTrustCrypto next to openssl speed on one CPU core, in the same run.")
    }

    @Test("crypto, server and attestation as the first argument pick the command")
    func namedSubcommands() {
        #expect(
            run("crypto", "--rounds", "0").output.errorLines.first
                == "devicetrust-benchmark crypto: --rounds takes a whole number from 1 to 20, not '0'")
        #expect(
            run("server", "--clients", "0").output.errorLines.first
                == "devicetrust-benchmark server: --clients takes whole numbers from 1 to 256, one or several separated by commas (32,128), not '0'")
        #expect(
            run("attestation", "--rounds", "0").output.errorLines.first
                == "devicetrust-benchmark attestation: --rounds takes a whole number from 1 to 20, not '0'")
        #expect(run("server", "--quick").output.errorLines.first == "devicetrust-benchmark server: unknown option '--quick'; --help lists the options")
    }

    @Test("a word that names no subcommand is an unknown subcommand, with the closest one; a URL in it loses its password")
    func unknownSubcommand() {
        let (status, output) = run("sever")
        #expect(status == 2)
        #expect(
            output.errorLines == [
                "devicetrust-benchmark: unknown subcommand 'sever'; did you mean 'server'?",
                "USAGE: devicetrust-benchmark [<subcommand>] [options]",
                "See 'devicetrust-benchmark --help'.",
            ])
        #expect(
            run("postgres://bench:s3cr3t@127.0.0.1/bench").output.errorLines.first
                == "devicetrust-benchmark: unknown subcommand 'postgres://bench:***@127.0.0.1/bench'")
    }

    @Test("--help, -h and help list the three commands, crypto as the default, and the exit statuses", arguments: ["--help", "-h", "help"])
    func treeHelp(flag: String) {
        let (status, output) = run(flag)
        #expect(status == 0)
        #expect(output.standardError.isEmpty)
        let help = output.standardOutput
        #expect(help.contains("USAGE: devicetrust-benchmark [<subcommand>] [options]\n"))
        for name in ["crypto", "server", "attestation"] { #expect(help.contains("\n  \(name) "), "\(name)") }
        let cryptoEntry = help.components(separatedBy: "\n  crypto ").dropFirst().first?.components(separatedBy: "\n  server ").first
        #expect(cryptoEntry?.hasSuffix(" (the default)") == true, "crypto's entry ends with (the default)")
        #expect(help.contains("Exit status: 0"))
        #expect(!help.contains("--version"))
    }

    @Test(
        "each command's help names every option, its range and default, and the exit statuses",
        arguments: [
            ("crypto", ["--seconds N", "--quick", "--rounds N", "-h, --help", "1 to 60", "1 to 20", "(default 2)", "(default 3)"]),
            ("attestation", ["--seconds N", "--quick", "--rounds N", "-h, --help", "0.8 × P-256 verify/s"]),
            (
                "server",
                [
                    "--clients N[,N…]", "--approvals N", "--seconds N", "--server-threads N", "--database URL", "-h, --help",
                    "DEVICETRUST_BENCH_DATABASE_URL", "127.0.0.1", "1 to 256", "(default 32,128)", "(default 3000)", "(default 60)",
                ]
            ),
        ])
    func commandHelp(command: String, phrases: [String]) {
        for flag in ["--help", "-h"] {
            let (status, output) = run(command, flag)
            #expect(status == 0)
            #expect(output.standardError.isEmpty)
            let help = output.standardOutput
            #expect(help.contains("\nUSAGE: devicetrust-benchmark \(command) "))
            for phrase in phrases { #expect(help.contains(phrase), "\(command) --help lacks \(phrase)") }
            #expect(help.contains("Exit status: 0"))
        }
    }

    @Test("--help after other arguments still shows the help, whatever they are")
    func helpAfterArguments() {
        for arguments in [["server", "--clients", "4", "--help"], ["crypto", "--rounds", "--help"], ["--no-such-option", "-h"]] {
            let captured = CapturedOutput()
            #expect(BenchmarkProgram.program.run(arguments, context: captured.context) == 0, "\(arguments)")
            #expect(captured.standardOutput.contains("USAGE: devicetrust-benchmark "), "\(arguments)")
        }
    }
}
