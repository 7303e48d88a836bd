import AuditKit
import AuditRules

/// `--list-rules` and `--explain ID` text.
enum RuleListing {
    static func list(_ rules: [any AuditRule]) -> String {
        let width = rules.map(\.metadata.id.count).max() ?? 0
        return rules.map { rule in
            let id = rule.metadata.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.metadata.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            return "\(id)  \(severity)  \(rule.metadata.masvs.padding(toLength: 18, withPad: " ", startingAt: 0))  \(rule.metadata.title)"
        }.joined(separator: "\n") + "\n"
    }

    static func explain(_ rule: any AuditRule) -> String {
        let metadata = rule.metadata
        var text = """
            \(metadata.id): \(metadata.title)
            severity: \(metadata.severity.rawValue)   category: \(metadata.category.rawValue)   MASVS: \(metadata.masvs)\(metadata.cweName.map { "   \($0)" } ?? "")

            Why: \(metadata.rationale)

            Fix: \(metadata.fix)

            """
        if let bad = rule.examples.first(where: \.triggers) {
            text += "\nFlagged:\n" + bad.source.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
        if let good = rule.examples.first(where: { !$0.triggers }) {
            text += "\nNot flagged:\n" + good.source.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
        text += "\nSuppress one finding with `// devicetrust:ignore \(metadata.id) <reason>` on its line or the line above.\n"
        return text
    }
}
