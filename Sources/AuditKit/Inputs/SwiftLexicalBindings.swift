/// Where a Swift file gives a name a value, found on its ``SwiftTokens`` without parsing:
/// an identifier followed by `=` (not `==`), after an optional type annotation on one line
/// (`let pins: Set<String> = [`, `ivData: Data = "…"`) or an argument label's internal
/// name (`key secret: Data = …`). Bindings, assignments and parameter defaults all match;
/// pre-checks use it as a superset of the bindings a rule reports.
extension SwiftFile {
    /// One `name = value`.
    package struct LexicalBinding {
        /// The identifier, as written.
        package var name: String
        /// The index in ``SwiftTokens/tokens`` of the first token of the value, if any.
        package var value: Int?
        /// The UTF-8 offset of the `=`.
        package var equals: Int
    }

    /// Whether `matches` holds for one binding whose name passes `isName`. Names are
    /// tested first, so `isName` should be the cheap test.
    package func containsLexicalBinding(named isName: (String) -> Bool, where matches: (LexicalBinding) -> Bool) -> Bool {
        let tokens = self.tokens.tokens
        var text = self.text
        return text.withUTF8 { utf8 in
            func skipBlanks(from offset: Int, newlines: Bool) -> Int {
                var offset = offset
                while offset < utf8.count, utf8[offset] == 0x20 || utf8[offset] == 0x09 || (newlines && (utf8[offset] == 0x0A || utf8[offset] == 0x0D)) {
                    offset += 1
                }
                return offset
            }
            for (index, token) in tokens.enumerated() where token.kind == .identifier {
                // The type in `secret: Data = …` is not a name given a value.
                var before = token.start
                while before > 0, utf8[before - 1] == 0x20 || utf8[before - 1] == 0x09 { before -= 1 }
                if before > 0, utf8[before - 1] == UInt8(ascii: ":") { continue }
                var offset = skipBlanks(from: token.end, newlines: true)
                // `key secret: Data = …`: the parameter's internal name (not `let pins: …`).
                if offset < utf8.count, SwiftTokens.isIdentifierPart(utf8[offset]), offset > token.end,
                    !Self.declarationWords.contains(String(decoding: UnsafeBufferPointer(rebasing: utf8[token.start..<token.end]), as: UTF8.self))
                {
                    var end = offset
                    while end < utf8.count, SwiftTokens.isIdentifierPart(utf8[end]) { end += 1 }
                    let after = skipBlanks(from: end, newlines: false)
                    if after < utf8.count, utf8[after] == UInt8(ascii: ":") { offset = after }
                }
                guard offset < utf8.count, utf8[offset] == UInt8(ascii: "=") || utf8[offset] == UInt8(ascii: ":") else { continue }
                // A type annotation runs to the `=` on the same line.
                while offset < utf8.count, utf8[offset] != UInt8(ascii: "="), utf8[offset] != 0x0A { offset += 1 }
                guard offset + 1 < utf8.count, utf8[offset] == UInt8(ascii: "="), utf8[offset + 1] != UInt8(ascii: "=") else { continue }
                // Not `!=`, `<=`, `>=`, `+=` and the like.
                if "!<>+-*/%&|^~".utf8.contains(utf8[offset - 1]) { continue }
                let name = String(decoding: UnsafeBufferPointer(rebasing: utf8[token.start..<token.end]), as: UTF8.self)
                guard isName(name) else { continue }
                let value = tokens[(index + 1)...].firstIndex { $0.kind != .newline && $0.start > offset }
                if matches(LexicalBinding(name: name, value: value, equals: offset)) { return true }
            }
            return false
        }
    }

    /// Words before a declared name that are not an argument label.
    private static let declarationWords = SwiftDeclarationChunks.declarationKeywords.union(SwiftDeclarationChunks.modifiers)

    /// The index of the first token after `index` that is not a line end.
    package func tokenAfterNewlines(_ index: Int) -> Int? {
        let tokens = self.tokens.tokens
        var next = index + 1
        while next < tokens.count, tokens[next].kind == .newline { next += 1 }
        return next < tokens.count ? next : nil
    }
}
