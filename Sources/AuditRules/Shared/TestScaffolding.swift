import Foundation
import SwiftSyntax
import AuditKit

/// Code that sits in an app's source folders but is not what users run: a type or
/// function named as test scaffolding (`MockLoginStorage`, `FakeVault`, `StubClient`,
/// `DummyData`, `SpyDelegate`, `LoginStorageMock`, `makeFakeAccount()`), a SwiftUI preview
/// (`LoginView_Previews: PreviewProvider`, `#Preview { … }`), and `#if DEBUG` blocks (left
/// out of Release builds, which is what the App Store ships). The declaration-level
/// counterpart of ``TestPaths``, for files that mix shipped code and scaffolding.
enum TestScaffolding {
    private static let words = ["Mock", "Fake", "Stub", "Dummy", "Spy"]

    /// Whether a type or function name says it is scaffolding: it starts with Mock, Fake,
    /// Stub, Dummy or Spy as a word (`MockStore`, `mockLogins`, not `Spyglass`), ends with
    /// one (`StoreMock`, `StoreMocks`, `LoginStub`), follows `make`/`create` (`makeMockUser`),
    /// or ends with `Previews` / `_Preview` (a plain `…Preview` is often a shipped screen,
    /// like `LinkPreview`).
    static func isScaffoldingName(_ name: String) -> Bool {
        var body = Substring(name.drop { $0 == "_" })
        for verb in ["make", "create", "build"] where body.hasPrefix(verb) {
            let rest = body.dropFirst(verb.count)
            if rest.first?.isUppercase == true { body = rest }
        }
        for word in words {
            for form in [word, word.lowercased()] where body.hasPrefix(form) {
                let next = body.dropFirst(form.count).first
                if next == nil || next == "_" || next?.isUppercase == true || next?.isNumber == true { return true }
            }
            var trimmed = body
            if trimmed.hasSuffix("s") { trimmed = trimmed.dropLast() }
            if trimmed.hasSuffix(word), trimmed.count > word.count {
                let before = trimmed.dropLast(word.count).last
                if before?.isLowercase == true || before?.isNumber == true || before == "_" { return true }
            }
        }
        return name.hasSuffix("Previews") || name.hasSuffix("_Preview")
    }

    // MARK: - Swift

    /// Whether `node` is inside scaffolding: a type, extension or function named as such,
    /// a `PreviewProvider` conformer, a `#Preview` macro, or a `#if DEBUG` clause.
    static func contains(_ node: some SyntaxProtocol) -> Bool {
        var current: Syntax? = node.parent
        while let step = current {
            if let clause = step.as(IfConfigClauseSyntax.self), isDebugOnly(clause) { return true }
            if let name = declaredName(of: step), isScaffoldingName(name) { return true }
            if let inheritance = inheritance(of: step), inheritance.inheritedTypes.contains(where: { $0.type.trimmedDescription.hasSuffix("PreviewProvider") })
            {
                return true
            }
            if let macro = step.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = step.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            current = step.parent
        }
        return false
    }

    private static func declaredName(of node: Syntax) -> String? {
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
        if let decl = node.as(FunctionDeclSyntax.self) { return decl.name.text }
        return nil
    }

    private static func inheritance(of node: Syntax) -> InheritanceClauseSyntax? {
        node.as(StructDeclSyntax.self)?.inheritanceClause ?? node.as(ClassDeclSyntax.self)?.inheritanceClause
            ?? node.as(EnumDeclSyntax.self)?.inheritanceClause ?? node.as(ExtensionDeclSyntax.self)?.inheritanceClause
    }

    /// `#if DEBUG`, `#elseif DEBUG`, `#if DEBUG && …`, and the `#else` of `#if !DEBUG`.
    private static func isDebugOnly(_ clause: IfConfigClauseSyntax) -> Bool {
        let keyword = clause.poundKeyword.tokenKind
        if keyword == .poundElse {
            guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self), clauses.count == 2,
                let first = clauses.first?.condition?.trimmedDescription
            else { return false }
            return isNegatedDebug(first)
        }
        guard let condition = clause.condition?.trimmedDescription else { return false }
        return isDebugCondition(condition)
    }

    /// A condition true only in Debug builds: `DEBUG`, or `DEBUG` joined by `&&` to others.
    static func isDebugCondition(_ condition: String) -> Bool {
        let compact = condition.filter { !$0.isWhitespace }.replacingOccurrences(of: "defined(DEBUG)", with: "DEBUG")
        guard !compact.contains("||"), !compact.contains("!") else { return false }
        let parts = compact.split(separator: "&").map { $0.trimmingParentheses() }
        return parts.contains("DEBUG")
    }

    /// `!DEBUG` (whose `#else` is Debug-only).
    static func isNegatedDebug(_ condition: String) -> Bool {
        let compact = condition.filter { !$0.isWhitespace }
        return compact == "!DEBUG" || compact == "!(DEBUG)"
    }

    // MARK: - Objective-C

    /// The token ranges of an Objective-C file that are scaffolding: `@implementation`
    /// / `@interface` blocks of scaffolding-named classes (to their `@end`), and the
    /// Debug-only branches of `#if DEBUG` / `#ifdef DEBUG` / `#if !DEBUG … #else`.
    static func objectiveCRanges(in tokens: [ObjectiveCToken]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var containerStart: Int?
        // Per open `#if`: whether its current branch is Debug-only, where that branch
        // started, and whether its condition was `!DEBUG`.
        var conditionals: [(debug: Bool, start: Int, negated: Bool)] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .identifier, index > 0, tokens[index - 1].text == "@" || token.text.hasPrefix("@") {
                let keyword = token.text.hasPrefix("@") ? String(token.text.dropFirst()) : token.text
                if keyword == "implementation" || keyword == "interface", index + 1 < tokens.count,
                    tokens[index + 1].kind == .identifier, isScaffoldingName(tokens[index + 1].text), containerStart == nil
                {
                    containerStart = index
                } else if keyword == "end", let start = containerStart {
                    ranges.append(start..<index)
                    containerStart = nil
                }
            }
            if token.text == "#", token.inDirective, index + 1 < tokens.count {
                let directive = tokens[index + 1].text
                var end = index + 1
                while end + 1 < tokens.count, tokens[end + 1].inDirective, tokens[end + 1].line == token.line { end += 1 }
                let condition = tokens[(index + 2)..<(end + 1)].map(\.text).joined(separator: " ")
                func close(at position: Int) {
                    if let top = conditionals.last, top.debug { ranges.append(top.start..<position) }
                }
                switch directive {
                case "if":
                    conditionals.append((isDebugCondition(condition), end + 1, isNegatedDebug(condition)))
                case "ifdef":
                    conditionals.append((condition.filter { !$0.isWhitespace } == "DEBUG", end + 1, false))
                case "ifndef":
                    conditionals.append((false, end + 1, condition.filter { !$0.isWhitespace } == "DEBUG"))
                case "elif":
                    close(at: index)
                    if conditionals.popLast() != nil { conditionals.append((isDebugCondition(condition), end + 1, false)) }
                case "else":
                    close(at: index)
                    if let top = conditionals.popLast() { conditionals.append((top.negated, end + 1, false)) }
                case "endif":
                    close(at: index)
                    _ = conditionals.popLast()
                default:
                    break
                }
                index = end + 1
                continue
            }
            index += 1
        }
        return ranges
    }
}

private extension Substring {
    func trimmingParentheses() -> Substring {
        var text = self
        while text.hasPrefix("(") { text = text.dropFirst() }
        while text.hasSuffix(")") { text = text.dropLast() }
        return text
    }
}
