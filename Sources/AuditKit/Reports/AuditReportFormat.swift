/// The report formats of `devicetrust audit --format`.
public enum AuditReportFormat: String, Sendable, CaseIterable {
    case text, json, sarif

    /// The report of `result` in this format.
    public func render(_ result: AuditResult) -> String {
        switch self {
        case .text: TextReport.render(result)
        case .json: JSONReport.render(result)
        case .sarif: SARIFReport.render(result)
        }
    }
}

/// The tool's name and version as the reports state them.
public enum AuditorTool {
    public static let name = "devicetrust"
    public static let version = "0.5.0"
    public static let informationURI = "https://github.com/devicetrust/devicetrust"
}

/// Counts by severity, shared by the text and JSON summaries.
package struct SeverityCounts {
    package let counts: [Severity: Int]

    package init(_ findings: [Finding]) {
        var counts: [Severity: Int] = [:]
        for finding in findings { counts[finding.rule.severity, default: 0] += 1 }
        self.counts = counts
    }

    package subscript(severity: Severity) -> Int { counts[severity, default: 0] }
}
