/// The tokens of a fast lexical pass over Swift text, far cheaper than a parse: identifiers
/// (keywords included), string literals, the punctuation that gives a file its structure,
/// and line ends. Comments are skipped (nested block comments, `//` lines); `"…"`,
/// `"""…"""` and raw `#"…"#` strings are recognised, escapes and interpolations kept as
/// written inside the literal.
///
/// ``SwiftLexicalScan`` (what a file names) and ``SwiftDeclarationChunks`` (where its
/// declarations are) are built on it. Written by hand: SwiftParser's lexer is not public,
/// and this is all the pre-checks need.
package struct SwiftTokens: Sendable {
    /// One token, by UTF-8 offsets into the text.
    package struct Token: Sendable, Equatable {
        package enum Kind: UInt8, Sendable {
            /// A name or keyword: `let`, `token`, `SecItemAdd`.
            case identifier
            /// A string literal; ``Token/start``..<``Token/end`` is its content, between the quotes.
            case literal
            /// One of `{ } ( ) [ ] ; @ #`, in ``Token/byte``.
            case punctuation
            /// A line end outside literals and block comments.
            case newline
        }

        package var kind: Kind
        package var start: Int
        package var end: Int
        /// The punctuation character, for ``Kind/punctuation``; 0 otherwise.
        package var byte: UInt8

        /// The token's text in `text`, the text it was found in.
        package func text(in text: String) -> Substring {
            let utf8 = text.utf8
            return text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
        }
    }

    /// The tokens, in source order.
    package let tokens: [Token]
    /// The UTF-8 offsets of the comments, in source order.
    package let comments: [Range<Int>]

    /// Tokens already found (a slice of another text's, rebased).
    package init(tokens: [Token], comments: [Range<Int>]) {
        self.tokens = tokens
        self.comments = comments
    }

    /// Tokenizes `text`.
    package init(_ text: String) {
        var text = text
        (tokens, comments) = text.withUTF8 { Self.tokenize($0) }
    }

    private static func tokenize(_ utf8: UnsafeBufferPointer<UInt8>) -> ([Token], [Range<Int>]) {
        var tokens: [Token] = []
        var comments: [Range<Int>] = []
        tokens.reserveCapacity(utf8.count / 6)
        let end = utf8.count
        var index = 0

        func byte(_ position: Int) -> UInt8? { position < end ? utf8[position] : nil }

        while index < end {
            let current = utf8[index]
            if current == 0x2F, let following = byte(index + 1) {  // '/'
                if following == 0x2F {  // line comment
                    let start = index
                    while index < end && utf8[index] != 0x0A { index += 1 }
                    comments.append(start..<index)
                    continue
                }
                if following == 0x2A {  // block comment, nested
                    let start = index
                    defer { comments.append(start..<index) }
                    var depth = 0
                    repeat {
                        if utf8[index] == 0x2F, byte(index + 1) == 0x2A {
                            depth += 1
                            index += 2
                        } else if utf8[index] == 0x2A, byte(index + 1) == 0x2F {
                            depth -= 1
                            index += 2
                        } else {
                            index += 1
                        }
                    } while depth > 0 && index < end
                    continue
                }
            }
            if current == 0x23 || current == 0x22 {  // '#' (raw string?) or '"'
                var hashes = 0
                var cursor = index
                while cursor < end && utf8[cursor] == 0x23 {
                    hashes += 1
                    cursor += 1
                }
                guard cursor < end, utf8[cursor] == 0x22 else {
                    tokens.append(Token(kind: .punctuation, start: index, end: index + 1, byte: 0x23))
                    index += 1
                    continue
                }
                var quotes = 0
                while cursor < end && utf8[cursor] == 0x22 && quotes < 3 {
                    quotes += 1
                    cursor += 1
                }
                if quotes == 2 {  // "" : an empty string
                    tokens.append(Token(kind: .literal, start: cursor - 1, end: cursor - 1, byte: 0))
                    index = cursor
                    continue
                }
                let multiline = quotes == 3
                let contentStart = cursor
                var contentEnd = end
                while cursor < end {
                    let value = utf8[cursor]
                    if value == 0x5C && hashes == 0 {  // backslash escape
                        cursor += 1
                        if cursor < end { cursor += 1 }
                        continue
                    }
                    if value == 0x0A && !multiline { contentEnd = cursor; break }
                    if value == 0x22 {
                        var closing = cursor
                        var run = 0
                        while closing < end && utf8[closing] == 0x22 && run < (multiline ? 3 : 1) {
                            run += 1
                            closing += 1
                        }
                        var closingHashes = 0
                        while closing < end && utf8[closing] == 0x23 && closingHashes < hashes {
                            closingHashes += 1
                            closing += 1
                        }
                        if run == (multiline ? 3 : 1) && closingHashes == hashes {
                            contentEnd = cursor
                            cursor = closing
                            break
                        }
                    }
                    cursor += 1
                }
                tokens.append(Token(kind: .literal, start: contentStart, end: min(contentEnd, end), byte: 0))
                index = cursor
                continue
            }
            if isIdentifierStart(current) {
                let start = index
                while index < end && isIdentifierPart(utf8[index]) { index += 1 }
                tokens.append(Token(kind: .identifier, start: start, end: index, byte: 0))
                continue
            }
            switch current {
            case 0x0A:
                tokens.append(Token(kind: .newline, start: index, end: index + 1, byte: 0))
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ";"), UInt8(ascii: "@"):
                tokens.append(Token(kind: .punctuation, start: index, end: index + 1, byte: current))
            default:
                break
            }
            index += 1
        }
        return (tokens, comments)
    }

    /// Whether `byte` can begin a Swift identifier (a letter, `_`, or part of a non-ASCII character).
    package static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    /// Whether `byte` can continue a Swift identifier: the byte class every lexical
    /// pre-check reads names with.
    package static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Whether `byte` is white space between tokens: a space, a tab or a line end.
    package static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
