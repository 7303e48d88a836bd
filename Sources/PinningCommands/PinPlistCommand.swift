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
enum PinPlistCommand {
    /// Runs `pin plist` with the arguments after `plist`; returns the exit status.
    static func run(_ arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        let pinSet: PinSet
        let pinsCA: Bool
        do throws(PinUsageError) {
            let parsed = try PinArguments(arguments, options: ["--domain", "--pin"], flags: ["--include-subdomains", "--ca"])
            if parsed.wantsHelp {
                standardOutput(PinUsage.usage(of: "plist"))
                return PinExitStatus.success
            }
            guard parsed.positionals.isEmpty else {
                throw PinUsageError("unexpected argument \"\(parsed.positionals[0])\"; give the domain with --domain and each pin with --pin")
            }
            let domain = try parsed.required("--domain")
            let pins = parsed.all("--pin")
            for pin in pins { try PinValue.validate(pin, option: "--pin") }
            pinSet = try makePinSet(domain: domain, pins: pins, includesSubdomains: parsed.flags.contains("--include-subdomains"))
            pinsCA = parsed.flags.contains("--ca")
        } catch {
            return error.report(subcommand: "plist", to: standardError)
        }
        for line in fragment(for: pinSet, pinsCA: pinsCA) { standardOutput(line) }
        return PinExitStatus.success
    }

    /// The pin set for the arguments, with ``PinningError``s turned into usage errors.
    private static func makePinSet(domain: String, pins: [String], includesSubdomains: Bool) throws(PinUsageError) -> PinSet {
        do {
            return try PinSet(domain: domain, pins: pins, includesSubdomains: includesSubdomains)
        } catch let error as PinningError where error.code == .missingBackupPin {
            let distinct = Set(pins).count
            throw PinUsageError(
                "\(distinct) distinct pin\(distinct == 1 ? "" : "s") given; a backup pin is required: give --pin twice, the current key's pin and the pin of a backup key kept offline"
            )
        } catch {
            throw PinUsageError(PinErrorText.reason(of: error))
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
