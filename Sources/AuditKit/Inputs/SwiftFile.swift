import Foundation
import SwiftParser
import SwiftSyntax

/// A Swift source parsed by the toolchain's own parser (the one the compiler uses), with an
/// index of the nodes rules look at, so each rule reads arrays instead of walking the tree
/// again. Comments and string contents are trivia or literal segments to the parser, so
/// nothing matches inside them by accident.
///
/// Parsing is the audit's main cost, so it happens on first use of ``tree`` or ``index``:
/// a file in which no rule's trigger words occur is never parsed.
public final class SwiftFile: Sendable {
    /// The path relative to the scanned root.
    public let path: String
    /// The file's text.
    public let text: String
    private let parsed: LazyParse
    private let tokenized: LazyValue<SwiftTokens>
    private let lineStarts: LazyValue<[Int]>
    private let code: LazyValue<String>
    private let scanned: LazyValue<SwiftLexicalScan>
    private let secretNamed: LazyValue<SecretNamedWords>

    /// A file with `text`, parsed when a rule first needs its syntax. Parsing never
    /// fails: unparsable code yields a tree with missing and unexpected nodes, and rules
    /// see what could be parsed.
    public convenience init(path: String, text: String) {
        self.init(path: path, text: text, tokens: nil, secretNames: nil)
    }

    /// A file with `text`, whose tokens (and, given the words of a file it was cut from, the
    /// secret-named words) are already known: a declaration ``FocusedParse`` weighs alone.
    private init(path: String, text: String, tokens knownTokens: SwiftTokens?, secretNames knownSecretNames: LazyValue<SecretNamedWords>?) {
        self.path = path
        self.text = text
        parsed = LazyParse(path: path, text: text)
        lineStarts = LazyValue {
            var starts = [0]
            for (offset, byte) in text.utf8.enumerated() where byte == 0x0A { starts.append(offset + 1) }
            return starts
        }
        let tokenized = knownTokens.map { LazyValue(value: $0) } ?? LazyValue { SwiftTokens(text) }
        self.tokenized = tokenized
        code = LazyValue {
            // Comments and string contents become spaces; line ends and offsets stay.
            var utf8 = Array(text.utf8)
            let tokens = tokenized.value
            let literals = tokens.tokens.lazy.filter { $0.kind == .literal }.map { $0.start..<$0.end }
            for range in Array(literals) + tokens.comments {
                for offset in range where utf8[offset] != 0x0A && utf8[offset] != 0x0D { utf8[offset] = 0x20 }
            }
            return String(decoding: utf8, as: UTF8.self)
        }
        let scanned = LazyValue { SwiftLexicalScan(text, tokens: tokenized.value) }
        self.scanned = scanned
        secretNamed = LazyValue {
            let lexical = scanned.value
            // Cut from a file: the same words are secret names here, without asking again.
            if let known = knownSecretNames?.value {
                // The known words are few: look each up rather than copying every word here.
                return SecretNamedWords(
                    identifiers: known.identifiers.filter { lexical.identifiers.contains(Substring($0)) },
                    literals: known.literals.filter { literal in lexical.literals.contains { $0 == literal } }
                )
            }
            return SecretNamedWords(
                identifiers: lexical.identifiers.filter { SecretNames.isSensitive($0) }.map(String.init),
                literals: Array(Set(lexical.literals.filter { $0.utf8.count <= 64 && SecretNames.isSensitive($0) }.map(String.init)))
            )
        }
    }

    /// The declaration at UTF-8 offsets `start..<end` of this file, as a file of its own,
    /// sharing this file's tokens and secret-named words instead of finding them again.
    package func piece(from start: Int, to end: Int) -> SwiftFile {
        let all = tokens
        // Both lists are in source order: find where the declaration starts in each.
        func firstIndex<Element>(in elements: [Element], startingAtOrAfter offset: Int, _ position: (Element) -> Int) -> Int {
            var low = 0
            var high = elements.count
            while low < high {
                let middle = (low + high) / 2
                if position(elements[middle]) < offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var tokens: [SwiftTokens.Token] = []
        for var token in all.tokens[firstIndex(in: all.tokens, startingAtOrAfter: start, \.start)...] {
            guard token.end <= end else { break }
            token.start -= start
            token.end -= start
            tokens.append(token)
        }
        var comments: [Range<Int>] = []
        for comment in all.comments[firstIndex(in: all.comments, startingAtOrAfter: start, \.lowerBound)...] {
            guard comment.upperBound <= end else { break }
            comments.append((comment.lowerBound - start)..<(comment.upperBound - start))
        }
        let utf8 = text.utf8
        let slice = String(text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
        return SwiftFile(path: path, text: slice, tokens: SwiftTokens(tokens: tokens, comments: comments), secretNames: secretNamed)
    }

    /// The identifiers and short string literals (64 bytes at most) that name a secret.
    package struct SecretNamedWords: Sendable {
        package var identifiers: [String]
        package var literals: [String]
    }

    /// Whether any identifier or short string literal names a secret (token, password,
    /// PIN, key…): what every "is a secret stored, logged or written?" rule needs before a
    /// finding is possible. From the lexical scan, computed once, shared by those rules.
    public var mentionsSecretNames: Bool { !secretNamed.value.identifiers.isEmpty || !secretNamed.value.literals.isEmpty }

    /// The identifiers and short string literals that name a secret
    /// (``SecretNames/isSensitive(_:)``), from the lexical scan, computed once.
    package var secretNamedWords: SecretNamedWords { secretNamed.value }

    /// Identifiers and string literal contents from a fast lexical pass (no parse).
    public var lexical: SwiftLexicalScan { scanned.value }

    /// The tokens of the fast lexical pass.
    package var tokens: SwiftTokens { tokenized.value }

    /// The text with comments and string literal contents replaced by spaces (same
    /// length, same lines): where ``AuditRule/triggersAreCode`` rules look for their words.
    public var codeText: String { code.value }

    /// Has the parse, when it happens, read only the declarations that `rules` could
    /// report on (``FocusedParse``); the others are blanked, positions unchanged. Call it
    /// before the first use of ``tree`` or ``index``; after that it has no effect.
    package func focusParse(on rules: [any AuditRule]) {
        parsed.setSource { [unowned self] in FocusedParse.blankedText(of: self, for: rules) }
    }

    /// Whether the parse blanked declarations (``focusParse(on:)``); false before parsing.
    package var parseWasFocused: Bool { parsed.wasFocused }

    /// Forgets the parse, the tokens and everything made from them; the next use makes
    /// them again. The runner calls it once a file's rules have run, so a large tree is
    /// not held in memory as syntax trees until the end of the audit.
    package func discardDerivedState() {
        parsed.discard()
        tokenized.discard()
        lineStarts.discard()
        code.discard()
        scanned.discard()
        secretNamed.discard()
    }

    /// The syntax tree.
    public var tree: SourceFileSyntax { parsed.value.tree }
    /// Every node kind the rules use, in source order.
    public var index: SwiftSyntaxIndex { parsed.value.index }
    private var converter: SourceLocationConverter { parsed.value.converter.value }

    /// Where the UTF-8 offsets `start..<end` are, in the line and UTF-8 column terms the
    /// parser uses: for findings made from the lexical pass (``tokens``), without a parse.
    package func range(fromOffset start: Int, to end: Int) -> SourceRange {
        let starts = lineStarts.value
        func position(_ offset: Int) -> (line: Int, column: Int) {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return (low + 1, offset - starts[low] + 1)
        }
        let from = position(start)
        let to = position(end)
        return SourceRange(line: from.line, column: from.column, endLine: to.line, endColumn: to.column)
    }

    /// Where `node` is, without its leading and trailing trivia.
    public func range(of node: some SyntaxProtocol) -> SourceRange {
        let start = node.startLocation(converter: converter)
        let end = node.endLocation(converter: converter)
        return SourceRange(line: start.line, column: start.column, endLine: end.line, endColumn: end.column)
    }
}

/// The parse of one file, made once, on first use, by whichever thread asks first.
private final class LazyParse: @unchecked Sendable {
    struct Parsed {
        let tree: SourceFileSyntax
        let index: SwiftSyntaxIndex
        /// Made on first use: most files have no finding to place.
        let converter: LazyValue<SourceLocationConverter>
    }

    private let path: String
    private let text: String
    // Guarded by `lock`; `parsed` is written once.
    private var parsed: Parsed?
    private var source: (@Sendable () -> String?)?
    private var focused = false
    private let lock = NSLock()

    init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// What to parse instead of the text, when it returns a text; unused once parsed.
    func setSource(_ make: @escaping @Sendable () -> String?) {
        lock.lock()
        defer { lock.unlock() }
        if parsed == nil { source = make }
    }

    var wasFocused: Bool {
        lock.lock()
        defer { lock.unlock() }
        return focused
    }

    /// Forgets the parse (a focused source set before it is forgotten too: a later parse
    /// reads the whole text).
    func discard() {
        lock.lock()
        defer { lock.unlock() }
        parsed = nil
        source = nil
        focused = false
    }

    var value: Parsed {
        lock.lock()
        defer { lock.unlock() }
        if let parsed { return parsed }
        let blanked = source?()
        source = nil
        focused = blanked != nil
        let tree = Parser.parse(source: blanked ?? text)
        let collector = SwiftSyntaxIndex.Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        let path = self.path
        let made = Parsed(tree: tree, index: collector.index, converter: LazyValue { SourceLocationConverter(fileName: path, tree: tree) })
        parsed = made
        return made
    }
}

/// A value computed once, on first use, by whichever thread asks first.
package final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let make: @Sendable () -> Value
    // Guarded by `lock`; written once.
    private var made: Value?
    private let lock = NSLock()

    private let given: Bool

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        given = false
    }

    /// A value already made.
    package init(value: Value) {
        make = { value }
        made = value
        given = true
    }

    /// Forgets the value; the next use makes it again (a value given at creation stays).
    package func discard() {
        lock.lock()
        defer { lock.unlock() }
        if !given { made = nil }
    }

    package var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}

/// The nodes of one Swift file that rules look at, collected in one walk.
public struct SwiftSyntaxIndex: Sendable {
    /// Calls: `SecItemAdd(query, nil)`, `UserDefaults.standard.set(token, forKey: "token")`.
    public fileprivate(set) var calls: [FunctionCallExprSyntax] = []
    /// Member accesses: `.useCredential`, `kSecAttrAccessibleAlways` is a reference instead.
    public fileprivate(set) var memberAccesses: [MemberAccessExprSyntax] = []
    /// Plain identifier references: `kSecAttrAccessible`, `token`.
    public fileprivate(set) var references: [DeclReferenceExprSyntax] = []
    /// Dictionary literals (Keychain queries).
    public fileprivate(set) var dictionaries: [DictionaryExprSyntax] = []
    /// String literals.
    public fileprivate(set) var strings: [StringLiteralExprSyntax] = []
    /// Function declarations.
    public fileprivate(set) var functions: [FunctionDeclSyntax] = []
    /// Closures.
    public fileprivate(set) var closures: [ClosureExprSyntax] = []
    /// Variable and constant declarations.
    public fileprivate(set) var variables: [VariableDeclSyntax] = []
    /// Attributes (`@AppStorage("token")`).
    public fileprivate(set) var attributes: [AttributeSyntax] = []
    /// Unfolded operator sequences: assignments appear here as `a = b`.
    public fileprivate(set) var sequences: [SequenceExprSyntax] = []
    /// Subscript calls: `query[kSecAttrAccessible] = …`.
    public fileprivate(set) var subscripts: [SubscriptCallExprSyntax] = []

    package final class Collector: SyntaxVisitor {
        package var index = SwiftSyntaxIndex()

        package override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            index.calls.append(node)
            return .visitChildren
        }
        package override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            index.memberAccesses.append(node)
            return .visitChildren
        }
        package override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            index.references.append(node)
            return .visitChildren
        }
        package override func visit(_ node: DictionaryExprSyntax) -> SyntaxVisitorContinueKind {
            index.dictionaries.append(node)
            return .visitChildren
        }
        package override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            index.strings.append(node)
            return .visitChildren
        }
        package override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            index.functions.append(node)
            return .visitChildren
        }
        package override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            index.closures.append(node)
            return .visitChildren
        }
        package override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            index.variables.append(node)
            return .visitChildren
        }
        package override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            index.attributes.append(node)
            return .visitChildren
        }
        package override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            index.sequences.append(node)
            return .visitChildren
        }
        package override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
            index.subscripts.append(node)
            return .visitChildren
        }
    }
}
