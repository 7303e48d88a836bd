/// An Objective-C (`.m`, `.mm`, `.h`) file as tokens.
public struct ObjectiveCFile: Sendable {
    /// The path relative to the scanned root.
    public let path: String
    /// The file's text.
    public let text: String
    /// The tokens, comments removed.
    public let tokens: [ObjectiveCToken]

    /// Tokenizes `text`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        tokens = ObjectiveCTokenizer.tokenize(text)
    }

    /// The range of one token.
    public func range(of token: ObjectiveCToken) -> SourceRange {
        SourceRange(line: token.line, column: token.column, endLine: token.line, endColumn: token.column + token.text.utf8.count)
    }
}

extension ObjectiveCFile {
    /// The token range of the outermost `{ … }` block (a method or function body) that
    /// holds the token at `index`; nil at file scope.
    public func bodyRange(containing index: Int) -> Range<Int>? {
        var depth = 0
        var open: Int?
        for position in 0..<tokens.count {
            let token = tokens[position]
            guard token.kind == .punctuation else { continue }
            if token.text == "{" {
                if depth == 0 { open = position }
                depth += 1
            } else if token.text == "}" && depth > 0 {
                depth -= 1
                if depth == 0, let start = open {
                    if start <= index && index <= position { return start..<(position + 1) }
                    open = nil
                }
            }
        }
        if let start = open, start <= index { return start..<tokens.count }
        return nil
    }

    /// The token ranges of every outermost `{ … }` block (method and function bodies), in
    /// order; an unclosed last block is left out.
    public var bodyRanges: [Range<Int>] {
        var bodies: [Range<Int>] = []
        var depth = 0
        var start = 0
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if token.text == "{" {
                if depth == 0 { start = index }
                depth += 1
            } else if token.text == "}" && depth > 0 {
                depth -= 1
                if depth == 0 { bodies.append(start..<(index + 1)) }
            }
        }
        return bodies
    }

    /// Indices of identifier tokens named `name`.
    public func identifiers(named name: String) -> [Int] {
        tokens.indices.filter { tokens[$0].kind == .identifier && tokens[$0].text == name }
    }
}
