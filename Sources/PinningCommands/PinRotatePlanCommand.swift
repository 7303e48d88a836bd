/// `devicetrust pin rotate-plan --current P --backup B --new-backup N`: the steps of a
/// key rotation and the exact pin set of each release.
///
/// The procedure: ship the current and the backup pin; to rotate, move the server to the
/// backup key (every app in the field already accepts it); ship the backup and a new
/// backup pin in the next release; keep the server on the backup key until the oldest app
/// version in the field has updated; never remove the pin of the key the server uses.
enum PinRotatePlanCommand {
    /// Runs `pin rotate-plan` with the arguments after `rotate-plan`; returns the exit status.
    static func run(_ arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        let plan: PinRotationPlan
        do throws(PinUsageError) {
            let parsed = try PinArguments(arguments, options: ["--current", "--backup", "--new-backup"])
            if parsed.wantsHelp {
                standardOutput(PinUsage.usage(of: "rotate-plan"))
                return PinExitStatus.success
            }
            guard parsed.positionals.isEmpty else {
                throw PinUsageError("unexpected argument \"\(parsed.positionals[0])\"; give the pins with --current, --backup and --new-backup")
            }
            plan = try PinRotationPlan(
                current: parsed.required("--current"),
                backup: parsed.required("--backup"),
                newBackup: parsed.required("--new-backup")
            )
        } catch {
            return error.report(subcommand: "rotate-plan", to: standardError)
        }
        for line in plan.lines { standardOutput(line) }
        return PinExitStatus.success
    }
}

/// A key rotation from the current key to the backup key, with a new backup key.
struct PinRotationPlan: Sendable, Equatable {
    /// The pin of the key the server uses now.
    let current: String
    /// The pin of the backup key, kept offline; the server moves to it.
    let backup: String
    /// The pin of the new backup key, generated for the rotation and kept offline.
    let newBackup: String

    /// A plan for three well-formed, distinct pins.
    ///
    /// - Throws: ``PinUsageError`` naming the malformed pin, or the two options that repeat a pin.
    init(current: String, backup: String, newBackup: String) throws(PinUsageError) {
        try PinValue.validate(current, option: "--current")
        try PinValue.validate(backup, option: "--backup")
        try PinValue.validate(newBackup, option: "--new-backup")
        let named = [("--current", current), ("--backup", backup), ("--new-backup", newBackup)]
        for (index, first) in named.enumerated() {
            for second in named[(index + 1)...] where first.1 == second.1 {
                throw PinUsageError(
                    "\(first.0) and \(second.0) are the same pin; each must belong to a different key pair (generate a new key for the new backup)"
                )
            }
        }
        self.current = current
        self.backup = backup
        self.newBackup = newBackup
    }

    /// The pins of the release in the field now.
    var thisRelease: [String] { [current, backup] }
    /// The pins of the next release, once the server uses the backup key.
    var nextRelease: [String] { [backup, newBackup] }
    /// The pins of the next release if it must ship while the server still uses the current key.
    var transitionalRelease: [String] { [current, backup, newBackup] }

    /// The plan as printed.
    var lines: [String] {
        [
            "Pin rotation plan",
            "",
            "Keys:",
            "  current     \(current)  (the server uses this key now)",
            "  backup      \(backup)  (kept offline; the server moves to it)",
            "  new backup  \(newBackup)  (generate now, keep offline)",
            "",
            "Pin sets:",
            "  this release:  \(thisRelease.joined(separator: " "))",
            "  next release:  \(nextRelease.joined(separator: " "))",
            "  next release, if it ships before the server moved to the backup key:",
            "                 \(transitionalRelease.joined(separator: " "))",
            "",
            "Steps:",
            "  1. Ship this release with the current and the backup pin: \(thisRelease.joined(separator: ", ")).",
            "  2. To rotate (planned, or the current key is lost or compromised), move the server to the backup key \(backup). Every app version with this release's pins accepts it.",
            "  3. Ship the next release with the backup and the new backup pin: \(nextRelease.joined(separator: ", ")). If it ships before step 2 is done, keep the current pin too (\(transitionalRelease.joined(separator: ", "))) and drop it in a later release.",
            "  4. Keep the server on the backup key \(backup), and keep the old pins in the apps, until the oldest app version in the field has updated to the next release; older versions pin only \(thisRelease.joined(separator: ", ")).",
            "  5. Never remove the pin of the key the server currently uses from a release. For the following rotation, run this plan again with --current \(backup) --backup \(newBackup).",
        ]
    }
}
