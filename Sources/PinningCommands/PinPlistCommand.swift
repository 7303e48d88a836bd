import CommandKit
import Pinning

/// `devicetrust pin plist --domain D --pin P --pin BACKUP [--include-subdomains] [--ca]`:
/// prints the `NSAppTransportSecurity` / `NSPinnedDomains` XML fragment to paste into an
/// Info.plist's top-level `<dict>`.
///
/// The pins go under `NSPinnedLeafIdentities` (the leaf's key must match), or under
/// `NSPinnedCAIdentities` with `--ca` (any CA or sub-CA key of the chain must match), each
/// as a dictionary with the key `SPKI-SHA256-BASE64`. The domain and pins are validated
/// with ``Pinning/PinSet``, so at least two distinct pins are required: the current key
/// and a backup key kept offline.
///
/// `NSPinnedDomains` needs iOS 14 / macOS 11 and is not honoured by `WKWebView` or
/// `SFSafariViewController`.
struct PinPlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "plist", abstract: "Print the NSAppTransportSecurity / NSPinnedDomains fragment to paste into Info.plist.",
        synopsis: "--domain D --pin P --pin BACKUP [--include-subdomains] [--ca]",
        discussion: """
            Prints the XML to paste into the Info.plist's top-level <dict>: the pins under
            NSPinnedLeafIdentities (the leaf's key must match) or, with --ca, NSPinnedCAIdentities (any CA
            key of the chain must match). At least two distinct pins are required: the current key's and
            a backup key's, kept offline. NSPinnedDomains needs iOS 14 / macOS 11 and is not honoured by
            WKWebView or SFSafariViewController. Exit status: 0, or 2 for a usage error.
            """,
        options: [
            OptionSpec("--domain", kind: .value("D"), help: "the host to pin, a bare DNS name such as api.example.com"),
            OptionSpec(
                "--pin", kind: .value("P"), repeatable: true,
                help: "an SPKI-SHA256-BASE64 pin (devicetrust pin hash); at least twice: the current key and a backup key"),
            OptionSpec("--include-subdomains", kind: .flag, help: "pin every host below the domain too (NSIncludesSubdomains)"),
            OptionSpec("--ca", kind: .flag, help: "put the pins under NSPinnedCAIdentities instead of NSPinnedLeafIdentities"),
        ])

    /// The domain and its pins, validated by ``Pinning/PinSet``.
    let pinSet: PinSet
    /// Whether the pins go under `NSPinnedCAIdentities` (`--ca`).
    let pinsCA: Bool

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let domain = try arguments.required("--domain")
        let pins = arguments.all("--pin")
        for pin in pins { try PinValue.validate(pin, option: "--pin") }
        pinSet = try Self.makePinSet(domain: domain, pins: pins, includesSubdomains: arguments.flag("--include-subdomains"))
        pinsCA = arguments.flag("--ca")
    }

    func run(_ context: CommandContext) -> Int32 {
        for line in Self.fragment(for: pinSet, pinsCA: pinsCA) { context.standardOutput(line + "\n") }
        return ExitStatus.success
    }

    /// The pin set for the arguments, with ``PinningError``s turned into usage errors.
    private static func makePinSet(domain: String, pins: [String], includesSubdomains: Bool) throws(UsageError) -> PinSet {
        do {
            return try PinSet(domain: domain, pins: pins, includesSubdomains: includesSubdomains)
        } catch let error as PinningError where error.code == .missingBackupPin {
            let distinct = Set(pins).count
            throw UsageError(
                "\(distinct) distinct pin\(distinct == 1 ? "" : "s") given; a backup pin is required: give --pin twice, the current key's pin and the pin of a backup key kept offline"
            )
        } catch {
            throw UsageError(PinErrorText.reason(of: error))
        }
    }

    /// The fragment's lines, tab-indented as Xcode writes plists.
    static func fragment(for pinSet: PinSet, pinsCA: Bool) -> [String] {
        var lines = [
            "<key>NSAppTransportSecurity</key>",
            "<dict>",
            "\t<key>NSPinnedDomains</key>",
            "\t<dict>",
            "\t\t<key>\(escaped(pinSet.domain))</key>",
            "\t\t<dict>",
        ]
        if pinSet.includesSubdomains {
            lines += ["\t\t\t<key>NSIncludesSubdomains</key>", "\t\t\t<true/>"]
        }
        lines += [
            "\t\t\t<key>\(pinsCA ? "NSPinnedCAIdentities" : "NSPinnedLeafIdentities")</key>",
            "\t\t\t<array>",
        ]
        for pin in pinSet.pins {
            lines += [
                "\t\t\t\t<dict>",
                "\t\t\t\t\t<key>SPKI-SHA256-BASE64</key>",
                "\t\t\t\t\t<string>\(escaped(pin))</string>",
                "\t\t\t\t</dict>",
            ]
        }
        lines += ["\t\t\t</array>", "\t\t</dict>", "\t</dict>", "</dict>"]
        return lines
    }

    /// `text` with the XML special characters escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
