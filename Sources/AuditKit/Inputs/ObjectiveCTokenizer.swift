/// One token of Objective-C (or C) source.
public struct ObjectiveCToken: Sendable, Hashable {
    /// What kind of token.
    public enum Kind: Sendable, Hashable {
        /// A name or keyword: `SecItemAdd`, `kSecAttrAccessible`, `if`.
        case identifier
        /// A string literal, `"…"` or `@"…"`; ``ObjectiveCToken/text`` holds its content.
        case string
        /// A character literal.
        case character
        /// A number.
        case number
        /// Any other punctuation, one character (`@`, `[`, `:`, `;`, …).
        case punctuation
    }

    /// What kind of token.
    public let kind: Kind
    /// The token's text; for strings, the content between the quotes (escapes kept).
    public let text: String
    /// 1-based line.
    public let line: Int
    /// 1-based column (UTF-8 bytes).
    public let column: Int
    /// Whether it is part of a preprocessor line (`#define API_KEY @"…"`).
    public let inDirective: Bool
}

/// A tokenizer for Objective-C that knows comments, strings (`"…"`, `@"…"`, adjacent
/// pieces), character literals and preprocessor lines, so rules never match inside a
/// comment or mistake a string for code. Written by hand: no Objective-C parser is
/// available on this platform, and tokens are all the rules need.
public enum ObjectiveCTokenizer {
    /// The tokens of `text`. Never fails: an unterminated comment or string ends at the
    /// end of the file (or line, for strings).
    public static func tokenize(_ text: String) -> [ObjectiveCToken] {
        let bytes = Array(text.utf8)
        var tokens: [ObjectiveCToken] = []
        var index = 0
        var line = 1
        var lineStart = 0
        var inDirective = false
        var atLineStart = true

        func make(_ kind: ObjectiveCToken.Kind, _ from: Int, _ to: Int, column: Int) -> ObjectiveCToken {
            ObjectiveCToken(kind: kind, text: String(decoding: bytes[from..<to], as: UTF8.self), line: line, column: column, inDirective: inDirective)
        }

        while index < bytes.count {
            let byte = bytes[index]
            let column = index - lineStart + 1
            switch byte {
            case UInt8(ascii: "\n"):
                // A directive continues past a backslash-newline.
                if !(index > 0 && bytes[index - 1] == UInt8(ascii: "\\")) { inDirective = false }
                index += 1
                line += 1
                lineStart = index
                atLineStart = true
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < bytes.count && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                index = min(index + 2, bytes.count)
                continue
            case UInt8(ascii: "#") where atLineStart:
                inDirective = true
                tokens.append(make(.punctuation, index, index + 1, column: column))
                index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = byte
                let start = index + 1
                index += 1
                while index < bytes.count && bytes[index] != quote && bytes[index] != UInt8(ascii: "\n") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                let end = min(index, bytes.count)
                tokens.append(make(quote == UInt8(ascii: "'") ? .character : .string, start, end, column: column))
                if index < bytes.count && bytes[index] == quote { index += 1 }
            case UInt8(ascii: "@") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\""):
                index += 1  // `@"…"`: the string token follows; the `@` itself is not kept
                continue
            case _ where isIdentifierStart(byte):
                let start = index
                while index < bytes.count && isIdentifierPart(bytes[index]) { index += 1 }
                tokens.append(make(.identifier, start, index, column: column))
            case _ where isDigit(byte):
                let start = index
                while index < bytes.count && (isIdentifierPart(bytes[index]) || bytes[index] == UInt8(ascii: ".")) { index += 1 }
                tokens.append(make(.number, start, index, column: column))
            default:
                // One punctuation character (or the first byte of a non-ASCII scalar).
                var end = index + 1
                if byte >= 0x80 { while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 } }
                tokens.append(make(.punctuation, index, end, column: column))
                index = end
            }
            atLineStart = false
        }
        return tokens
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
