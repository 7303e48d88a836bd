/// Blanks, before a Swift file is parsed, the declarations no applicable rule can report
/// on, so that the parser (the audit's main cost) reads only what matters.
///
/// Declarations (``SwiftDeclarationChunks``) refer to each other by name: one that names
/// something another declares depends on it (a helper it calls, a property it writes, a
/// type whose stored properties make a value secret — properties declare their enclosing
/// types' names too). A declaration is an *anchor* for a rule that will check the file
/// when it holds the rule's ``AuditRule/triggers`` (in code, for
/// ``AuditRule/triggersAreCode`` rules) and the rule's
/// ``AuditRule/mayMatch(_:)`` passes on it alone or, failing that, together with what it
/// depends on. Kept are the anchors, everything that depends on them (the callers of a
/// wrapper), and everything those depend on, transitively; imports, compiler directives
/// and enum cases always stay. The rest is blanked.
///
/// Blanked bytes become spaces and line ends stay, so every kept node parses at the same
/// line, column and offset as in the original: findings and their positions do not
/// change. A test runs the audit with and without blanking over the fixtures and this
/// repository and requires identical findings.
enum FocusedParse {
    /// The text to parse for `file` when `rules` will check it, or nil to parse the text
    /// as it is (nothing to blank).
    static func blankedText(of file: SwiftFile, for rules: [any AuditRule]) -> String? {
        let chunks = SwiftDeclarationChunks(text: file.text, tokens: file.tokens).chunks
        guard chunks.count > 1 else { return nil }
        let graph = DependencyGraph(file: file, chunks: chunks)
        var utf8 = Array(file.text.utf8)
        let code = Array(file.codeText.utf8)
        func text(of members: [Int], in bytes: [UInt8]) -> String {
            members.map { String(decoding: bytes[chunks[$0].start..<chunks[$0].end], as: UTF8.self) }.joined(separator: "\n")
        }
        func text(of members: [Int]) -> String { text(of: members, in: utf8) }

        var anchors: [Int] = []
        for index in chunks.indices where !chunks[index].alwaysKept {
            let alone = text(of: [index])
            let aloneCode = text(of: [index], in: code)
            let candidates = rules.filter { $0.triggers.isEmpty || ByteSearch.containsAny($0.triggersAreCode ? aloneCode : alone, $0.triggers) }
            guard !candidates.isEmpty else { continue }
            if isRelevant(alone, path: file.path, to: candidates) {
                anchors.append(index)
                continue
            }
            // Rules that look for words (not for any literal) may need what the
            // declaration uses: the type whose property is a password, the defaults object.
            let wordRules = candidates.filter { !$0.triggers.isEmpty }
            let context = graph.closure(from: [index], following: graph.dependencies)
            if !wordRules.isEmpty, context.count > 1, isRelevant(text(of: context.sorted()), path: file.path, to: wordRules) {
                anchors.append(index)
            }
        }
        let dependents = graph.closure(from: anchors, following: graph.dependents)
        var kept = [Bool](repeating: false, count: chunks.count)
        for index in graph.closure(from: dependents.sorted(), following: graph.dependencies) { kept[index] = true }
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
        let piece = SwiftFile(path: path, text: text)
        let alone = ScannedFile.swift(piece)
        return rules.contains { rule in
            (rule.triggers.isEmpty || ByteSearch.containsAny(rule.triggersAreCode ? piece.codeText : text, rule.triggers)) && rule.mayMatch(alone)
        }
    }

    /// Which declarations name what others declare.
    private struct DependencyGraph {
        /// For each declaration, the declarations whose names it uses.
        var dependencies: [[Int]]
        /// For each declaration, the declarations that use its names.
        var dependents: [[Int]]

        init(file: SwiftFile, chunks: [SwiftDeclarationChunks.Chunk]) {
            let text = file.text
            let tokens = file.tokens.tokens
            func word(_ index: Int) -> Substring {
                let view = text.utf8
                return text[view.index(view.startIndex, offsetBy: tokens[index].start)..<view.index(view.startIndex, offsetBy: tokens[index].end)]
            }
            var declaring: [Substring: [Int]] = [:]
            for (index, chunk) in chunks.enumerated() where !chunk.alwaysKept {
                // A property also declares what its type's values hold: `User` leads to `password`.
                let isProperty = chunk.keyword == "var" || chunk.keyword == "let"
                for token in [chunk.nameToken].compactMap({ $0 }) + (isProperty ? chunk.containerNameTokens : []) {
                    declaring[word(token), default: []].append(index)
                }
            }
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
