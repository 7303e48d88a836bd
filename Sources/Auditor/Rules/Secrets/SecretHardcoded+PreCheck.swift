extension SecretHardcoded {
    /// For Swift: whether any string literal could be reported, judged on the lexical
    /// scan without parsing — a provider format anywhere in a literal, or a value that
    /// would look like a secret under the names it can be bound to where it is written
    /// (a binding, a label, a dictionary key, a computed property), or a
    /// real value where a password-like name or a compared credential is written. A
    /// superset of what ``check(_:project:)`` reports.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let inTests = SecretFormats.isTestPath(swift.path)
        let passwordNamed = !inTests && ["pass", "pwd", "pin"].contains { ByteSearch.containsIgnoringCase(swift.text, $0) }
        // Any real value counts when a password-like name is written (`passwd`,
        // `password:`, `"pin":`), or when a credential is compared (`token == "…"`).
        let lexical = swift.lexical
        let named = swift.secretNamedWords
        let passwordLikeName = passwordNamed && (named.identifiers.contains { SecretValueNames.isPasswordLike($0) }
            || named.literals.contains { SecretValueNames.isPasswordLike($0) })
        let mayCompare = !inTests && (passwordNamed || ["secret", "token"].contains { ByteSearch.containsIgnoringCase(swift.text, $0) })
            && ["==", "!=", "isEqual"].contains { ByteSearch.contains(swift.text, $0) }
            && named.identifiers.contains { SecretHardcoded.isCredentialName($0) }
        for literal in lexical.literals {
            let value = String(literal)
            if SecretFormats.find(in: value) != nil { return true }
            // Every other finding binds, labels, keys or compares the literal where it is
            // written (``bindingNames(of:in:)``); comparisons are weighed on the whole line.
            // Names cost more than the value tests, so they come last.
            var window: Substring?
            var nearby: [String]?
            func nearbyNames() -> [String] {
                if let nearby { return nearby }
                let found = Self.bindingNames(of: literal, in: swift.text)
                nearby = found
                return found
            }
            func literalWindow() -> Substring {
                if let window { return window }
                let found = Self.window(around: literal, in: swift.text)
                window = found
                return found
            }
            var passwordNearbyValue: Bool?
            func passwordNearby() -> Bool {
                if let passwordNearbyValue { return passwordNearbyValue }
                let found = passwordLikeName && nearbyNames().contains { SecretNaming.isSecretName($0) && SecretValueNames.isPasswordLike($0) }
                passwordNearbyValue = found
                return found
            }
            if passwordLikeName || mayCompare, SecretFormats.looksLikePassword(value, name: ""),
               passwordNearby() || (mayCompare && Self.isOnComparisonLine(literal, in: swift.text)) { return true }
            guard !inTests, value.utf8.count >= 6 else { continue }
            var bare = Substring(value)
            for scheme in ["Bearer ", "Basic ", "Token "] where bare.hasPrefix(scheme) { bare = bare.dropFirst(scheme.count) }
            // looksLikeSecret refuses whitespace; skip the costly checks for sentences.
            if bare.utf8.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) { continue }
            if bare.utf8.count >= 16 && SecretFormats.looksLikeSecret(value, passwordLike: false) {
                let secretNearby = bare.count != value.count || nearbyNames().contains { SecretNaming.isSecretName($0) }
                    || Self.credentialHeaders.contains { ByteSearch.containsIgnoringCase(String(literalWindow()), $0) }
                    || Self.isSentUnderSecretHeader(literal, in: swift.text)
                if secretNearby { return true }
            }
            if passwordLikeName && SecretFormats.looksLikeSecret(value, passwordLike: true) && passwordNearby() { return true }
        }
        return false
    }

    /// HTTP header names a credential is sent under (`forHTTPHeaderField: "Authorization"`).
    private static let credentialHeaders = ["authorization", "cookie", "api-key"]

    /// The text from `linesAbove` lines above the line where `literal` starts to the end
    /// of that line.
    private static func window(around literal: Substring, in text: String, linesAbove: Int = 3) -> Substring {
        let utf8 = text.utf8
        var start = literal.startIndex
        var lines = 0
        while start > utf8.startIndex {
            let previous = utf8.index(before: start)
            if utf8[previous] == 0x0A {
                lines += 1
                if lines > linesAbove { break }
            }
            start = previous
        }
        var end = literal.endIndex
        while end < utf8.endIndex, utf8[end] != 0x0A { end = utf8.index(after: end) }
        return text[start..<end]
    }

    /// Whether `literal` is on a line that sets an HTTP header (`forHTTPHeaderField:`)
    /// whose line names a secret (`"X-Auth-Token"`): the header names the value.
    private static func isSentUnderSecretHeader(_ literal: Substring, in text: String) -> Bool {
        let line = String(window(around: literal, in: text, linesAbove: 0))
        return ByteSearch.contains(line, "HTTPHeaderField") && names(in: Substring(line)).contains { SecretNaming.isSecretName($0) }
    }

    /// The names `literal` can be bound to, read backwards from its opening quote: a
    /// superset of the one name ``check(_:project:)`` finds on the syntax tree.
    /// - `let password: String = "…"`, `self.token = "…"`, a parameter default: the words
    ///   from the start of the line to the `=`.
    /// - `password: "…"`, `"password": "…"`, `kSecValueData: "…"`: the label or key.
    /// - `setPassword("…")`, `PIN("…")`: the callee, whose noun names the argument.
    /// - `var pin: String { "…" }`, `return "…"`: a computed property's name, in the
    ///   three lines above.
    /// Anything else (an array element, a later unlabeled argument, an operand) has no name.
    static func bindingNames(of literal: Substring, in text: String) -> [String] {
        let utf8 = text.utf8
        func before(_ index: String.Index) -> String.Index? { index > utf8.startIndex ? utf8.index(before: index) : nil }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == 0x5F || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
        }
        // The word ending at `end` (inclusive).
        func word(endingAt end: String.Index) -> Substring {
            var start = end
            while let previous = before(start), isNameByte(utf8[previous]) { start = previous }
            return text[start...end]
        }
        // Back over the opening quotes (and raw-string hashes), blanks and parentheses.
        var cursor = before(literal.startIndex)
        while let at = cursor, utf8[at] == UInt8(ascii: "\"") || utf8[at] == UInt8(ascii: "#") { cursor = before(at) }
        var inParentheses = false
        while let at = cursor, isBlank(utf8[at]) || utf8[at] == UInt8(ascii: "(") {
            if utf8[at] == UInt8(ascii: "(") { inParentheses = true }
            cursor = before(at)
        }
        guard let at = cursor else { return [] }
        switch utf8[at] {
        case UInt8(ascii: "="):
            if let previous = before(at), "=!<>+-*/%&|^~?".utf8.contains(utf8[previous]) { return [] }
            var start = at
            while let previous = before(start), utf8[previous] != 0x0A { start = previous }
            return names(in: text[start..<at])
        case UInt8(ascii: ":"):
            var key = before(at)
            while let index = key, isBlank(utf8[index]) { key = before(index) }
            guard let end = key else { return [] }
            if utf8[end] == UInt8(ascii: "\"") {
                // A string key: its content, back to its opening quote on the line.
                var start = end
                while let previous = before(start), utf8[previous] != UInt8(ascii: "\""), utf8[previous] != 0x0A { start = previous }
                return [String(text[start..<end])]
            }
            return isNameByte(utf8[end]) ? [String(word(endingAt: end))] : []
        case UInt8(ascii: "{"):
            return names(in: window(around: literal, in: text)[..<literal.startIndex])
        default:
            guard isNameByte(utf8[at]) else { return [] }
            let name = word(endingAt: at)
            if inParentheses { return [String(name)] }
            return name == "return" ? names(in: window(around: literal, in: text)[..<literal.startIndex]) : []
        }
    }

    /// The identifier-like words of `window`.
    private static func names(in window: Substring) -> [String] {
        window.utf8.split { !($0 == 0x5F || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 >= 0x80) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the line holding `literal` compares (`==`, `!=`, `isEqual`) and names a
    /// credential: where a literal compared with a credential must be.
    private static func isOnComparisonLine(_ literal: Substring, in text: String) -> Bool {
        let line = window(around: literal, in: text, linesAbove: 0)
        guard ["==", "!=", "isEqual"].contains(where: { ByteSearch.contains(String(line), $0) }) else { return false }
        return names(in: line).contains { SecretNaming.isSecretName($0) && SecretHardcoded.isCredentialName($0) }
    }
}
