import AuditKit

extension SecretHardcoded {
    var preCheck: PreCheck { Self.declaredPreCheck }

    /// For Swift: whether any string literal could be reported, judged on the tokens
    /// without parsing — a provider format anywhere in a literal, or a value the check's
    /// own tests call a secret under the name it is compared with
    /// (``comparedName(of:in:)``) or any name it can be bound to where it is written
    /// (``bindingNames(of:in:)``, the header it is sent under). A superset of what
    /// ``check(_:project:)`` reports.
    static let declaredPreCheck = PreCheck.swiftCustom("a literal that may be reported", SecretHardcoded.mayReportLiteral)

    private static func mayReportLiteral(_ swift: SwiftFile) -> Bool {
        let inTests = SecretFormats.isTestPath(swift.path)
        // A credential compared with a literal (`token == "…"`) needs these words.
        let mayCompare =
            !inTests && ["==", "!="].contains { ByteSearch.contains(swift.codeText, $0) }
            && ["pass", "pwd", "pin", "secret", "token"].contains { ByteSearch.containsIgnoringCase(swift.codeText, $0) }
            && swift.secretNamedWords.identifiers.contains { SecretHardcoded.isCredentialName($0) }
        for literal in swift.lexical.literals {
            let value = String(literal)
            if SecretFormats.find(in: value) != nil { return true }
            // Outside tests, every other finding is a value judged by the name it is
            // compared with or bound to where it is written, by the check's own tests.
            guard !inTests, value.utf8.count >= 4 else { continue }
            // Every value test refuses white space (after an authorization scheme): skip
            // sentences and messages before the costlier character tests.
            if SecretFormats.withoutScheme(value).utf8.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) { continue }
            if mayCompare, let name = Self.comparedName(of: literal, in: swift.text),
                SecretHardcoded.isCredentialName(name), SecretHardcoded.comparisonRevealsSecret(value, name: name)
            {
                return true
            }
            // The value tests are cheaper than finding names, so they come first.
            guard
                SecretFormats.looksLikePassword(value, name: "") || SecretFormats.looksLikeSecret(value, passwordLike: true)
                    || SecretFormats.looksLikeSecret(value, passwordLike: false)
            else { continue }
            // A callee names its first argument by its noun (`setPassword`, `startSession`).
            if Self.bindingNames(of: literal, in: swift.text).contains(where: {
                SecretHardcoded.bindsSecret(value, to: $0, inCode: true)
                    || SecretHardcoded.bindsSecret(value, to: SecretHardcoded.selectorNoun($0), inCode: true)
            })
                || Self.headerNames(of: literal, in: swift.text).contains(where: { SecretHardcoded.bindsSecret(value, to: $0, inCode: true) })
            {
                return true
            }
        }
        return false
    }

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

    /// The header names on the line of `literal` when that line sets an HTTP header
    /// (`setValue("…", forHTTPHeaderField: "X-Auth-Token")`): the check's name for a value
    /// sent under a header is the header.
    private static func headerNames(of literal: Substring, in text: String) -> [String] {
        let line = window(around: literal, in: text, linesAbove: 0)
        guard ByteSearch.contains(String(line), "HTTPHeaderField") else { return [] }
        // The header is a string literal on the line: its whole content, and its words.
        var names = names(in: line)
        var inQuotes = false
        var start = line.startIndex
        for index in line.indices where line[index] == "\"" {
            if inQuotes { names.append(String(line[line.index(after: start)..<index])) } else { start = index }
            inQuotes.toggle()
        }
        return names
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
        let isBlank = SwiftTokens.isBlank
        let isNameByte = SwiftTokens.isIdentifierPart
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
            if inParentheses { return [String(name)] + keyArgumentName(after: literal, in: text) }
            return name == "return" ? names(in: window(around: literal, in: text)[..<literal.startIndex]) : []
        }
    }

    /// For a literal that is a call's first argument, the key it is stored under when the
    /// next argument is `forKey:` or `key:` (`set("…", forKey: "Passcode")`): the key's
    /// string content, or the last name of `Keys.pin` / `.pin`. Read forwards on the bytes.
    private static func keyArgumentName(after literal: Substring, in text: String) -> [String] {
        let utf8 = text.utf8
        let isBlank = SwiftTokens.isBlank
        let isNameByte = SwiftTokens.isIdentifierPart
        var cursor = literal.endIndex
        func skip(while condition: (UInt8) -> Bool) {
            while cursor < utf8.endIndex, condition(utf8[cursor]) { cursor = utf8.index(after: cursor) }
        }
        skip { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "#") }
        skip(while: isBlank)
        guard cursor < utf8.endIndex, utf8[cursor] == UInt8(ascii: ",") else { return [] }
        cursor = utf8.index(after: cursor)
        skip(while: isBlank)
        let labelStart = cursor
        skip(while: isNameByte)
        let label = text[labelStart..<cursor]
        guard label == "forKey" || label == "key" else { return [] }
        skip(while: isBlank)
        guard cursor < utf8.endIndex, utf8[cursor] == UInt8(ascii: ":") else { return [] }
        cursor = utf8.index(after: cursor)
        skip(while: isBlank)
        guard cursor < utf8.endIndex else { return [] }
        if utf8[cursor] == UInt8(ascii: "\"") {
            cursor = utf8.index(after: cursor)
            let start = cursor
            skip { $0 != UInt8(ascii: "\"") && $0 != 0x0A }
            return [String(text[start..<cursor])]
        }
        let start = cursor
        skip { isNameByte($0) || $0 == UInt8(ascii: ".") }
        guard let last = text[start..<cursor].split(separator: ".").last else { return [] }
        return [String(last)]
    }

    /// The identifier-like words of `window`.
    private static func names(in window: Substring) -> [String] {
        window.utf8.split { !SwiftTokens.isIdentifierPart($0) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// The name on the other side of the `==`/`!=` `literal` is an operand of: the last
    /// member of `a.b.c`, or the field of `field.text`, read on the bytes.
    static func comparedName(of literal: Substring, in text: String) -> String? {
        let utf8 = text.utf8
        let start = utf8.distance(from: utf8.startIndex, to: literal.startIndex)
        let end = utf8.distance(from: utf8.startIndex, to: literal.endIndex)
        var text = text
        return text.withUTF8 { comparedName(between: start, and: end, in: $0) }
    }

    private static func comparedName(between start: Int, and end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func isQuoteOrBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") }
        func isChainByte(_ byte: UInt8) -> Bool {
            SwiftTokens.isIdentifierPart(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
        }
        func name(ofChain chain: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
            let parts = chain.split(separator: UInt8(ascii: ".")).map {
                String(decoding: $0.filter { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "!") }, as: UTF8.self)
            }
            guard let last = parts.last, !last.isEmpty else { return nil }
            return last == "text" && parts.count > 1 ? parts[parts.count - 2] : last
        }
        // `x == "…"`: the operator before the literal, the operand before the operator.
        var before = start
        while before > 0, isQuoteOrBlank(bytes[before - 1]) || bytes[before - 1] == UInt8(ascii: "(") { before -= 1 }
        if before >= 2, bytes[before - 1] == UInt8(ascii: "="), bytes[before - 2] == UInt8(ascii: "=") || bytes[before - 2] == UInt8(ascii: "!") {
            var operandEnd = before - 2
            while operandEnd > 0, bytes[operandEnd - 1] == UInt8(ascii: "=") { operandEnd -= 1 }
            while operandEnd > 0, bytes[operandEnd - 1] == 0x20 || bytes[operandEnd - 1] == 0x09 || bytes[operandEnd - 1] == UInt8(ascii: ")") {
                operandEnd -= 1
            }
            var operandStart = operandEnd
            while operandStart > 0, isChainByte(bytes[operandStart - 1]) { operandStart -= 1 }
            if let name = name(ofChain: bytes[operandStart..<operandEnd]) { return name }
        }
        // `"…" == x`: the operator after the literal, the operand after the operator.
        var after = end
        while after < bytes.count, isQuoteOrBlank(bytes[after]) || bytes[after] == UInt8(ascii: ")") { after += 1 }
        if after + 1 < bytes.count, bytes[after] == UInt8(ascii: "=") || bytes[after] == UInt8(ascii: "!"), bytes[after + 1] == UInt8(ascii: "=") {
            var operandStart = after + 2
            while operandStart < bytes.count,
                bytes[operandStart] == UInt8(ascii: "=") || bytes[operandStart] == 0x20 || bytes[operandStart] == 0x09
                    || bytes[operandStart] == UInt8(ascii: "(")
            { operandStart += 1 }
            var operandEnd = operandStart
            while operandEnd < bytes.count, isChainByte(bytes[operandEnd]) { operandEnd += 1 }
            return name(ofChain: bytes[operandStart..<operandEnd])
        }
        return nil
    }
}
