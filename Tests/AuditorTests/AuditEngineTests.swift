@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

@Suite("The audit engine on hostile input")
struct AuditEngineRobustnessTests {
    @Test("invalid UTF-8, binary and malformed plists, unparsable Swift and an empty file do not stop the scan")
    func hostileFiles() throws {
        let root = try AuditCommandTests.tree([
            "Good.swift": AuditCommandTests.leaky,
            "Broken.swift": "func ( { let = \n class {{{{ UserDefaults.standard.set(token, forKey: \"token\"",
            "Empty.swift": "",
            "Bad.plist": "<plist><dict><key>unterminated",
            "Config.json": "{\"not\": ",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try Data([0x66, 0x75, 0x6E, 0x63, 0xFF, 0xFE, 0x0A] + Array(AuditCommandTests.leaky.utf8))
            .write(to: root.appendingPathComponent("Latin1.swift"))
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]], format: .binary, options: 0)
        try binary.write(to: root.appendingPathComponent("Info.plist"))
        let result = try AuditRunner.run(AuditRequest(paths: [root.path], rules: AuditRuleCatalog.all))
        #expect(result.filesScanned == 6)
        #expect(result.notes.contains { $0.hasPrefix("Bad.plist") })
        let files = Set(result.findings.map(\.file))
        #expect(files.isSuperset(of: ["Good.swift", "Latin1.swift"]))
    }

    @Test("a 20 MB file is skipped with a note; deep nesting does not overflow the stack")
    func hugeAndDeep() throws {
        let root = try AuditCommandTests.tree([
            "Deep.swift": String(repeating: "(", count: 20_000) + String(repeating: ")", count: 20_000)
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(count: 20 * 1024 * 1024).write(to: root.appendingPathComponent("Huge.swift"))
        let result = try AuditRunner.run(AuditRequest(paths: [root.path], rules: AuditRuleCatalog.all))
        #expect(result.notes.contains { $0.hasPrefix("Huge.swift") })
    }

    @Test("fingerprints survive lines added above and edits elsewhere; identical lines get distinct ones")
    func fingerprints() {
        let rule = [AuditRuleCatalog.rule("storage-secret-in-userdefaults")!]
        let line = "    UserDefaults.standard.set(token, forKey: \"authToken\")"
        func prints(_ source: String) -> [String] {
            AuditRunner.audit(contents: [("A.swift", Data(source.utf8))], rules: rule).findings.map(\.fingerprint)
        }
        let original = prints("func a(token: String) {\n\(line)\n}\n")
        let shifted = prints("import Foundation\n\n// changed\nfunc a(token: String) {\n\(line)\n    let x = 1\n}\n")
        #expect(original.count == 1 && original == shifted)
        let twice = prints("func a(token: String) {\n\(line)\n\(line)\n}\n")
        #expect(twice.count == 2 && Set(twice).count == 2 && twice.contains(original[0]))
    }

    @Test("suppressions need the rule id and a reason, on the line or the line above")
    func suppressions() {
        let rule = [AuditRuleCatalog.rule("storage-secret-in-userdefaults")!]
        let call = "UserDefaults.standard.set(token, forKey: \"authToken\")"
        func count(_ source: String) -> Int {
            AuditRunner.audit(contents: [("A.swift", Data(source.utf8))], rules: rule).findings.count
        }
        #expect(count("func a(token: String) {\n    // devicetrust:ignore storage-secret-in-userdefaults migrating\n    \(call)\n}") == 0)
        #expect(count("func a(token: String) {\n    \(call) // devicetrust:ignore storage-secret-in-userdefaults migrating\n}") == 0)
        #expect(count("func a(token: String) {\n    // devicetrust:ignore storage-secret-in-userdefaults\n    \(call)\n}") == 1)
        #expect(count("func a(token: String) {\n    // devicetrust:ignore keychain-accessible-missing because\n    \(call)\n}") == 1)
        #expect(count("func a(token: String) {\n    // devicetrust:ignore storage-secret-in-userdefaults two lines up\n\n    \(call)\n}") == 1)
    }
}

@Suite("Exclude globs")
struct GlobTests {
    @Test(
        "* and ? stay within a component; ** crosses components; a bare name matches any component",
        arguments: [
            ("Generated/**", "Generated/A.swift", true), ("Generated/**", "App/Generated/A.swift", false),
            ("**/Generated/**", "App/Generated/A.swift", true), ("*.generated.swift", "App/X.generated.swift", true),
            ("App/*.swift", "App/Sub/A.swift", false), ("App/*.swift", "App/A.swift", true),
            ("Generated", "App/Generated/A.swift", true), ("Tests", "AppTests/A.swift", false),
            ("App/?.swift", "App/A.swift", true), ("App/?.swift", "App/AB.swift", false),
            ("./Generated/**", "Generated/A.swift", true), ("App/Sub", "App/Sub/Deep/A.swift", true),
        ])
    func matching(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }
}

@Suite("Columns")
struct ColumnTests {
    @Test("text columns count UTF-8 bytes, as the compiler's do; SARIF columns count Unicode code points")
    func nonASCIIColumns() throws {
        // "é" is 2 bytes and "🔑" 4 (one code point each): the call starts at byte 21, code point 17.
        let source = "func a(token: String) {\n    let é🔑 = 1; UserDefaults.standard.set(token, forKey: \"authToken\")\n}\n"
        let rule = [AuditRuleCatalog.rule("storage-secret-in-userdefaults")!]
        let result = AuditRunner.audit(contents: [("A.swift", Data(source.utf8))], rules: rule)
        let finding = try #require(result.findings.first)
        #expect(finding.range.column == 21)
        #expect(finding.codePointRange.column == 17)
        let sarif = AuditReportFormat.sarif.render(result)
        #expect(sarif.contains("\"startColumn\" : 17"))
    }
}
