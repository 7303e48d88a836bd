import SwiftSyntax
import AuditKit

/// Whether control can flow from one statement to a later one of the same body: not when
/// the first is returned (`return SecItemDelete(…)`), is followed by `return`/`throw` in
/// its block (`guard … else { delete(); return }`), or sits in a branch that excludes the
/// second (the other arm of an `if`/`else` chain or of a `switch`). An approximation
/// without a control-flow graph: loops back-edges are ignored. Used by the rules that
/// report an ordering ("delete, then add").
enum StatementReachability {
    // MARK: Swift

    /// Whether `target`, after `source` in the same function, initializer, accessor or
    /// closure, can run after `source` on some path.
    static func canReach(from source: some SyntaxProtocol, to target: some SyntaxProtocol) -> Bool {
        let goal = target.positionAfterSkippingLeadingTrivia
        guard goal > source.positionAfterSkippingLeadingTrivia else { return false }
        var node = Syntax(source)
        while let parent = node.parent {
            if isBoundary(parent) { return false }
            if let list = parent.as(CodeBlockItemListSyntax.self), let item = node.as(CodeBlockItemSyntax.self) {
                if isTerminator(item) { return false }  // `return SecItemDelete(…)`, `throw …`
                var after = false
                for other in list {
                    if other.id == item.id {
                        after = true
                        continue
                    }
                    guard after else { continue }
                    if other.position <= goal && goal < other.endPosition { return true }
                    if isTerminator(other) { return false }
                }
                // The end of a `guard … else { … }` body never falls through.
                if list.parent?.as(CodeBlockSyntax.self)?.parent?.is(GuardStmtSyntax.self) == true { return false }
            }
            node = parent
        }
        return false
    }

    private static func isBoundary(_ node: Syntax) -> Bool {
        node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorDeclSyntax.self)
            || node.is(ClosureExprSyntax.self) || node.is(DeinitializerDeclSyntax.self) || node.is(AccessorBlockSyntax.self)
    }

    /// `return`, `throw`, `break`, `continue`, `fatalError(…)`.
    private static func isTerminator(_ item: CodeBlockItemSyntax) -> Bool {
        var statement = Syntax(item.item)
        if let expression = statement.as(ExpressionStmtSyntax.self) { statement = Syntax(expression.expression) }
        if statement.is(ReturnStmtSyntax.self) || statement.is(ThrowStmtSyntax.self) || statement.is(BreakStmtSyntax.self)
            || statement.is(ContinueStmtSyntax.self)
        {
            return true
        }
        if let call = statement.as(FunctionCallExprSyntax.self) {
            return ["fatalError", "preconditionFailure", "exit", "abort"].contains(call.calleeName)
        }
        return false
    }

    // MARK: Objective-C

    /// Whether the token at `target` (after `source`, both in the method body `body`) can
    /// run after the statement holding the token at `source`.
    static func canReach(from source: Int, to target: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> Bool {
        guard source < target, body.contains(source), body.contains(target), !isReturned(source, in: tokens, body: body) else { return false }
        var depth = 0
        var position = source + 1
        while position < body.upperBound {
            if position == target { return true }
            let token = tokens[position]
            guard !token.inDirective else {
                position += 1
                continue
            }
            if token.kind == .punctuation && token.text == "{" {
                depth += 1
            } else if token.kind == .punctuation && token.text == "}" {
                if depth > 0 {
                    depth -= 1
                } else {
                    // Leaving the block that holds `source`.
                    guard let open = ObjectiveCSyntax.opening(tokens, close: position), open > body.lowerBound else { return false }
                    switch blockKind(opening: open, in: tokens) {
                    case .function:
                        return false
                    case .ifThen:
                        position = afterElseChain(position + 1, in: tokens, limit: body.upperBound)
                        continue
                    case .plain:
                        break
                    }
                }
            } else if depth == 0 && token.kind == .identifier && isTerminator(position, in: tokens) {
                return false
            }
            position += 1
        }
        return false
    }

    /// `return …SecItemDelete(…)…;` in the statement holding `index`.
    private static func isReturned(_ index: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> Bool {
        var position = index - 1
        while position > body.lowerBound {
            let token = tokens[position]
            if token.kind == .punctuation && [";", "{", "}"].contains(token.text) && !token.inDirective { return false }
            if token.kind == .identifier && token.text == "return" { return true }
            position -= 1
        }
        return false
    }

    private static func isTerminator(_ index: Int, in tokens: [ObjectiveCToken]) -> Bool {
        switch tokens[index].text {
        case "return": return true
        case "break", "continue": return index + 1 < tokens.count && tokens[index + 1].text == ";"
        case "throw": return index > 0 && tokens[index - 1].text == "@"
        default: return false
        }
    }

    private enum BlockKind { case ifThen, plain, function }

    /// What the `{` at `open` starts: an `if`'s then-block, another statement's block
    /// (else, loop, switch, `@try`, a bare block), or a function, block literal or
    /// anything else control does not simply fall out of.
    private static func blockKind(opening open: Int, in tokens: [ObjectiveCToken]) -> BlockKind {
        var before = open - 1
        while before >= 0 && tokens[before].inDirective { before -= 1 }
        guard before >= 0 else { return .function }
        let text = tokens[before].text
        if text == ")" {
            guard let paren = ObjectiveCSyntax.opening(tokens, close: before), paren > 0 else { return .function }
            switch tokens[paren - 1].text {
            case "if": return .ifThen
            case "for", "while", "switch", "synchronized", "catch": return .plain
            default: return .function
            }
        }
        if ["else", "do", "try", "finally", "autoreleasepool", "{", "}", ";", ":"].contains(text) { return .plain }
        return .function
    }

    /// The position after the `else if (…) …` / `else …` arms following an `if`'s block
    /// that ends just before `start`.
    private static func afterElseChain(_ start: Int, in tokens: [ObjectiveCToken], limit: Int) -> Int {
        var position = start
        while position < limit && tokens[position].inDirective { position += 1 }
        while position < limit && tokens[position].text == "else" {
            position += 1
            if position < limit && tokens[position].text == "if" {
                position += 1
                guard position < limit, tokens[position].text == "(", let close = ObjectiveCSyntax.matching(tokens, open: position) else { return limit }
                position = close + 1
            }
            guard position < limit else { return limit }
            if tokens[position].text == "{" {
                guard let close = ObjectiveCSyntax.matching(tokens, open: position) else { return limit }
                position = close + 1
            } else {
                while position < limit && tokens[position].text != ";" { position += 1 }
                position += 1
            }
            while position < limit && tokens[position].inDirective { position += 1 }
        }
        return position
    }
}
