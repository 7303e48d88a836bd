/// Inline suppressions: `// devicetrust:ignore <rule-id> <reason>` (or `<!-- … -->` in a
/// property list) on the finding's line or the line above. A suppression without a
/// reason does not count: the reason is what a reviewer reads.
package struct Suppressions {
    private var byLine: [Int: Set<String>] = [:]
    package static let marker = "devicetrust:ignore"

    package init(text: String?) {
        guard let text, ByteSearch.contains(text, Self.marker) else { return }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: Self.marker) else { continue }
            let words = line[range.upperBound...]
                .replacingOccurrences(of: "-->", with: " ").replacingOccurrences(of: "*/", with: " ")
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2 else { continue }
            byLine[index + 1, default: []].insert(String(words[0]))
        }
    }

    /// Whether a finding of `ruleID` starting on `line` is suppressed.
    package func suppresses(_ ruleID: String, line: Int) -> Bool {
        byLine[line]?.contains(ruleID) == true || byLine[line - 1]?.contains(ruleID) == true
    }
}
