import CommandKit

/// `devicetrust pin <subcommand>`: the command-line tools for SPKI certificate pinning, a
/// group of the `devicetrust` program.
///
/// Five subcommands, each a `ParsableCommand` in its own file:
/// - `hash FILE...` (`PinHashCommand`): the SPKI-SHA256-BASE64 pin of each certificate;
/// - `fetch HOST[:PORT]` (`PinFetchCommand`): the chain a TLS server presents, with pins;
/// - `plist` (`PinPlistCommand`): the `NSPinnedDomains` fragment for an Info.plist;
/// - `check Info.plist` (`PinCheckCommand`): weak App Transport Security settings and
///   pins that match none of the given certificates;
/// - `rotate-plan` (`PinRotatePlanCommand`): the steps and pin sets of a key rotation.
///
/// Exit status (``CommandKit/ExitStatus``): 0 on success, 1 when `check` reports problems
/// or `fetch` cannot verify the chain, 2 for usage errors and unreadable input.
public enum PinCommand {
    /// The `pin` group with its five subcommands.
    public static let group = CommandGroup(
        name: "pin", abstract: "Certificate pinning tools: hash, fetch, plist, check, rotate-plan.",
        discussion: """
            Pins are SPKI-SHA256-BASE64: the base64 SHA-256 of a certificate's DER SubjectPublicKeyInfo.
            Exit status: 0 success, 1 problems reported, 2 usage error or unreadable input.
            """,
        members: [
            .command(PinHashCommand.self),
            .command(PinFetchCommand.self),
            .command(PinPlistCommand.self),
            .command(PinCheckCommand.self),
            .command(PinRotatePlanCommand.self),
        ])
}
