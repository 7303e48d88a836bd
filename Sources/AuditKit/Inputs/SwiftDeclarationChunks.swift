/// The declarations of a Swift file, found from its ``SwiftTokens`` without parsing: each
/// top-level declaration, and each member of a type, extension or protocol body (at any
/// nesting), is one chunk, from its first attribute or modifier to the end of its last
/// line. Type headers (`final class Vault: NSObject {`) and the closing braces of type
/// bodies belong to no chunk.
///
/// ``FocusedParse`` uses the chunks to blank the declarations no rule can report on before
/// the file is parsed. Only the boundaries matter, so the segmentation errs on the side
/// of merging: a boundary is drawn only at a line end outside brackets, after a
/// declaration keyword, when the next line starts a new declaration.
package struct SwiftDeclarationChunks: Sendable {
    /// One declaration.
    package struct Chunk: Sendable {
        /// UTF-8 offsets of its text.
        package var start: Int
        package var end: Int
        /// Its tokens, as indices into ``SwiftTokens/tokens``.
        package var tokens: Range<Int>
        /// The token of the name it declares (`unlock` in `func unlock()`), if any.
        package var nameToken: Int?
        /// The name tokens of the types and extensions it is a member of, outermost first.
        package var containerNameTokens: [Int]
        /// Its declaration keyword (`func`, `var`, `class`…), if it has one.
        package var keyword: String?
        /// Whether it must never be blanked: imports, compiler directives, enum cases, and
        /// statements outside any declaration.
        package var alwaysKept: Bool
    }

    /// The chunks, in source order.
    package let chunks: [Chunk]

    /// Finds the chunks of `text`, whose tokens are `tokens`.
    package init(text: String, tokens: SwiftTokens) {
        var builder = Builder(utf8: Array(text.utf8), tokens: tokens.tokens)
        _ = builder.scanBody(from: 0, closedByBrace: false)
        chunks = builder.chunks
    }

    /// Keywords that begin a declaration.
    package static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "typealias", "associatedtype", "class", "struct",
        "enum", "extension", "protocol", "actor", "case", "import", "operator", "precedencegroup", "macro",
    ]

    /// Keywords whose body holds members rather than statements.
    package static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "protocol", "actor"]

    /// Modifiers that can begin a declaration.
    package static let modifiers: Set<String> = [
        "static", "private", "fileprivate", "internal", "public", "open", "package", "override", "final",
        "mutating", "nonmutating", "convenience", "required", "lazy", "weak", "unowned", "nonisolated",
        "dynamic", "indirect", "optional", "prefix", "postfix", "infix", "distributed", "consuming", "borrowing",
    ]

    /// Declarations whose name is their keyword.
    private static let selfNamed: Set<String> = ["init", "deinit", "subscript"]

    private struct Builder {
        let utf8: [UInt8]
        let tokens: [SwiftTokens.Token]
        var chunks: [Chunk] = []

        private var chunkStart: Int?
        private var keyword: String?
        private var nameToken: Int?
        private var isDirective = false
        private var containers: [Int] = []

        init(utf8: [UInt8], tokens: [SwiftTokens.Token]) {
            self.utf8 = utf8
            self.tokens = tokens
        }

        func text(_ token: SwiftTokens.Token) -> String {
            String(decoding: utf8[token.start..<token.end], as: UTF8.self)
        }

        /// Whether token `index` can begin a declaration (or close the enclosing body).
        func startsDeclaration(_ index: Int) -> Bool {
            let token = tokens[index]
            switch token.kind {
            case .punctuation: return token.byte == UInt8(ascii: "@") || token.byte == UInt8(ascii: "#") || token.byte == UInt8(ascii: "}")
            case .identifier:
                let word = text(token)
                return SwiftDeclarationChunks.declarationKeywords.contains(word) || SwiftDeclarationChunks.modifiers.contains(word)
            default: return false
            }
        }

        mutating func close(at end: Int, lastToken: Int) {
            defer {
                chunkStart = nil
                keyword = nil
                nameToken = nil
                isDirective = false
            }
            guard let first = chunkStart, first < lastToken else { return }
            let kept = isDirective || keyword == nil || keyword == "import" || keyword == "case"
            chunks.append(
                Chunk(
                    start: tokens[first].start, end: end, tokens: first..<lastToken, nameToken: nameToken,
                    containerNameTokens: containers, keyword: keyword, alwaysKept: kept
                ))
        }

        /// The index after the bracket that closes the one at `index`.
        func skipBalanced(from index: Int) -> Int {
            var depth = 0
            var cursor = index
            while cursor < tokens.count {
                let token = tokens[cursor]
                cursor += 1
                guard token.kind == .punctuation else { continue }
                switch token.byte {
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth <= 0 { return cursor }
                default: break
                }
            }
            return cursor
        }

        /// Reads declarations from token `start` to the end of the text or, when
        /// `closedByBrace`, to the brace that closes the body; returns the index after it.
        mutating func scanBody(from start: Int, closedByBrace: Bool) -> Int {
            var index = start
            while index < tokens.count {
                let token = tokens[index]
                if token.kind == .newline || (token.kind == .punctuation && token.byte == UInt8(ascii: ";")) {
                    if chunkStart != nil, isDirective || (keyword != nil && nextStartsDeclaration(after: index)) {
                        close(at: token.start, lastToken: index)
                    }
                    index += 1
                    continue
                }
                if token.kind == .punctuation && token.byte == UInt8(ascii: "}") {
                    close(at: token.start, lastToken: index)
                    if closedByBrace { return index + 1 }
                    index += 1
                    continue
                }
                if chunkStart == nil {
                    chunkStart = index
                    isDirective = token.kind == .punctuation && token.byte == UInt8(ascii: "#")
                }
                if token.kind == .identifier, keyword == nil, !isDirective {
                    noteKeyword(at: index)
                }
                if token.kind == .punctuation {
                    switch token.byte {
                    case UInt8(ascii: "{"):
                        if let keyword, SwiftDeclarationChunks.typeKeywords.contains(keyword) {
                            // A type body: its header belongs to no chunk; its members are chunks.
                            let container = nameToken
                            chunkStart = nil
                            self.keyword = nil
                            nameToken = nil
                            if let container { containers.append(container) }
                            index = scanBody(from: index + 1, closedByBrace: true)
                            if container != nil { containers.removeLast() }
                        } else {
                            index = skipBalanced(from: index)
                        }
                        continue
                    case UInt8(ascii: "("), UInt8(ascii: "["):
                        index = skipBalanced(from: index)
                        continue
                    default: break
                    }
                }
                index += 1
            }
            close(at: utf8.count, lastToken: tokens.count)
            return tokens.count
        }

        private mutating func noteKeyword(at index: Int) {
            let word = text(tokens[index])
            guard SwiftDeclarationChunks.declarationKeywords.contains(word) else { return }
            let next = index + 1 < tokens.count && tokens[index + 1].kind == .identifier ? index + 1 : nil
            // `class func`, `class var`: `class` is a modifier there.
            if word == "class", let next, startsDeclaration(next) { return }
            keyword = word
            nameToken = SwiftDeclarationChunks.selfNamed.contains(word) ? index : next
        }

        private func nextStartsDeclaration(after index: Int) -> Bool {
            var cursor = index + 1
            while cursor < tokens.count, tokens[cursor].kind == .newline { cursor += 1 }
            return cursor == tokens.count || startsDeclaration(cursor)
        }
    }
}
