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
enum PinCheckCommand {
    /// Runs `pin check` with the arguments after `check`; returns the exit status.
    static func run(_ arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        let path: String
        let root: [String: Any]
        var certificatePins: [String]?
        do throws(PinUsageError) {
            let parsed = try PinArguments(arguments, options: ["--cert"])
            if parsed.wantsHelp {
                standardOutput(PinUsage.usage(of: "check"))
                return PinExitStatus.success
            }
            guard parsed.positionals.count == 1 else {
                throw PinUsageError(
                    parsed.positionals.isEmpty
                        ? "give the Info.plist to check" : "give one Info.plist (got \(parsed.positionals.count) files); use --cert for certificates"
                )
            }
            path = parsed.positionals[0]
            root = try readPropertyList(path)
            let certificateFiles = parsed.all("--cert")
            if !certificateFiles.isEmpty {
                var pins: [String] = []
                for file in certificateFiles { pins += try PinCertificateFiles.load(file).map(\.pin) }
                certificatePins = pins
            }
        } catch {
            return error.report(subcommand: "check", to: standardError)
        }
        let findings = PinPlistAudit.findings(in: root, certificatePins: certificatePins)
        for finding in findings { standardOutput("\(path): \(finding)") }
        return findings.isEmpty ? PinExitStatus.success : PinExitStatus.findings
    }

    /// The top-level dictionary of the property list at `path`, XML or binary.
    private static func readPropertyList(_ path: String) throws(PinUsageError) -> [String: Any] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PinUsageError("\(path): cannot read the file (\(error.localizedDescription)); check the path and permissions")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PinUsageError("\(path): not a property list (XML or binary); give the app's Info.plist")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw PinUsageError("\(path): the property list's top level is not a dictionary, so it is not an Info.plist")
        }
        return dictionary
    }
}
