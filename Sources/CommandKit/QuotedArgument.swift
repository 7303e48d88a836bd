extension UsageError {
    /// `argument` in single quotes, as a usage error shows what was typed, with any password
    /// it carries replaced by `***`: the one in a URL's user part
    /// (`postgres://user:***@host/db`) and the value of every `password=` parameter. A
    /// database URL typed in the wrong place must not end up on a terminal or in a log.
    public static func quoted(_ argument: String) -> String {
        "'" + String(withoutPasswords(Array(argument))) + "'"
    }

    private static func withoutPasswords(_ argument: [Character]) -> [Character] {
        var text = argument
        if let scheme = text.indices.first(where: { text[$0...].starts(with: "://") }) {
            let authority = (scheme + 3)..<(text[(scheme + 3)...].firstIndex { "/?#".contains($0) } ?? text.endIndex)
            if let at = text[authority].lastIndex(of: "@"), let colon = text[authority.lowerBound..<at].firstIndex(of: ":") {
                text.replaceSubrange((colon + 1)..<at, with: "***")
            }
        }
        let key = "password="
        var result: [Character] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index...].starts(with: key, by: { $0.lowercased() == $1.lowercased() }) else {
                result.append(text[index])
                index += 1
                continue
            }
            result += text[index..<(index + key.count)] + "***"
            index += key.count
            while index < text.endIndex, !"& ".contains(text[index]) { index += 1 }
        }
        return result
    }
}
