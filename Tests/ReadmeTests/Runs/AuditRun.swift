import Foundation
import RepositoryTestSupport
import Testing

/// "A reviewer: the audit": the commands as shown, `path/to/YourApp` being the fixture app
/// VulnerableBank (findings at every severity), with the exit statuses the README gives.
enum AuditRun {
    static let fixtures = RepositoryFiles.root.appendingPathComponent("Tests/AuditorTests/Fixtures")

    static func run(_ context: ReadmeRunContext) throws {
        let shell = context.shell
        shell.substitute("path/to/YourApp", with: fixtures.appendingPathComponent("VulnerableBank").path)
        for command in context.commandsToRun(inBlock: 0) {
            let text = command.text
            if text.contains("--list-rules") {
                let lines = try context.expectRun(command).output.split(separator: "\n")
                #expect(lines.count == 39, "\(command): the README says 39 rules")
                #expect(lines.contains { $0.hasPrefix("keychain-accessible-always ") })
            } else if text.contains("--explain") {
                let output = try context.expectRun(command).output
                #expect(output.contains("Why:") && output.contains("Fix:") && output.contains("Flagged:"), "\(command): reason, fix, examples")
            } else if text.contains("--format sarif") {
                try context.expectRun(command, statuses: [1])
                let sarif = try Data(contentsOf: shell.folder.appendingPathComponent("audit.sarif"))
                let report = try JSONSerialization.jsonObject(with: sarif) as? [String: Any]
                #expect(report?["version"] as? String == "2.1.0", "\(command): a SARIF 2.1.0 file")
            } else {
                // Default --fail-on high: VulnerableBank has high and critical findings.
                let output = try context.expectRun(command, statuses: [1]).output
                #expect(output.range(of: #"\n[0-9]+ findings in [0-9]+ files \("#, options: .regularExpression) != nil, "\(command): a summary")
            }
        }
        // The other side of the exit status: nothing at or above high in the clean fixture.
        let clean = try shell.runScript("devicetrust audit \(ReadmeShell.quoted(fixtures.appendingPathComponent("CleanApp").path))")
        #expect(clean.status == 0, "no finding at or above --fail-on gives exit 0: \(clean.output)")
    }
}
