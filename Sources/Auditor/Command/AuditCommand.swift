import AuditKit
import AuditRules
import CommandKit
import Foundation

/// `devicetrust audit`: parses options, runs the audit, writes the report, and returns
/// the exit status: 0 when nothing is at or above `--fail-on`, 1 when something is, 2 for
/// a usage error or unreadable input.
public enum AuditCommand {
    /// Runs with the arguments after `audit`, writing to standard output and error.
    public static func run(_ arguments: [String]) -> Int32 {
        run(
            arguments, standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Runs with the arguments after `audit`; output goes to the given sinks.
    public static func run(_ arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        let options: AuditOptions
        do throws(UsageError) {
            options = try AuditOptions.parse(arguments)
        } catch {
            reportUsageError(error, to: standardError)
            return ExitStatus.usage
        }
        return run(options, standardOutput: standardOutput, standardError: standardError)
    }

    /// Runs the audit `options` describe; output goes to the given sinks.
    public static func run(_ options: AuditOptions, standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        do throws(Failure) {
            if options.listRules {
                standardOutput(RuleListing.list(AuditRuleCatalog.all))
                return 0
            }
            if let id = options.explain {
                guard let rule = AuditRuleCatalog.rule(id) else { throw .usage(Self.unknownRule(id)) }
                standardOutput(RuleListing.explain(rule))
                return 0
            }
            let rules: [any AuditRule]
            do throws(UsageError) { rules = try selectedRules(options.ruleIDs) } catch { throw .usage(error) }
            let baseline: Baseline?
            do throws(AuditInputError) { baseline = try options.baseline.map { (path) throws(AuditInputError) in try Baseline.read(path: path) } } catch {
                throw .input(error)
            }
            var request = AuditRequest(
                paths: options.paths, excludes: options.excludes.map(Glob.init), includeVendored: options.includeVendored,
                rules: rules, baseline: baseline
            )
            // A diagnostic switch, not an option: parse whole files, to compare with the
            // focused parse (which must give the same findings).
            request.focusedParsing = ProcessInfo.processInfo.environment["DEVICETRUST_AUDIT_WHOLE_FILES"] == nil
            // Likewise: run every rule on every file, to compare with the pre-checks.
            request.preChecks = ProcessInfo.processInfo.environment["DEVICETRUST_AUDIT_NO_PRECHECKS"] == nil
            let result: AuditResult
            do throws(AuditInputError) { result = try AuditRunner.run(request) } catch { throw .input(error) }
            if let path = options.writeBaseline {
                guard FileManager.default.createFile(atPath: path, contents: Baseline(findings: result.findings).encoded()) else {
                    throw .input(AuditInputError("cannot write the baseline \(path)"))
                }
            }
            let report = options.format.render(result)
            if let path = options.output {
                guard FileManager.default.createFile(atPath: path, contents: Data(report.utf8)) else {
                    throw .input(AuditInputError("cannot write the report \(path)"))
                }
                // The report went to a file: say what it holds on standard error.
                standardError(String(TextReport.render(result).split(separator: "\n").last ?? "") + " -> \(path)\n")
            } else {
                standardOutput(report)
            }
            guard let threshold = options.failOn else { return 0 }
            return result.findings.contains { $0.rule.severity >= threshold } ? ExitStatus.failure : ExitStatus.success
        } catch {
            switch error {
            case .usage(let usage): reportUsageError(usage, to: standardError)
            case .input(let input): standardError("devicetrust audit: \(input)\n")
            }
            return ExitStatus.usage
        }
    }

    /// Why a run stopped before reporting: both exit 2.
    private enum Failure: Error {
        case usage(UsageError)
        case input(AuditInputError)
    }

    /// A usage error in the form every `devicetrust` command uses (``CommandLineProgram``).
    private static func reportUsageError(_ error: UsageError, to standardError: (String) -> Void) {
        standardError(error.report(command: "devicetrust audit", usage: AuditOptions.usage))
    }

    /// An unknown rule id, named with the closest known one.
    private static func unknownRule(_ id: String) -> UsageError {
        let ids = AuditRuleCatalog.all.map(\.metadata.id)
        let suggestion = ClosestName.closest(to: id, among: ids).map { "; did you mean '\($0)'?" } ?? "; --list-rules lists them"
        return UsageError("no rule '\(id)'\(suggestion)")
    }

    static func selectedRules(_ ids: [String]?) throws(UsageError) -> [any AuditRule] {
        guard let ids else { return AuditRuleCatalog.all }
        var rules: [any AuditRule] = []
        for id in ids {
            guard let rule = AuditRuleCatalog.rule(id) else { throw unknownRule(id) }
            rules.append(rule)
        }
        return rules
    }
}

/// `devicetrust audit` as a command of the `devicetrust` program.
public struct AuditSubcommand: ParsableCommand {
    /// The options, help and name (``AuditOptions/configuration``).
    public static var configuration: CommandConfiguration { AuditOptions.configuration }

    /// What to audit and how to report it.
    public let options: AuditOptions

    /// The command the parsed arguments describe.
    public init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        options = try AuditOptions(arguments: arguments)
    }

    /// Runs the audit; see ``AuditCommand`` for the exit statuses.
    public func run(_ context: CommandContext) -> Int32 {
        AuditCommand.run(options, standardOutput: context.standardOutput, standardError: context.standardError)
    }
}
