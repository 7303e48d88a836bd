import Foundation

/// `{"tool":{"name","version"},"findings":[…],"summary":{…}}` with paths relative to the
/// scanned root; keys sorted so the output is stable for golden files and diffs.
package enum JSONReport {
    package struct Document: Encodable {
        package struct Tool: Encodable {
            package let name: String
            package let version: String
        }

        package struct Item: Encodable {
            package let ruleId: String
            package let severity: String
            package let category: String
            package let masvs: String
            /// `CWE-312`; absent when no CWE fits the rule.
            package let cwe: String?
            package let file: String
            package let line: Int
            package let column: Int
            package let endLine: Int
            package let endColumn: Int
            package let message: String
            package let fix: String
            package let fingerprint: String
            /// For a binary: the section and the byte offset in the file.
            package let section: String?
            package let offset: Int?
            /// Present (true) for third-party code copied into the repository.
            package let thirdParty: Bool?
        }

        package struct Summary: Encodable {
            package let total: Int
            package let bySeverity: [String: Int]
            package let filesScanned: Int
            package let rulesRun: Int
            package let suppressed: Int
            package let notes: [String]
        }

        package let tool: Tool
        package let findings: [Item]
        package let summary: Summary
    }

    package static func render(_ result: AuditResult) -> String {
        let counts = SeverityCounts(result.findings)
        let document = Document(
            tool: .init(name: AuditorTool.name, version: AuditorTool.version),
            findings: result.findings.map {
                .init(
                    ruleId: $0.rule.id, severity: $0.rule.severity.rawValue, category: $0.rule.category.rawValue,
                    masvs: $0.rule.masvs, cwe: $0.rule.cweName, file: $0.file, line: $0.range.line, column: $0.range.column,
                    endLine: $0.range.endLine, endColumn: $0.range.endColumn, message: $0.message, fix: $0.rule.fix,
                    fingerprint: $0.fingerprint, section: $0.binaryLocation?.section, offset: $0.binaryLocation?.offset,
                    thirdParty: $0.isThirdParty ? true : nil
                )
            },
            summary: .init(
                total: result.findings.count,
                bySeverity: Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, counts[$0]) }),
                filesScanned: result.filesScanned, rulesRun: result.rules.count,
                suppressed: result.suppressedInline + result.suppressedByBaseline, notes: result.notes
            )
        )
        return ReportJSON.encode(document)
    }
}

/// One JSON encoder configuration for the reports: pretty, sorted keys, slashes as is.
package enum ReportJSON {
    package static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
