@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// One example of one rule, as a test argument.
struct RuleExampleCase: Sendable, CustomTestStringConvertible {
    let ruleID: String
    let index: Int

    var rule: any AuditRule { AuditRuleCatalog.rule(ruleID)! }
    var example: RuleExample { rule.examples[index] }
    var testDescription: String { "\(ruleID) #\(index + 1)" + (example.triggers ? "" : " (clean)") }

    static let all: [RuleExampleCase] = AuditRuleCatalog.all.flatMap { rule in
        rule.examples.indices.map { RuleExampleCase(ruleID: rule.metadata.id, index: $0) }
    }
}

/// Runs `rule` on `source` as the example's file, with the example's other files.
func findings(of rule: any AuditRule, source: String, example: RuleExample) -> [Finding] {
    var contents = [(path: example.language.fileName, data: Data(source.utf8))]
    for (path, text) in example.otherFiles.sorted(by: { $0.key < $1.key }) { contents.append((path, Data(text.utf8))) }
    return AuditRunner.audit(contents: contents, rules: [rule]).findings.filter { $0.file == example.language.fileName }
}

@Suite("Every rule's examples")
struct RuleExampleTests {
    @Test("report exactly at the ↓ markers, and nothing in clean examples", arguments: RuleExampleCase.all)
    func reportsAtMarkers(_ testCase: RuleExampleCase) {
        let example = testCase.example
        let found = findings(of: testCase.rule, source: example.source, example: example)
        let positions = Set(found.map { SourceRange(line: $0.range.line, column: $0.range.column) })
        #expect(positions == Set(example.markedPositions), "found: \(found.map { "\($0.range.line):\($0.range.column) \($0.message)" })")
        #expect(found.allSatisfy { !$0.message.isEmpty })
    }

    @Test("do not fire when the example is inside a comment", arguments: RuleExampleCase.all)
    func silentInComments(_ testCase: RuleExampleCase) {
        let example = testCase.example
        guard let wrapped = ExampleWrapping.comment(example) else { return }
        #expect(findings(of: testCase.rule, source: wrapped, example: example).isEmpty)
    }

    @Test("do not fire when the example is inside a string literal", arguments: RuleExampleCase.all)
    func silentInStrings(_ testCase: RuleExampleCase) {
        let example = testCase.example
        guard example.silencedInsideStrings, let wrapped = ExampleWrapping.string(example) else { return }
        #expect(findings(of: testCase.rule, source: wrapped, example: example).isEmpty)
    }
}

/// The example's code inside a comment or a string literal of its own language.
enum ExampleWrapping {
    static func lines(_ example: RuleExample) -> [Substring] {
        example.source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func comment(_ example: RuleExample) -> String? {
        switch example.language {
        case .swift, .objectiveC:
            return lines(example).map { "// " + $0 }.joined(separator: "\n")
        case .propertyList:
            let body = example.source.replacingOccurrences(of: "--", with: "- -")
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n<!--\n\(body)\n-->\n</dict></plist>\n"
        case .text(let name):
            return name.hasSuffix(".xcconfig") ? lines(example).map { "// " + $0 }.joined(separator: "\n") : nil
        }
    }

    static func string(_ example: RuleExample) -> String? {
        switch example.language {
        case .swift:
            return "let example = #\"\"\"\n" + example.source + "\n\"\"\"#\n"
        case .objectiveC:
            return lines(example).enumerated().map { index, line in
                let escaped = line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                return "NSString *line\(index) = @\"\(escaped)\";"
            }.joined(separator: "\n")
        case .propertyList:
            let escaped = example.source.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>Example</key><string>\(escaped)</string></dict></plist>\n"
        case .text:
            return nil
        }
    }
}

@Suite("The rule catalog")
struct RuleCatalogTests {
    @Test("ids are unique, lower-case and hyphenated, and start with their category")
    func ids() {
        let ids = AuditRuleCatalog.all.map(\.metadata.id)
        #expect(Set(ids).count == ids.count)
        for rule in AuditRuleCatalog.all {
            let id = rule.metadata.id
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id)")
            let prefix = rule.metadata.category == .secrets ? "secret" : rule.metadata.category.rawValue
            #expect(id.hasPrefix(prefix + "-") || (rule.metadata.category == .logging && id.hasPrefix("log-")), "\(id)")
        }
    }

    @Test("every rule explains itself and has examples that do and do not trigger")
    func metadataAndExamples() {
        for rule in AuditRuleCatalog.all {
            let metadata = rule.metadata
            #expect(!metadata.title.isEmpty && metadata.rationale.count > 40 && metadata.fix.count > 20, "\(metadata.id)")
            #expect(metadata.masvs.hasPrefix("MASVS-"), "\(metadata.id)")
            guard !RuleRegistryTests.binaryOnlyRules.contains(metadata.id) else { continue }
            #expect(rule.examples.contains { $0.triggers }, "\(metadata.id) has no triggering example")
            #expect(rule.examples.contains(where: { !$0.triggers }), "\(metadata.id) has no clean example")
        }
    }
}
