/// A fast lexical pass over Swift text, far cheaper than a parse: the identifiers written
/// in code and the raw contents of string literals, with comments skipped (nested block
/// comments, `//` lines), and `"…"`, `"""…"""` and raw `#"…"#` strings recognised.
///
/// Rules use it in ``AuditRule/mayMatch(_:)`` to decide, conservatively, whether a file
/// can hold a finding at all; only then is the file parsed. Written by hand: SwiftParser's
/// lexer is not public, and this is all the pre-check needs.
public struct SwiftLexicalScan: Sendable {
    /// Every identifier outside comments and strings (keywords included), once each.
    public let identifiers: Set<Substring>
    /// The source text between the quotes of each string literal, escapes and
    /// interpolations as written.
    public let literals: [Substring]

    /// Scans `text`.
    public init(_ text: String) {
        var identifiers: Set<Substring> = []
        var literals: [Substring] = []
        let utf8 = text.utf8
        var index = utf8.startIndex
        let end = utf8.endIndex

        func byte(_ position: String.Index) -> UInt8? { position < end ? utf8[position] : nil }
        func next(_ position: String.Index) -> String.Index { utf8.index(after: position) }

        while index < end {
            let current = utf8[index]
            if current == 0x2F, let following = byte(next(index)) {      // '/'
                if following == 0x2F {                                     // line comment
                    while index < end && utf8[index] != 0x0A { index = next(index) }
                    continue
                }
                if following == 0x2A {                                     // block comment, nested
                    var depth = 0
                    repeat {
                        if utf8[index] == 0x2F, byte(next(index)) == 0x2A {
                            depth += 1
                            index = next(next(index))
                        } else if utf8[index] == 0x2A, byte(next(index)) == 0x2F {
                            depth -= 1
                            index = next(next(index))
                        } else {
                            index = next(index)
                        }
                    } while depth > 0 && index < end
                    continue
                }
            }
            if current == 0x23 || current == 0x22 {                        // '#' (raw string?) or '"'
                var hashes = 0
                var cursor = index
                while cursor < end && utf8[cursor] == 0x23 {
                    hashes += 1
                    cursor = next(cursor)
                }
                guard cursor < end, utf8[cursor] == 0x22 else {
                    index = next(index)
                    continue
                }
                var quotes = 0
                while cursor < end && utf8[cursor] == 0x22 && quotes < 3 {
                    quotes += 1
                    cursor = next(cursor)
                }
                if quotes == 2 {                                           // "" : an empty string
                    index = cursor
                    continue
                }
                let multiline = quotes == 3
                let contentStart = cursor
                var contentEnd = end
                while cursor < end {
                    let value = utf8[cursor]
                    if value == 0x5C && hashes == 0 {                      // backslash escape
                        cursor = next(cursor)
                        if cursor < end { cursor = next(cursor) }
                        continue
                    }
                    if value == 0x0A && !multiline { contentEnd = cursor; break }
                    if value == 0x22 {
                        var closing = cursor
                        var run = 0
                        while closing < end && utf8[closing] == 0x22 && run < (multiline ? 3 : 1) {
                            run += 1
                            closing = next(closing)
                        }
                        var closingHashes = 0
                        while closing < end && utf8[closing] == 0x23 && closingHashes < hashes {
                            closingHashes += 1
                            closing = next(closing)
                        }
                        if run == (multiline ? 3 : 1) && closingHashes == hashes {
                            contentEnd = cursor
                            cursor = closing
                            break
                        }
                    }
                    cursor = next(cursor)
                }
                literals.append(text[contentStart..<min(contentEnd, end)])
                index = cursor
                continue
            }
            if Self.isIdentifierStart(current) {
                let start = index
                while index < end && Self.isIdentifierPart(utf8[index]) { index = next(index) }
                identifiers.insert(text[start..<index])
                continue
            }
            index = next(index)
        }
        self.identifiers = identifiers
        self.literals = literals
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }
}
