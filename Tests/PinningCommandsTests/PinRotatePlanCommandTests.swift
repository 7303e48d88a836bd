import Testing

@Suite("devicetrust pin rotate-plan")
struct PinRotatePlanCommandTests {
    let current = PinCommandFixtures.fakePin(1)
    let backup = PinCommandFixtures.fakePin(2)
    let newBackup = PinCommandFixtures.fakePin(3)

    @Test func printsThePinSetsOfThisAndTheNextRelease() {
        let run = PinCommandRun(["rotate-plan", "--current", current, "--backup", backup, "--new-backup", newBackup])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output.contains("  this release:  \(current) \(backup)"))
        #expect(run.output.contains("  next release:  \(backup) \(newBackup)"))
        #expect(run.output.contains("                 \(current) \(backup) \(newBackup)"))
        #expect(run.outputText.contains("move the server to the backup key \(backup)"))
        #expect(run.outputText.contains("oldest app version in the field"))
        #expect(run.outputText.contains("Never remove the pin of the key the server currently uses"))
        #expect(run.outputText.contains("--current \(backup) --backup \(newBackup)"))
    }

    @Test func repeatedPinsAreRejected() {
        let run = PinCommandRun(["rotate-plan", "--current", current, "--backup", backup, "--new-backup", current])
        #expect(run.status == 2)
        #expect(run.errorText.contains("--current and --new-backup are the same pin"))
        #expect(run.output.isEmpty)
    }

    @Test(arguments: [
        "not-base64!", "AAAA", "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE",  // unpadded
    ])
    func malformedPinsAreRejected(pin: String) {
        let run = PinCommandRun(["rotate-plan", "--current", current, "--backup", pin, "--new-backup", newBackup])
        #expect(run.status == 2)
        #expect(run.errorText.contains("--backup \"\(pin)\" is not an SPKI-SHA256-BASE64 pin"))
    }

    @Test func missingOptionsAndExtraArguments() {
        let missing = PinCommandRun(["rotate-plan", "--current", current, "--backup", backup])
        #expect(missing.status == 2)
        #expect(missing.errors.first == "devicetrust pin rotate-plan: missing --new-backup")
        let twice = PinCommandRun([
            "rotate-plan", "--current", current, "--current", current, "--backup", backup, "--new-backup", newBackup,
        ])
        #expect(twice.status == 2)
        #expect(twice.errors.first == "devicetrust pin rotate-plan: --current is given more than once")
        let extra = PinCommandRun(["rotate-plan", "now", "--current", current, "--backup", backup, "--new-backup", newBackup])
        #expect(extra.status == 2)
        #expect(extra.errors.first == "devicetrust pin rotate-plan: unexpected argument 'now'")
    }
}
