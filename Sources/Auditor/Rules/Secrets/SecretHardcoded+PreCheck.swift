extension SecretHardcoded {
    /// For Swift: whether any string literal could be reported, judged on the lexical
    /// scan without parsing — a provider format anywhere in a literal, or a value that
    /// would look like a secret under the most permissive name (a password-like one only
    /// when the file mentions such a name). A superset of what ``check(_:project:)`` reports.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let inTests = SecretFormats.isTestPath(swift.path)
        let lowered = swift.text.lowercased()
        let passwordNamed = !inTests && ["pass", "pwd", "pin"].contains { ByteSearch.contains(lowered, $0) }
        for literal in swift.lexical.literals {
            let value = String(literal)
            if SecretFormats.find(in: value) != nil { return true }
            guard !inTests, value.utf8.count >= 6 else { continue }
            var bare = Substring(value)
            for scheme in ["Bearer ", "Basic ", "Token "] where bare.hasPrefix(scheme) { bare = bare.dropFirst(scheme.count) }
            // looksLikeSecret refuses whitespace; skip the costly checks for sentences.
            if bare.utf8.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) { continue }
            if bare.utf8.count >= 16 && SecretFormats.looksLikeSecret(value, passwordLike: false) { return true }
            if passwordNamed && SecretFormats.looksLikeSecret(value, passwordLike: true) { return true }
        }
        return false
    }
}
