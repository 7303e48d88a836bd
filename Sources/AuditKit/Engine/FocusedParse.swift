/// Blanks, before a Swift file is parsed, the declarations no applicable rule can report
/// on, so that the parser (the audit's main cost) reads only what matters.
///
/// Declarations (``SwiftDeclarationChunks``) refer to each other by name: one that names
/// something another declares uses it (a helper it calls, a property it writes, a type
/// whose stored properties make a value secret — properties declare their enclosing
/// types' names too). A declaration is an *anchor* for a rule that will check the file
/// when it holds the rule's ``AuditRule/triggers`` (in code, for
/// ``AuditRule/triggersAreCode`` rules) and the rule's ``AuditRule/preCheck`` passes
/// on it alone or, failing that, together with what it uses. What is kept around an
/// anchor is what the rule's check reads (``AuditRule/focusReach``, the widest of the
/// rules it anchors):
/// - ``FocusReach/users``: the anchor and the declarations that name it.
/// - ``FocusReach/callers``: the anchor, the functions it calls, its users, transitively,
///   and the properties and types all of those use, transitively.
/// - ``FocusReach/everything``: as callers, and every function the users use too.
/// Imports, compiler directives and enum cases always stay. The rest is blanked.
///
/// Blanked bytes become spaces and line ends stay, so every kept node parses at the same
/// line, column and offset as in the original: findings and their positions do not
/// change. A test runs the audit with and without blanking over the fixtures and this
/// repository and requires identical findings.
package enum FocusedParse {
    /// The text to parse for `file` when `rules` will check it, or nil to parse the text
    /// as it is (nothing to blank).
    package static func blankedText(of file: SwiftFile, for rules: [any AuditRule]) -> String? {
        let chunks = SwiftDeclarationChunks(text: file.text, tokens: file.tokens).chunks
        guard chunks.count > 1 else { return nil }
        let graph = DependencyGraph(file: file, chunks: chunks)
        var utf8 = Array(file.text.utf8)
        let code = Array(file.codeText.utf8)
        func text(of members: [Int], in bytes: [UInt8]) -> String {
            members.map { String(decoding: bytes[chunks[$0].start..<chunks[$0].end], as: UTF8.self) }.joined(separator: "\n")
        }
        func text(of members: [Int]) -> String { text(of: members, in: utf8) }

        // The anchors, by the widest reach of the rules they anchor.
        var anchors: [FocusReach: [Int]] = [:]
        let reaches = Set(rules.map(\.focusReach)).sorted(by: >)
        for index in chunks.indices where !chunks[index].alwaysKept {
            let alone = text(of: [index])
            let aloneCode = text(of: [index], in: code)
            let candidates = rules.filter { $0.triggers.isEmpty || ByteSearch.containsAny($0.triggersAreCode ? aloneCode : alone, $0.triggers) }
            guard !candidates.isEmpty else { continue }
            let piece = file.piece(from: chunks[index].start, to: chunks[index].end)
            if let reach = reaches.first(where: { reach in isRelevant(piece, to: candidates.filter { $0.focusReach == reach }) }) {
                anchors[reach, default: []].append(index)
                continue
            }
            // Rules that look for words (not for any literal) may need what the
            // declaration uses: the type whose property is a password, the defaults object.
            let wordRules = candidates.filter { !$0.triggers.isEmpty }
            let context = graph.closure(from: [index], following: graph.dependencies)
            if !wordRules.isEmpty, context.count > 1, isRelevant(text(of: context.sorted()), path: file.path, to: wordRules) {
                // What it uses decided, so that is kept whatever the rules' reach.
                let reach = max(wordRules.map(\.focusReach).max() ?? .callers, .callers)
                anchors[reach, default: []].append(index)
            }
        }
        var kept = [Bool](repeating: false, count: chunks.count)
        for index in graph.keep(anchors) { kept[index] = true }
        for index in chunks.indices where chunks[index].alwaysKept { kept[index] = true }
        guard kept.contains(false) else { return nil }

        for (index, chunk) in chunks.enumerated() where !kept[index] {
            for offset in chunk.start..<chunk.end where utf8[offset] != 0x0A && utf8[offset] != 0x0D {
                utf8[offset] = 0x20
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Whether one of `rules` would pass its pre-checks on `text` as a whole file.
    private static func isRelevant(_ text: String, path: String, to rules: [any AuditRule]) -> Bool {
        isRelevant(SwiftFile(path: path, text: text), to: rules)
    }

    /// Whether one of `rules` would pass its pre-checks on `piece` as a whole file.
    private static func isRelevant(_ piece: SwiftFile, to rules: [any AuditRule]) -> Bool {
        guard !rules.isEmpty else { return false }
        let text = piece.text
        let alone = ScannedFile.swift(piece)
        return rules.contains { rule in
            (rule.triggers.isEmpty || ByteSearch.containsAny(rule.triggersAreCode ? piece.codeText : text, rule.triggers)) && rule.preCheck.passes(alone)
        }
    }

    /// Which declarations name what others declare.
    private struct DependencyGraph {
        /// For each declaration, the declarations whose names it uses.
        var dependencies: [[Int]]
        /// For each declaration, the declarations that use its names.
        var dependents: [[Int]]
        /// Whether each declaration is a function, initializer, subscript or deinitializer.
        var isFunction: [Bool]

        init(file: SwiftFile, chunks: [SwiftDeclarationChunks.Chunk]) {
            let text = file.text
            let tokens = file.tokens.tokens
            func word(_ index: Int) -> Substring { tokens[index].text(in: text) }
            var declaring: [Substring: [Int]] = [:]
            for (index, chunk) in chunks.enumerated() where !chunk.alwaysKept {
                // A property also declares what its type's values hold: `User` leads to `password`.
                let isProperty = chunk.keyword == "var" || chunk.keyword == "let"
                for token in [chunk.nameToken].compactMap({ $0 }) + (isProperty ? chunk.containerNameTokens : []) {
                    declaring[word(token), default: []].append(index)
                }
            }
            isFunction = chunks.map { ["func", "init", "subscript", "deinit"].contains($0.keyword ?? "") }
            dependencies = Array(repeating: [], count: chunks.count)
            dependents = Array(repeating: [], count: chunks.count)
            for (index, chunk) in chunks.enumerated() where !chunk.alwaysKept {
                var seen: Set<Int> = [index]
                for token in chunk.tokens where tokens[token].kind == .identifier {
                    for other in declaring[word(token)] ?? [] where seen.insert(other).inserted {
                        dependencies[index].append(other)
                        dependents[other].append(index)
                    }
                }
            }
        }

        /// The declarations to keep around `anchors` (by the reach of their rules).
        func keep(_ anchors: [FocusReach: [Int]]) -> Set<Int> {
            let full = anchors[.everything] ?? []
            let callers = anchors[.callers] ?? []
            let users = anchors[.users] ?? []
            // Everything: the anchors' callers, and all they use.
            var kept = closure(from: closure(from: full, following: dependents).sorted(), following: dependencies)
            // Callers: the functions the anchors call, their callers, and the properties and
            // types all of those use.
            var used = Set(callers)
            for anchor in callers { used.formUnion(dependencies[anchor]) }
            kept.formUnion(closure(from: used.sorted(), following: dependencies, into: { !isFunction[$0] }))
            let callersOfCallers = closure(from: callers, following: dependents)
            kept.formUnion(callersOfCallers)
            kept.formUnion(closure(from: callersOfCallers.sorted(), following: dependencies, into: { !isFunction[$0] }))
            // Users: the anchors and what names them.
            for anchor in users {
                kept.insert(anchor)
                kept.formUnion(dependents[anchor])
            }
            return kept
        }

        /// `start` and everything reachable from it along `edges` through declarations
        /// `into` accepts (`start` itself always counts).
        func closure(from start: [Int], following edges: [[Int]], into accepts: (Int) -> Bool) -> Set<Int> {
            var reached = Set(start)
            var pending = start
            while let next = pending.popLast() {
                for other in edges[next] where accepts(other) && reached.insert(other).inserted { pending.append(other) }
            }
            return reached
        }

        /// `start` and everything reachable from it along `edges`.
        func closure(from start: [Int], following edges: [[Int]]) -> Set<Int> {
            var reached = Set(start)
            var pending = start
            while let next = pending.popLast() {
                for other in edges[next] where reached.insert(other).inserted { pending.append(other) }
            }
            return reached
        }
    }
}
