import CommandKit
import Foundation

/// `devicetrust pin check Info.plist [--cert FILE ...]`: reports weak App Transport
/// Security settings and pins that can never match, one line per problem.
///
/// Reads XML and binary property lists. Reports (see ``PinPlistAudit``):
/// - a pinned domain (`NSPinnedDomains`) with fewer than two pins in a pin list;
/// - `NSAllowsArbitraryLoads`, `NSAllowsArbitraryLoadsInWebContent`,
///   `NSAllowsArbitraryLoadsForMedia` set to true;
/// - exception domains allowing insecure HTTP loads;
/// - exception domains with a minimum TLS version below TLS 1.2;
/// - with `--cert` (repeatable): pins that match none of the given certificates.
///
/// Exit status: 1 when anything was reported, 0 when nothing was, 2 for a usage error or
/// an input that cannot be read.
struct PinCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "check", abstract: "Report weak App Transport Security settings and pins that can never match.",
        synopsis: "Info.plist [--cert FILE ...]",
        discussion: """
            Reports pinned domains without a backup pin, arbitrary loads, insecure exception domains,
            TLS below 1.2, and pins matching none of the --cert certificates, one line each, prefixed
            with the Info.plist's path. Reads XML and binary property lists. Exit status: 0 when nothing
            is reported, 1 on any report, 2 for a usage error or an input that cannot be read.
            """,
        options: [
            OptionSpec(
                "--cert", kind: .value("FILE"), repeatable: true,
                help: "a PEM or DER certificate (or chain) the pins must match, repeatable; pins matching none of them are reported")
        ],
        positionals: PositionalSpec("Info.plist", minimum: 1, maximum: 1, help: "the app's Info.plist, XML or binary"))

    /// The property list to check.
    let infoPlist: String
    /// The certificate files the pins are matched against (none: pins are not matched).
    let certificateFiles: [String]

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        guard let infoPlist = arguments.positionals.first else { throw UsageError("missing Info.plist") }
        self.infoPlist = infoPlist
        certificateFiles = arguments.all("--cert")
    }

    func run(_ context: CommandContext) -> Int32 {
        let root: [String: Any]
        var certificatePins: [String]?
        do throws(PinInputError) {
            root = try Self.readPropertyList(infoPlist)
            if !certificateFiles.isEmpty {
                var pins: [String] = []
                for file in certificateFiles { pins += try PinCertificateFiles.load(file).map(\.pin) }
                certificatePins = pins
            }
        } catch {
            report(error.message, to: context)
            return ExitStatus.usage
        }
        let findings = PinPlistAudit.findings(in: root, certificatePins: certificatePins)
        for finding in findings { context.standardOutput("\(infoPlist): \(finding)\n") }
        return findings.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// The top-level dictionary of the property list at `path`, XML or binary.
    private static func readPropertyList(_ path: String) throws(PinInputError) -> [String: Any] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PinInputError("\(path): cannot read the file (\(error.localizedDescription)); check the path and permissions")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PinInputError("\(path): not a property list (XML or binary); give the app's Info.plist")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw PinInputError("\(path): the property list's top level is not a dictionary, so it is not an Info.plist")
        }
        return dictionary
    }
}
