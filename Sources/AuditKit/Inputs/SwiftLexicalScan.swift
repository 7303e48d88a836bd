/// What a Swift file names, from its ``SwiftTokens``, far cheaper than a parse: the
/// identifiers written in code and the raw contents of its string literals, comments
/// excluded.
///
/// Rules' pre-checks (``PreCheck``) read it to decide, conservatively, whether a file
/// can hold a finding at all; only then is the file parsed.
public struct SwiftLexicalScan: Sendable {
    /// Every identifier outside comments and strings (keywords included), once each.
    public let identifiers: Set<Substring>
    /// The source text between the quotes of each non-empty string literal, escapes and
    /// interpolations as written.
    public let literals: [Substring]

    /// Scans `text`.
    public init(_ text: String) {
        self.init(text, tokens: SwiftTokens(text))
    }

    package init(_ text: String, tokens: SwiftTokens) {
        var identifiers: Set<Substring> = []
        var literals: [Substring] = []
        for token in tokens.tokens {
            switch token.kind {
            case .identifier: identifiers.insert(token.text(in: text))
            case .literal where token.end > token.start: literals.append(token.text(in: text))
            default: break
            }
        }
        self.identifiers = identifiers
        self.literals = literals
    }
}
