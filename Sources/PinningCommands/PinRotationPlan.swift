/// A key rotation from the current key to the backup key, with a new backup key: three
/// well-formed pins of three different key pairs (``PinRotatePlanCommand`` checks both).
struct PinRotationPlan: Sendable, Equatable {
    /// The pin of the key the server uses now.
    let current: String
    /// The pin of the backup key, kept offline; the server moves to it.
    let backup: String
    /// The pin of the new backup key, generated for the rotation and kept offline.
    let newBackup: String

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
