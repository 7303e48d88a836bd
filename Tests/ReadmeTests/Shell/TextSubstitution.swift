/// Replaces shown text with the text a run uses, in one pass: each place in the original
/// text is replaced at most once, and text that a substitution put in is never substituted
/// again (a PostgreSQL port 28085 put in for 5432 keeps its "808" when 808 stands for the
/// nodes' ports). Where two shown texts start at the same place, the longer one wins.
struct TextSubstitution {
    let shown: String
    let used: String

    /// `text` with every substitution applied, and the shown texts that occurred in it.
    static func apply(_ substitutions: [TextSubstitution], to text: String) -> (text: String, applied: Set<String>) {
        let candidates = substitutions.filter { !$0.shown.isEmpty }.sorted { $0.shown.count > $1.shown.count }
        var result = ""
        var applied: Set<String> = []
        var index = text.startIndex
        while index < text.endIndex {
            if let match = candidates.first(where: { text[index...].hasPrefix($0.shown) }) {
                result += match.used
                applied.insert(match.shown)
                index = text.index(index, offsetBy: match.shown.count)
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return (result, applied)
    }
}
