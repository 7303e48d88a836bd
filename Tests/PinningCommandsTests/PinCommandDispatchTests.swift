import Testing

@Suite("devicetrust pin: dispatch and usage")
struct PinCommandDispatchTests {
    @Test func helpListsAllFiveSubcommands() {
        let run = PinCommandRun(["--help"])
        #expect(run.status == 0)
        #expect(run.output.first == "Certificate pinning tools: hash, fetch, plist, check, rotate-plan.")
        for name in ["hash", "fetch", "plist", "check", "rotate-plan"] {
            #expect(run.output.contains { $0.hasPrefix("  \(name) ") }, "help lacks \(name)")
        }
        #expect(run.errors.isEmpty)
    }

    @Test func noSubcommandIsAUsageError() {
        let run = PinCommandRun([])
        #expect(run.status == 2)
        #expect(
            run.errors == [
                "devicetrust pin: a subcommand is required",
                "USAGE: devicetrust pin <subcommand>",
                "See 'devicetrust pin --help'.",
            ])
        #expect(run.output.isEmpty)
    }

    @Test func unknownSubcommandNamesTheClosestOne() {
        let run = PinCommandRun(["hsah"])
        #expect(run.status == 2)
        #expect(run.errors.first == "devicetrust pin: unknown subcommand 'hsah'; did you mean 'hash'?")
        #expect(run.output.isEmpty)
    }

    @Test func fetchIsRoutedToThePinFetchCommand() {
        let run = PinCommandRun(["fetch"])
        #expect(run.status == 2)
        #expect(run.errors.first == "devicetrust pin fetch: missing HOST[:PORT]")
    }

    @Test(arguments: ["hash", "fetch", "plist", "check", "rotate-plan"])
    func subcommandHelp(name: String) {
        for flag in ["--help", "-h"] {
            let run = PinCommandRun([name, flag])
            #expect(run.status == 0)
            #expect(run.output.contains { $0.hasPrefix("USAGE: devicetrust pin \(name) ") }, "\(flag)")
            #expect(run.output.contains("  -h, --help                    Show this help."))
            #expect(run.errors.isEmpty)
        }
    }

    @Test func unknownOptionNamesTheOptionAndTheClosestOne() {
        let run = PinCommandRun(["rotate-plan", "--curent", "x"])
        #expect(run.status == 2)
        #expect(
            run.errors == [
                "devicetrust pin rotate-plan: unknown option '--curent'; did you mean '--current'?",
                "USAGE: devicetrust pin rotate-plan --current P --backup B --new-backup N",
                "See 'devicetrust pin rotate-plan --help'.",
            ])
        #expect(run.output.isEmpty)
    }

    @Test func optionWithoutValue() {
        let run = PinCommandRun(["plist", "--domain"])
        #expect(run.status == 2)
        #expect(run.errors.first == "devicetrust pin plist: --domain needs a value")
    }
}
