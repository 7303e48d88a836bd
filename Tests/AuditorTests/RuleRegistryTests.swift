@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import RepositoryTestSupport
import Testing

/// The shape every rule has, read from `Sources/AuditRules`: a rule the registry forgot
/// would never run, and neither would its examples.
@Suite("The rule registry and the rule shape")
struct RuleRegistryTests {
    /// Every `struct X: AuditRule` declared in the rules module, by file.
    /// The rules module's folder, and every Swift file in it (paths relative to it, sorted).
    static let folder = RepositoryFiles.root.appendingPathComponent("Sources/AuditRules")
    static let sourceFiles: [String] =
        (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []).sorted()

    static let declaredRules: [(type: String, file: String)] = {
        var found: [(String, String)] = []
        let declaration = #/^struct (\w+): AuditRule\b/#.anchorsMatchLineEndings()
        for file in sourceFiles {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
            for match in text.matches(of: declaration) { found.append((String(match.1), file)) }
        }
        return found
    }()

    /// The rules that read nothing but Mach-O binaries (tested by BuiltAppAuditTests).
    static let binaryOnlyRules: Set<String> = ["platform-binary-hardening"]

    static var registeredTypes: [String] { AuditRuleCatalog.all.map { String(describing: type(of: $0)) } }

    @Test("every rule type in AuditRules is registered, once")
    func everyRuleIsRegistered() {
        #expect(Self.declaredRules.count >= 27, "the scan of Sources/AuditRules found too few rules: \(Self.declaredRules.map(\.type))")
        let registered = Self.registeredTypes
        for rule in Self.declaredRules {
            #expect(registered.contains(rule.type), "\(rule.type) (\(rule.file)) is not in AuditRuleCatalog: add it to its category's list")
        }
        #expect(Set(registered).count == registered.count, "a rule is registered twice: \(registered)")
        #expect(Set(registered) == Set(Self.declaredRules.map(\.type)), "the registry lists a type that is not declared as a rule")
    }

    @Test("rule ids are unique")
    func idsAreUnique() {
        let ids = AuditRuleCatalog.all.map(\.metadata.id)
        #expect(Set(ids).count == ids.count, "duplicate rule ids: \(ids)")
    }

    @Test("each rule names its CWE weakness, except where CWE has no entry that fits")
    func weaknesses() {
        let withoutCWE = AuditRuleCatalog.all.filter { $0.metadata.cwe == nil }.map(\.metadata.id).sorted()
        #expect(
            withoutCWE == [
                "auth-usage-description-missing", "keychain-accessible-in-query", "keychain-delete-then-add", "network-single-pin",
                "platform-att-prompt-at-launch", "platform-jailbreak-exit", "privacy-manifest-missing",
            ], "a new rule must state its CWE (or be added here with the reason none fits)")
        for rule in AuditRuleCatalog.all {
            guard let cwe = rule.metadata.cwe else { continue }
            #expect((1...1500).contains(cwe), "\(rule.metadata.id): CWE-\(cwe) is not a CWE weakness id")
            #expect(RuleListing.explain(rule).contains("CWE-\(cwe)"), "--explain \(rule.metadata.id) must show its CWE")
        }
    }

    @Test("each rule is one main file with its examples in <Rule>+Examples.swift beside it")
    func ruleFilesHaveTheirShape() throws {
        for rule in Self.declaredRules {
            let main = Self.folder.appendingPathComponent(rule.file)
            #expect(main.lastPathComponent == "\(rule.type).swift", "\(rule.type) is declared in \(rule.file), not \(rule.type).swift")
            let examples = main.deletingLastPathComponent().appendingPathComponent("\(rule.type)+Examples.swift")
            let examplesText = try String(contentsOf: examples, encoding: .utf8)
            #expect(
                examplesText.contains("extension \(rule.type) {") && examplesText.contains("var examples: [RuleExample]"),
                "\(examples.lastPathComponent) must hold \(rule.type)'s examples")
            let text = try String(contentsOf: main, encoding: .utf8)
            #expect(!text.contains("let examples: [RuleExample]"), "\(rule.file) keeps its examples inline; they belong in \(rule.type)+Examples.swift")
        }
    }

    @Test("no rule file defines what the engine would not call: its own check(_:project:) or mayMatch(_:)")
    func noShadowedEntryPoints() throws {
        #expect(Self.sourceFiles.count > Self.declaredRules.count)
        for file in Self.sourceFiles {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            // The engine calls the protocol's checks and evaluates the declared pre-check;
            // a rule's own `check(_:project:)` or `mayMatch(_:)` would silently never run.
            #expect(
                !text.contains("func check(_ file: ScannedFile"),
                "\(file) defines check(_:project:); implement checkSwift/checkObjectiveC/checkPropertyList/checkText instead")
            #expect(!text.contains("func mayMatch("), "\(file) defines mayMatch(_:); declare `preCheck` instead")
        }
    }
}
