import CommandKit

/// `devicetrust pin rotate-plan --current P --backup B --new-backup N`: the steps of a
/// key rotation and the exact pin set of each release.
///
/// The procedure: ship the current and the backup pin; to rotate, move the server to the
/// backup key (every app in the field already accepts it); ship the backup and a new
/// backup pin in the next release; keep the server on the backup key until the oldest app
/// version in the field has updated; never remove the pin of the key the server uses.
struct PinRotatePlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "rotate-plan", abstract: "Print the key-rotation steps and the exact pin sets of this release and the next.",
        synopsis: "--current P --backup B --new-backup N",
        discussion: """
            The procedure: ship the current and the backup pin; to rotate, move the server to the backup
            key (every app in the field already accepts it); ship the backup and a new backup pin in the
            next release; keep the server on the backup key until the oldest app version in the field
            has updated; never remove the pin of the key the server uses. The three pins must belong to
            three different key pairs. Exit status: 0, or 2 for a usage error.
            """,
        options: [
            OptionSpec("--current", kind: .value("P"), help: "the pin of the key the server uses now"),
            OptionSpec("--backup", kind: .value("B"), help: "the pin of the backup key, kept offline; the server moves to it"),
            OptionSpec("--new-backup", kind: .value("N"), help: "the pin of a new backup key, generated for this rotation and kept offline"),
        ])

    /// The rotation the three pins describe.
    let plan: PinRotationPlan

    /// Reads the three pins, each well formed.
    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        func pin(_ option: String) throws(UsageError) -> String {
            let pin = try arguments.required(option)
            try PinValue.validate(pin, option: option)
            return pin
        }
        plan = PinRotationPlan(current: try pin("--current"), backup: try pin("--backup"), newBackup: try pin("--new-backup"))
    }

    /// Refuses a pin given for two keys: each must belong to a different key pair.
    func validate() throws(UsageError) {
        let named = [("--current", plan.current), ("--backup", plan.backup), ("--new-backup", plan.newBackup)]
        for (index, first) in named.enumerated() {
            for second in named[(index + 1)...] where first.1 == second.1 {
                throw UsageError(
                    "\(first.0) and \(second.0) are the same pin; each must belong to a different key pair (generate a new key for the new backup)"
                )
            }
        }
    }

    func run(_ context: CommandContext) -> Int32 {
        for line in plan.lines { context.standardOutput(line + "\n") }
        return ExitStatus.success
    }
}
