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
        var found: Range<Int>?
        let unclosed = walkBodies { body in
            if body.contains(index) { found = body }
            return found == nil
        }
        if let found { return found }
        if let start = unclosed, start <= index { return start..<tokens.count }
        return nil
    }

    /// The token ranges of every outermost `{ … }` block (method and function bodies), in
    /// order; an unclosed last block is left out.
    public var bodyRanges: [Range<Int>] {
        var bodies: [Range<Int>] = []
        _ = walkBodies {
            bodies.append($0); return true
        }
        return bodies
    }

    /// Hands each closed outermost `{ … }` block to `visit`, in order, while it returns
    /// true; returns where an unclosed last block starts, if the walk reached one.
    private func walkBodies(_ visit: (Range<Int>) -> Bool) -> Int? {
        var depth = 0
        var start = 0
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if token.text == "{" {
                if depth == 0 { start = index }
                depth += 1
            } else if token.text == "}" && depth > 0 {
                depth -= 1
                if depth == 0, !visit(start..<(index + 1)) { return nil }
            }
        }
        return depth > 0 ? start : nil
    }

    /// Indices of identifier tokens named `name`.
    public func identifiers(named name: String) -> [Int] {
        tokens.indices.filter { tokens[$0].kind == .identifier && tokens[$0].text == name }
    }
}
