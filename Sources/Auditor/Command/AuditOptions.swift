import Foundation

/// The parsed command line of `devicetrust audit`.
public struct AuditOptions: Sendable, Equatable {
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

    public static let usage = """
    usage: devicetrust audit [PATH ...] [--format text|json|sarif] [--output FILE]
                             [--fail-on info|low|medium|high|critical|never]
                             [--baseline FILE] [--write-baseline FILE] [--exclude GLOB ...]
                             [--include-vendored] [--rules ID,...] [--list-rules] [--explain ID]
    """

    /// Parses the arguments after `audit`. `--exclude` takes every following argument up
    /// to the next option, except one that names an existing file or folder and has no
    /// glob character (that is a PATH).
    public static func parse(_ arguments: [String]) throws(AuditUsageError) -> AuditOptions {
        var options = AuditOptions()
        var index = 0
        func value(_ name: String) throws(AuditUsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw AuditUsageError.usage("\(name) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func optionValue() throws(AuditUsageError) -> String {
                if let inline { return inline }
                return try value(name)
            }
            switch name {
            case "--format":
                let text = try optionValue()
                guard let format = AuditReportFormat(rawValue: text) else {
                    throw AuditUsageError.usage("--format must be text, json or sarif, not \(text)")
                }
                options.format = format
            case "--output", "-o": options.output = try optionValue()
            case "--fail-on":
                let text = try optionValue()
                if text == "never" {
                    options.failOn = nil
                } else if let severity = Severity(rawValue: text) {
                    options.failOn = severity
                } else {
                    throw AuditUsageError.usage("--fail-on must be info, low, medium, high, critical or never, not \(text)")
                }
            case "--baseline": options.baseline = try optionValue()
            case "--write-baseline": options.writeBaseline = try optionValue()
            case "--exclude":
                if let inline {
                    options.excludes.append(inline)
                } else {
                    options.excludes.append(try value(name))
                    while index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-"), !looksLikePath(arguments[index + 1]) {
                        index += 1
                        options.excludes.append(arguments[index])
                    }
                }
            case "--include-vendored": options.includeVendored = true
            case "--rules":
                let ids = try optionValue().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard !ids.isEmpty else { throw AuditUsageError.usage("--rules needs at least one rule id") }
                options.ruleIDs = (options.ruleIDs ?? []) + ids
            case "--list-rules": options.listRules = true
            case "--explain": options.explain = try optionValue()
            case "--help", "-h": throw AuditUsageError.usage("help requested")
            default:
                guard !argument.hasPrefix("-") || argument == "-" else {
                    throw AuditUsageError.usage("unknown option \(argument)")
                }
                options.paths.append(argument)
            }
            index += 1
        }
        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }

    private static func looksLikePath(_ argument: String) -> Bool {
        guard !argument.contains(where: { "*?[".contains($0) }) else { return false }
        return FileManager.default.fileExists(atPath: argument)
    }
}
