/// `path:line:column: error|warning: message [rule-id]` per finding, the form Xcode and
/// SwiftLint print, then one summary line.
package enum TextReport {
    package static func render(_ result: AuditResult) -> String {
        var output = ""
        for finding in result.findings {
            // A binary's place is its section and offset: `App.ipa!/Payload/Bank.app/Bank[__TEXT,__cstring+0x1f40]`.
            let place =
                finding.binaryLocation.map { "\(finding.file)[\($0.section)+0x\(String($0.offset, radix: 16))]" }
                ?? "\(finding.file):\(finding.range.line):\(finding.range.column)"
            let origin = finding.isThirdParty ? " (third-party code)" : ""
            output += "\(place): \(finding.rule.severity.textLevel): \(finding.message)\(origin) [\(finding.rule.id)]\n"
        }
        for note in result.notes { output += "note: \(note)\n" }
        let counts = SeverityCounts(result.findings)
        let bySeverity = Severity.allCases.reversed().filter { counts[$0] > 0 }.map { "\(counts[$0]) \($0.rawValue)" }
        let findingsText = result.findings.count == 1 ? "1 finding" : "\(result.findings.count) findings"
        var summary = "\(findingsText) in \(result.filesScanned) files"
        if !bySeverity.isEmpty { summary += " (" + bySeverity.joined(separator: ", ") + ")" }
        let suppressed = result.suppressedInline + result.suppressedByBaseline
        if suppressed > 0 { summary += "; \(suppressed) suppressed" }
        return output + summary + "\n"
    }
}
