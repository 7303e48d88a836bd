import Foundation

/// `{"tool":{"name","version"},"findings":[…],"summary":{…}}` with paths relative to the
/// scanned root; keys sorted so the output is stable for golden files and diffs.
enum JSONReport {
    struct Document: Encodable {
        struct Tool: Encodable {
            let name: String
            let version: String
        }

        struct Item: Encodable {
            let ruleId: String
            let severity: String
            let category: String
            let masvs: String
            let file: String
            let line: Int
            let column: Int
            let endLine: Int
            let endColumn: Int
            let message: String
            let fix: String
            let fingerprint: String
        }

        struct Summary: Encodable {
            let total: Int
            let bySeverity: [String: Int]
            let filesScanned: Int
            let rulesRun: Int
            let suppressed: Int
            let notes: [String]
        }

        let tool: Tool
        let findings: [Item]
        let summary: Summary
    }

    static func render(_ result: AuditResult) -> String {
        let counts = SeverityCounts(result.findings)
        let document = Document(
            tool: .init(name: AuditorTool.name, version: AuditorTool.version),
            findings: result.findings.map {
                .init(
                    ruleId: $0.rule.id, severity: $0.rule.severity.rawValue, category: $0.rule.category.rawValue,
                    masvs: $0.rule.masvs, file: $0.file, line: $0.range.line, column: $0.range.column,
                    endLine: $0.range.endLine, endColumn: $0.range.endColumn, message: $0.message, fix: $0.rule.fix,
                    fingerprint: $0.fingerprint
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
enum ReportJSON {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
