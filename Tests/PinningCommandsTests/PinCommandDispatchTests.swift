import Testing
@testable import PinningCommands

@Suite("devicetrust pin: dispatch and usage")
struct PinCommandDispatchTests {
    @Test func helpListsAllFiveSubcommands() {
        let run = PinCommandRun(["--help"])
        #expect(run.status == 0)
        for name in ["hash", "fetch", "plist", "check", "rotate-plan"] {
            #expect(run.outputText.contains("devicetrust pin \(name)"), "usage lacks \(name)")
        }
        #expect(run.errors.isEmpty)
    }

    @Test func noSubcommandIsAUsageError() {
        let run = PinCommandRun([])
        #expect(run.status == 2)
        #expect(run.errorText.contains("missing subcommand"))
        #expect(run.errorText.contains("devicetrust pin rotate-plan"))
        #expect(run.output.isEmpty)
    }

    @Test func unknownSubcommandIsAUsageError() {
        let run = PinCommandRun(["hsah"])
        #expect(run.status == 2)
        #expect(run.errorText.contains("unknown subcommand \"hsah\""))
        #expect(run.errorText.contains("devicetrust pin hash FILE..."))
    }

    @Test func fetchIsRoutedToThePinFetchCommand() {
        let run = PinCommandRun(["fetch"])
        #expect(run.status == 2)
        #expect(!run.errorText.contains("unknown subcommand"))
    }

    @Test(arguments: ["hash", "plist", "check", "rotate-plan"])
    func subcommandHelp(name: String) {
        let run = PinCommandRun([name, "--help"])
        #expect(run.status == 0)
        #expect(run.outputText.hasPrefix("USAGE: devicetrust pin \(name)"))
    }

    @Test func unknownOptionNamesTheOption() {
        let run = PinCommandRun(["rotate-plan", "--curent", "x"])
        #expect(run.status == 2)
        #expect(run.errorText.contains("unknown option --curent"))
    }

    @Test func optionWithoutValue() {
        let run = PinCommandRun(["plist", "--domain"])
        #expect(run.status == 2)
        #expect(run.errorText.contains("--domain needs a value"))
    }
}
