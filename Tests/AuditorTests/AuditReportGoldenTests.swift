@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// The three report formats against golden files, on `Fixtures/Golden/App` with two fixed
/// rules (so new rules do not change the goldens). Regenerate after an intended change
/// with `DEVICETRUST_UPDATE_GOLDEN=1 swift test --filter AuditReportGoldenTests`.
@Suite("Report formats")
struct AuditReportGoldenTests {
    static let golden = FixtureApps.root.appendingPathComponent("Golden")
    static let app = golden.appendingPathComponent("App").path
    static let rules = "storage-secret-in-userdefaults,keychain-accessible-missing"

    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        var output = "", error = ""
        let status = AuditCommand.run(arguments, standardOutput: { output += $0 }, standardError: { error += $0 })
        return (status, output, error)
    }

    @Test("text, json and sarif match their golden files", arguments: AuditReportFormat.allCases)
    func matchesGolden(_ format: AuditReportFormat) throws {
        let result = Self.run([Self.app, "--rules", Self.rules, "--format", format.rawValue, "--fail-on", "never"])
        #expect(result.status == 0)
        let goldenFile = Self.golden.appendingPathComponent("expected.\(format.rawValue)")
        if ProcessInfo.processInfo.environment["DEVICETRUST_UPDATE_GOLDEN"] == "1" {
            try result.output.write(to: goldenFile, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: goldenFile, encoding: .utf8)
        #expect(result.output == expected)
    }

    @Test("text lines have the Xcode form path:line:column: error|warning: message [rule-id]")
    func textForm() {
        let lines = Self.run([Self.app, "--rules", Self.rules]).output.split(separator: "\n")
        #expect(lines.contains("Sources/TokenVault.swift:7:9: error: token is stored in UserDefaults under sessionToken [storage-secret-in-userdefaults]"))
        #expect(
            lines.contains(
                "Sources/TokenVault.swift:14:9: warning: SecItemAdd query has neither kSecAttrAccessible nor kSecAttrAccessControl [keychain-accessible-missing]"
            ))
        #expect(lines.last?.hasPrefix("3 findings in 2 files") == true)
    }

    @Test("the SARIF validates against the official SARIF 2.1.0 schema")
    func sarifValidates() throws {
        let sarif = Self.run([Self.app, "--format", "sarif", "--fail-on", "never"]).output
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-\(UUID().uuidString).sarif")
        try sarif.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let schema = FixtureApps.root.appendingPathComponent("sarif-schema-2.1.0.json").path
        let validator = Process()
        validator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        validator.arguments = [
            "python3", "-c",
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            jsonschema.Draft4Validator(schema).validate(log)
            assert log["runs"][0]["tool"]["driver"]["rules"], "no rules"
            print("valid")
            """, schema, file.path,
        ]
        let pipe = Pipe()
        validator.standardOutput = pipe
        validator.standardError = pipe
        try validator.run()
        validator.waitUntilExit()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(validator.terminationStatus == 0, "\(said)")
    }

    @Test("every rule is described under tool.driver.rules with its fix text")
    func sarifRules() throws {
        let sarif = Self.run([Self.app, "--format", "sarif", "--fail-on", "never"]).output
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == AuditRuleCatalog.all.count)
        for rule in AuditRuleCatalog.all {
            let entry = try #require(rules.first { $0["id"] as? String == rule.metadata.id })
            let help = try #require((entry["help"] as? [String: Any])?["text"] as? String)
            #expect(help.contains(rule.metadata.fix))
        }
    }
}
