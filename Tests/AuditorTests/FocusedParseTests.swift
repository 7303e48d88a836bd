@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// Blanking the declarations no rule can report on (``FocusedParse``) must change the
/// audit's speed and nothing else.
@Suite("Focused parsing")
struct FocusedParseTests {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func findings(_ paths: [String], focused: Bool) throws -> [String] {
        var request = AuditRequest(paths: paths, includeVendored: true, rules: AuditRuleCatalog.all)
        request.focusedParsing = focused
        return try AuditRunner.run(request).findings.map {
            "\($0.file):\($0.range.line):\($0.range.column)-\($0.range.endLine):\($0.range.endColumn) \($0.rule.id) \($0.message)"
        }
    }

    @Test(
        "The fixture apps and this repository's own sources get identical findings with and without it",
        arguments: ["Tests/AuditorTests/Fixtures", "Sources", "Tests"])
    func identicalFindings(folder: String) throws {
        let path = Self.repositoryRoot.appendingPathComponent(folder).path
        let focused = try Self.findings([path], focused: true)
        let whole = try Self.findings([path], focused: false)
        #expect(focused == whole)
        #expect(!whole.isEmpty || folder == "Sources", "the fixtures must have findings for the comparison to mean anything")
    }

    @Test("Blanked declarations keep every byte offset and line of the kept ones")
    func positionsAreKept() throws {
        let source = """
            import Foundation

            /// Résumé — names that are not ASCII keep their byte offsets.
            struct Layout {
                let width = 3
                func area() -> Int { width * width }
            }

            final class Session {
                func save(token: String) {
                    UserDefaults.standard.set(token, forKey: "authToken")
                }
            }
            """
        let file = SwiftFile(path: "Session.swift", text: source)
        let rules = AuditRuleCatalog.all.filter { $0.metadata.id == "storage-secret-in-userdefaults" }
        let blanked = try #require(FocusedParse.blankedText(of: file, for: rules))
        #expect(blanked.utf8.count == source.utf8.count)
        #expect(blanked.split(separator: "\n", omittingEmptySubsequences: false).count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(!blanked.contains("area"), "the unrelated declaration is blanked")
        #expect(blanked.contains("UserDefaults.standard.set(token, forKey: \"authToken\")"))
        #expect(blanked.contains("struct Layout {"), "type headers stay")
        let original = Array(source.utf8)
        let kept = Array(blanked.utf8)
        for index in original.indices where kept[index] != 0x20 {
            #expect(kept[index] == original[index])
        }
    }

    @Test("What a kept declaration uses, and what uses it, is kept")
    func dependenciesAreKept() throws {
        let source = """
            struct BankUser: Codable {
                let number: String
                let password: String
            }

            struct Unrelated {
                func render() -> String { "x" }
            }

            final class Cache {
                func save(user: BankUser, to url: URL) throws {
                    let data = try JSONEncoder().encode(user)
                    try data.write(to: url)
                }
            }
            """
        let file = SwiftFile(path: "Cache.swift", text: source)
        let rules = AuditRuleCatalog.all.filter { $0.metadata.id == "storage-secret-archived-to-file" }
        let blanked = try #require(FocusedParse.blankedText(of: file, for: rules))
        #expect(blanked.contains("let password: String"), "the stored property that makes BankUser secret")
        #expect(blanked.contains("JSONEncoder().encode(user)"))
        #expect(!blanked.contains("render"))
    }

    /// A rule that anchors the declarations calling SecItemCopyMatching, with a chosen reach.
    private struct ReachProbe: AuditRule {
        let metadata = RuleMetadata(id: "reach-probe", title: "probe", severity: .low, category: .keychain, masvs: "MASVS-STORAGE-1", rationale: "", fix: "")
        let triggers = ["SecItemCopyMatching"]
        let examples: [RuleExample] = []
        let focusReach: FocusReach
        func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] { [] }
    }

    @Test(
        "A rule's reach decides what is kept around its declarations: direct users; callers, direct helpers and properties; or everything",
        arguments: [
            (FocusReach.users, ["read", "load"], ["start", "limit", "convert", "status", "code", "unrelated"]),
            (FocusReach.callers, ["read", "load", "start", "limit", "status"], ["convert", "code", "unrelated"]),
            (FocusReach.everything, ["read", "load", "start", "limit", "convert", "status", "code"], ["unrelated"]),
        ])
    func reach(reach: FocusReach, kept: [String], blanked: [String]) throws {
        let source = """
            final class Store {
                let limit = 3
                func read() -> Result<Data, Error> { SecItemCopyMatching(query, &item) == status() ? .success(Data()) : .failure(E.x) }
                func status() -> Int32 { code() }
                func code() -> Int32 { 0 }
                func load() -> Data? { limit > 0 ? convert(read()) : nil }
                func convert(_ result: Result<Data, Error>) -> Data? { try? result.get() }
                func start() { _ = load() }
                func unrelated() {}
            }
            """
        let file = SwiftFile(path: "Store.swift", text: source)
        let text = try #require(FocusedParse.blankedText(of: file, for: [ReachProbe(focusReach: reach)]))
        for name in kept { #expect(text.contains("func \(name)(") || text.contains("let \(name) ="), "\(name) is kept") }
        for name in blanked { #expect(!text.contains("func \(name)(") && !text.contains("let \(name) ="), "\(name) is blanked") }
    }

    @Test("Declarations are found at the top level and in nested type bodies, with attributes and modifiers")
    func chunks() {
        let source = """
            import Foundation
            #if DEBUG
            let debug = true
            #endif
            @MainActor
            final class A: NSObject {
                @objc private var x = [1,
                                       2]
                class func make() -> A { A() }
                enum Kind { case one, two }
                struct Inner {
                    func f() {}
                    func g() {
                    }
                }
            }
            func top() {}
            """
        let file = SwiftFile(path: "A.swift", text: source)
        let chunks = SwiftDeclarationChunks(text: source, tokens: file.tokens).chunks
        let utf8 = Array(source.utf8)
        let texts = chunks.map { String(decoding: utf8[$0.start..<$0.end], as: UTF8.self) }
        #expect(
            texts == [
                "import Foundation", "#if DEBUG", "let debug = true", "#endif",
                "@objc private var x = [1,\n                           2]", "class func make() -> A { A() }",
                "case one, two ", "func f() {}", "func g() {\n        }", "func top() {}",
            ])
        #expect(chunks.map(\.alwaysKept) == [true, true, false, true, false, false, true, false, false, false])
    }
}

/// The runner forgets a file's parse once its rules have run: a tree the size of a large
/// app is not held in memory as syntax trees until the end of the audit.
@Suite("Discarding a file's parse")
struct DiscardedParseTests {
    private static let source = """
        import Foundation

        final class Session {
            func save(token: String) {
                UserDefaults.standard.set(token, forKey: "authToken")
            }
        }
        """

    @Test("A discarded file parses again to the same tree, tokens and lexical facts, whole rather than focused")
    func parsesAgain() {
        let file = SwiftFile(path: "Session.swift", text: Self.source)
        file.focusParse(on: AuditRuleCatalog.all.filter { $0.metadata.id == "storage-secret-in-userdefaults" })
        let tree = file.tree.description
        let tokens = file.tokens.tokens.count
        let identifiers = file.lexical.identifiers
        let code = file.codeText
        file.discardDerivedState()
        #expect(!file.parseWasFocused, "nothing is parsed after discarding")
        #expect(file.tree.description == Self.source, "the second parse reads the whole text")
        #expect(tree.utf8.count == Self.source.utf8.count)
        #expect(file.tokens.tokens.count == tokens)
        #expect(file.lexical.identifiers == identifiers)
        #expect(file.codeText == code)
        #expect(file.index.calls.contains { $0.calleeName == "set" })
    }

    @Test("A piece keeps the tokens it was made with after discarding")
    func pieceKeepsGivenTokens() {
        let file = SwiftFile(path: "Session.swift", text: Self.source)
        let start = Self.source.utf8.count - 60
        let piece = file.piece(from: start, to: Self.source.utf8.count)
        let tokens = piece.tokens.tokens.map(\.start)
        piece.discardDerivedState()
        #expect(piece.tokens.tokens.map(\.start) == tokens)
    }

    @Test("Auditing files twice in one process gives the same findings (the runner discards after checking)")
    func auditTwice() {
        let file = SwiftFile(path: "Session.swift", text: Self.source)
        let first = AuditRunner.audit(files: [.swift(file)], rules: AuditRuleCatalog.all, baseline: nil).findings.map(\.message)
        let second = AuditRunner.audit(files: [.swift(file)], rules: AuditRuleCatalog.all, baseline: nil).findings.map(\.message)
        #expect(!first.isEmpty)
        #expect(first == second)
    }
}
