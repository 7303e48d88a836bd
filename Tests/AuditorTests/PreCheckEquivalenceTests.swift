@testable import AuditKit
@testable import AuditRules
import Foundation
import RepositoryTestSupport
import Testing

/// Triggers and pre-checks (``PreCheck``) only buy speed: with them off, every rule checks
/// every file whole, and the findings must be the same. This is what vouches for the
/// hand-written parts of pre-checks (``PreCheck/swiftCustom(_:_:)``), which no declared
/// word can state.
@Suite("Pre-checks change speed, never findings")
struct PreCheckEquivalenceTests {
    private static func describe(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.range.line):\($0.range.column)-\($0.range.endLine):\($0.range.endColumn) \($0.rule.id) \($0.message)" }
    }

    private static func findings(_ path: String, preChecks: Bool) throws -> [String] {
        var request = AuditRequest(paths: [path], includeVendored: true, rules: AuditRuleCatalog.all)
        request.preChecks = preChecks
        return describe(try AuditRunner.run(request).findings)
    }

    @Test(
        "every example of every rule, also inside a comment and a string, with and without pre-checks",
        arguments: AuditRuleCatalog.all.map(\.metadata.id))
    func examples(ruleID: String) throws {
        let rule = try #require(AuditRuleCatalog.rule(ruleID))
        for (index, example) in rule.examples.enumerated() {
            let variants = [example.source, "/*\n\(example.source)\n*/", "let text = \"\"\"\n\(example.source)\n\"\"\""]
            for (variant, source) in variants.enumerated() where variant == 0 || example.language == .swift {
                var contents = [(path: example.language.fileName, data: Data(source.utf8))]
                for (path, text) in example.otherFiles.sorted(by: { $0.key < $1.key }) { contents.append((path, Data(text.utf8))) }
                let with = Self.describe(AuditRunner.audit(contents: contents, rules: AuditRuleCatalog.all).findings)
                let without = Self.describe(AuditRunner.audit(contents: contents, rules: AuditRuleCatalog.all, preChecks: false).findings)
                #expect(with == without, "\(ruleID) example #\(index + 1), variant \(variant): pre-checks changed the findings of all rules")
            }
        }
    }

    @Test(
        "the fixture apps and this repository get identical findings with and without pre-checks",
        arguments: ["Tests/AuditorTests/Fixtures/VulnerableBank", "Tests/AuditorTests/Fixtures/CleanApp", "Sources", "Tests"])
    func trees(folder: String) throws {
        let path = RepositoryFiles.root.appendingPathComponent(folder).path
        let with = try Self.findings(path, preChecks: true)
        let without = try Self.findings(path, preChecks: false)
        #expect(with == without)
        if folder.hasSuffix("VulnerableBank") || folder == "Tests" {
            #expect(!with.isEmpty, "the comparison means something only where there are findings")
        }
    }

    @Test("the hand-written pre-checks are the ones this suite vouches for, and each says what it looks for")
    func handWrittenPreChecksAreNamed() {
        let handWritten = AuditRuleCatalog.all.filter(\.preCheck.isHandWritten).map(\.metadata.id).sorted()
        #expect(
            handWritten == ["crypto-hardcoded-key", "keychain-errors-collapsed", "keychain-synchronizable-secret", "network-single-pin", "secret-hardcoded"],
            "a rule gained or lost a hand-written pre-check: check that this suite's examples and trees exercise it")
    }
}
