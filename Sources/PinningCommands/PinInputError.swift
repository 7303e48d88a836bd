import CommandKit

/// An input file a `pin` subcommand cannot use (unreadable, empty, not a certificate, not a
/// property list), named with why: not a usage error, since the command line was right.
/// Reported with `report(_:to:)` (below) and exit status 2
/// (``CommandKit/ExitStatus/usage``: unreadable input).
struct PinInputError: Error, Sendable, Equatable {
    /// The path and what is wrong with the file.
    let message: String

    init(_ message: String) { self.message = message }
}

extension ParsableCommand {
    /// Writes `devicetrust pin <subcommand>: <message>` to standard error: how a `pin`
    /// subcommand reports what went wrong while it ran.
    func report(_ message: String, to context: CommandContext) {
        context.standardError("devicetrust pin \(Self.configuration.name): \(message)\n")
    }
}
