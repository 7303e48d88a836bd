@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// The fixture apps: `VulnerableBank` holds realistic vulnerable code per category, with
/// an `EXPECTED` file per category folder listing `path:line rule-id` (paths relative to
/// VulnerableBank); `CleanApp` holds realistic, correct code that must yield nothing.
enum FixtureApps {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var vulnerableBank: String { root.appendingPathComponent("VulnerableBank").path }
    static var cleanApp: String { root.appendingPathComponent("CleanApp").path }

    /// Every `path:line rule-id` the EXPECTED files list.
    static func expectedFindings() throws -> Set<String> {
        var expected: Set<String> = []
        let folders = try FileManager.default.contentsOfDirectory(atPath: vulnerableBank)
        for folder in folders {
            let file = vulnerableBank + "/" + folder + "/EXPECTED"
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                expected.insert(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return expected
    }
}

@Suite("The fixture apps")
struct FixtureAppTests {
    @Test("VulnerableBank: every expected finding is reported, and nothing else")
    func vulnerableBank() throws {
        let result = try AuditRunner.run(AuditRequest(paths: [FixtureApps.vulnerableBank], rules: AuditRuleCatalog.all))
        let reported = Set(result.findings.map { "\($0.file):\($0.range.line) \($0.rule.id)" })
        let expected = try FixtureApps.expectedFindings()
        #expect(reported.subtracting(expected).sorted() == [], "reported but not expected")
        #expect(expected.subtracting(reported).sorted() == [], "expected but not reported")
    }

    @Test("CleanApp: realistic, correct code yields no finding")
    func cleanApp() throws {
        let result = try AuditRunner.run(AuditRequest(paths: [FixtureApps.cleanApp], rules: AuditRuleCatalog.all))
        #expect(result.findings.map { "\($0.file):\($0.range.line) \($0.rule.id): \($0.message)" } == [])
    }
}
