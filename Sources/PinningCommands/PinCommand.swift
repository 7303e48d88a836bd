import Foundation

/// `devicetrust pin <subcommand>`: the command-line tools for SPKI certificate pinning.
///
/// Five subcommands, each in its own type:
/// - `hash FILE...` (``PinHashCommand``): the SPKI-SHA256-BASE64 pin of each certificate;
/// - `fetch HOST[:PORT]` (`PinFetchCommand`): the chain a TLS server presents, with pins;
/// - `plist` (``PinPlistCommand``): the `NSPinnedDomains` fragment for an Info.plist;
/// - `check Info.plist` (``PinCheckCommand``): weak App Transport Security settings and
///   pins that match none of the given certificates;
/// - `rotate-plan` (``PinRotatePlanCommand``): the steps and pin sets of a key rotation.
///
/// Exit status: 0 on success, 1 when `check` reports problems (or `fetch` cannot verify
/// the chain), 2 for usage errors and unreadable input.
public enum PinCommand {
    /// Runs the arguments after `pin`, writing to the process's standard output and error;
    /// returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        run(
            arguments,
            standardOutput: { print($0) },
            standardError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        )
    }

    /// Runs the arguments after `pin` in process; returns the exit status.
    ///
    /// - Parameters:
    ///   - arguments: the subcommand and its arguments, e.g. `["hash", "leaf.pem"]`.
    ///   - standardOutput: receives each line of normal output, without a newline.
    ///   - standardError: receives each line of diagnostics, without a newline.
    public static func run(
        _ arguments: [String],
        standardOutput: (String) -> Void,
        standardError: (String) -> Void
    ) -> Int32 {
        guard let subcommand = arguments.first else {
            standardError("devicetrust pin: missing subcommand")
            PinUsage.overview.split(separator: "\n", omittingEmptySubsequences: false).forEach { standardError(String($0)) }
            return PinExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "hash": return PinHashCommand.run(rest, standardOutput: standardOutput, standardError: standardError)
        case "fetch": return PinFetchCommand.run(rest, standardOutput: standardOutput, standardError: standardError)
        case "plist": return PinPlistCommand.run(rest, standardOutput: standardOutput, standardError: standardError)
        case "check": return PinCheckCommand.run(rest, standardOutput: standardOutput, standardError: standardError)
        case "rotate-plan":
            return PinRotatePlanCommand.run(rest, standardOutput: standardOutput, standardError: standardError)
        case "--help", "-h", "help":
            PinUsage.overview.split(separator: "\n", omittingEmptySubsequences: false).forEach { standardOutput(String($0)) }
            return PinExitStatus.success
        default:
            standardError("devicetrust pin: unknown subcommand \"\(subcommand)\"")
            PinUsage.overview.split(separator: "\n", omittingEmptySubsequences: false).forEach { standardError(String($0)) }
            return PinExitStatus.usage
        }
    }
}
