import AuditKit
import AuditRules
import CommandKit
import Foundation

/// The parsed command line of `devicetrust audit`.
public struct AuditOptions: Sendable, Equatable {
    public init() {}

    public var paths: [String] = []
    public var format: AuditReportFormat = .text
    public var output: String?
    /// nil for `--fail-on never`.
    public var failOn: Severity? = .high
    public var baseline: String?
    public var writeBaseline: String?
    public var excludes: [String] = []
    public var includeVendored = false
    public var ruleIDs: [String]?
    public var listRules = false
    public var explain: String?

    /// The options `devicetrust audit` declares, for parsing and for its help.
    public static let configuration = CommandConfiguration(
        name: "audit", abstract: "Find the seeds' security pitfalls in iOS code and project files, or in a built app (.ipa, .app).",
        synopsis: """
            [PATH ...] [--format text|json|sarif] [--output FILE] \
            [--fail-on info|low|medium|high|critical|never] [--baseline FILE] [--write-baseline FILE] \
            [--exclude GLOB ...] [--include-vendored] [--rules ID,...] [--list-rules] [--explain ID]
            """,
        discussion: """
            Reads Swift, Objective-C, property lists and project files under each PATH (default: the
            current folder) and reports every finding with its rule, severity, place and fix. A PATH
            that is an .ipa or an .app folder is audited as it ships: its Info.plist, resources,
            entitlements, provisioning profile and Mach-O binaries (read in place, never unpacked;
            an archive that climbs out of itself or inflates like a zip bomb is refused). Exit
            status: 0 when nothing is at or above --fail-on, 1 when something is, 2 for a usage error
            or unreadable input. DEVICETRUST_AUDIT_WHOLE_FILES=1 parses whole files, and
            DEVICETRUST_AUDIT_NO_PRECHECKS=1 runs every rule on every file (diagnostics that must
            give the same findings).
            """,
        options: [
            OptionSpec("--format", kind: .value("FORMAT"), help: "text (default), json or sarif (SARIF 2.1.0)"),
            OptionSpec("--output", "-o", kind: .value("FILE"), help: "write the report to FILE instead of standard output"),
            OptionSpec(
                "--fail-on", kind: .value("SEVERITY"),
                help: "exit 1 when a finding is at or above info, low, medium, high (default) or critical; never: always 0"),
            OptionSpec("--baseline", kind: .value("FILE"), help: "report only findings that are not in this baseline"),
            OptionSpec("--write-baseline", kind: .value("FILE"), help: "write every finding of this run as a baseline"),
            OptionSpec(
                "--exclude", kind: .values("GLOB", stop: looksLikePath), repeatable: true,
                help:
                    "skip files matching GLOB; takes every following argument up to the next option, except an existing file or folder without a glob character (a PATH)"
            ),
            OptionSpec(
                "--include-vendored", kind: .flag,
                help:
                    "also scan what package managers fetched (Pods, Carthage, SwiftPM checkouts); code copied into Vendor/ or ThirdParty/ is always scanned, marked third-party"
            ),
            OptionSpec("--rules", kind: .value("ID,..."), repeatable: true, help: "run only these rules (repeatable)"),
            OptionSpec("--list-rules", kind: .flag, help: "list the rules and exit"),
            OptionSpec("--explain", kind: .value("ID"), help: "explain one rule: what it finds, why, and the fix"),
        ],
        positionals: PositionalSpec("PATH", help: "files or folders to audit, or a built app (.ipa, .app) (default .)"))

    /// The usage lines.
    public static var usage: String { HelpText.usage(configuration, path: ["devicetrust", "audit"]) }

    /// Parses the arguments after `audit`. `--exclude` takes every following argument up
    /// to the next option, except one that names an existing file or folder and has no
    /// glob character (that is a PATH).
    public static func parse(_ arguments: [String]) throws(UsageError) -> AuditOptions {
        try AuditOptions(arguments: try ParsedArguments(arguments, for: configuration))
    }

    /// The options the parsed arguments give.
    /// - Throws: ``UsageError`` for a format, severity or rule list that is not one of the accepted ones.
    public init(arguments: ParsedArguments) throws(UsageError) {
        if let text = arguments.value("--format") {
            guard let format = AuditReportFormat(rawValue: text) else {
                throw UsageError("--format must be text, json or sarif, not \(text)")
            }
            self.format = format
        }
        output = arguments.value("--output")
        if let text = arguments.value("--fail-on") {
            if text == "never" {
                failOn = nil
            } else if let severity = Severity(rawValue: text) {
                failOn = severity
            } else {
                throw UsageError("--fail-on must be info, low, medium, high, critical or never, not \(text)")
            }
        }
        baseline = arguments.value("--baseline")
        writeBaseline = arguments.value("--write-baseline")
        excludes = arguments.all("--exclude")
        includeVendored = arguments.flag("--include-vendored")
        for list in arguments.all("--rules") {
            let ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !ids.isEmpty else { throw UsageError("--rules needs at least one rule id") }
            ruleIDs = (ruleIDs ?? []) + ids
        }
        listRules = arguments.flag("--list-rules")
        explain = arguments.value("--explain")
        paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
    }

    @Sendable private static func looksLikePath(_ argument: String) -> Bool {
        guard !argument.contains(where: { "*?[".contains($0) }) else { return false }
        return FileManager.default.fileExists(atPath: argument)
    }
}
