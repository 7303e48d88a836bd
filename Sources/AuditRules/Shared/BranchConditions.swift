import SwiftSyntax
import AuditKit

/// The conditions under which a Swift statement runs: the `if`, `guard`, `switch` and
/// `for` around it, and the early exits before it, up to a scope (a function or closure).
/// Shared by rules that ask "does this run only when X?" (a biometric success, a pin
/// mismatch, a jailbreak check).
struct BranchCondition {
    /// How the node relates to the condition.
    enum Side {
        /// The condition holds here: an `if`'s body, the code after a `guard`.
        case holds
        /// The condition failed here: an `else`, a `guard`'s `else`, the code after an
        /// `if … { return }`.
        case fails
        /// Inside a `switch` case or a `for`/`while` loop whose subject is the text.
        case within
    }

    /// The condition as written (the `if`'s conditions, a `switch` subject and case
    /// label, a `for` sequence).
    let text: String
    /// The condition's syntax (its conditions list, a switch subject, a loop sequence).
    let node: Syntax
    let side: Side

    /// The conditions around `node`, innermost first, up to (not including) `scope`.
    static func around(_ node: some SyntaxProtocol, in scope: Syntax) -> [BranchCondition] {
        var found: [BranchCondition] = []
        var child = Syntax(node)
        var current = node.parent
        while let parent = current, parent.id != scope.id {
            if let block = parent.as(CodeBlockSyntax.self) {
                if let ifExpr = block.parent?.as(IfExprSyntax.self) {
                    let side: Side = ifExpr.body.id == block.id ? .holds : .fails
                    found.append(BranchCondition(text: ifExpr.conditions.trimmedDescription, node: Syntax(ifExpr.conditions), side: side))
                } else if let guardStmt = block.parent?.as(GuardStmtSyntax.self) {
                    found.append(BranchCondition(text: guardStmt.conditions.trimmedDescription, node: Syntax(guardStmt.conditions), side: .fails))
                } else if let loop = block.parent?.as(ForStmtSyntax.self) {
                    found.append(BranchCondition(text: loop.sequence.trimmedDescription, node: Syntax(loop.sequence), side: .within))
                } else if let loop = block.parent?.as(WhileStmtSyntax.self) {
                    found.append(BranchCondition(text: loop.conditions.trimmedDescription, node: Syntax(loop.conditions), side: .within))
                }
            }
            if let items = parent.as(CodeBlockItemListSyntax.self), let item = child.as(CodeBlockItemSyntax.self) {
                // Early exits before the node in the same block.
                for sibling in items {
                    if sibling.id == item.id { break }
                    if let guardStmt = sibling.item.as(GuardStmtSyntax.self) {
                        found.append(BranchCondition(text: guardStmt.conditions.trimmedDescription, node: Syntax(guardStmt.conditions), side: .holds))
                    } else if let ifExpr = ifExpression(sibling), ifExpr.elseBody == nil, exits(ifExpr.body) {
                        found.append(BranchCondition(text: ifExpr.conditions.trimmedDescription, node: Syntax(ifExpr.conditions), side: .fails))
                    }
                }
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self) {
                let text = switchExpr.subject.trimmedDescription + " " + switchCase.label.trimmedDescription
                found.append(BranchCondition(text: text, node: Syntax(switchExpr.subject), side: .within))
            }
            child = parent
            current = parent.parent
        }
        return found
    }

    /// The `if` an item holds, as a statement or an expression.
    static func ifExpression(_ item: CodeBlockItemSyntax) -> IfExprSyntax? {
        if let expression = item.item.as(ExpressionStmtSyntax.self) { return expression.expression.as(IfExprSyntax.self) }
        return item.item.as(IfExprSyntax.self)
    }

    /// Whether a block ends by leaving its scope (`return`, `throw`, `break`, `continue`,
    /// or a call that does not return).
    static func exits(_ block: CodeBlockSyntax) -> Bool {
        guard let lastItem = block.statements.last, let last = Optional(lastItem.item) else { return false }
        if let ifExpr = ifExpression(lastItem), let elseBody = ifExpr.elseBody {
            guard exits(ifExpr.body) else { return false }
            switch elseBody {
            case .codeBlock(let elseBlock): return exits(elseBlock)
            case .ifExpr(let nested): return exits(CodeBlockSyntax(statements: [CodeBlockItemSyntax(item: .expr(ExprSyntax(nested)))]))
            @unknown default: return false
            }
        }
        if last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) || last.is(BreakStmtSyntax.self) || last.is(ContinueStmtSyntax.self) {
            return true
        }
        if let expression = last.as(ExpressionStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self),
            let call = expression.as(FunctionCallExprSyntax.self)
        {
            return ["fatalError", "exit", "abort", "preconditionFailure"].contains(call.calleeName)
        }
        return false
    }

    /// Whether the condition refers to `name` negated (`!name`, `name == false`,
    /// `name != true`).
    func negates(_ name: String) -> Bool {
        let compact = text.filter { !$0.isWhitespace }
        return compact.contains("!" + name) || compact.contains(name + "==false") || compact.contains(name + "!=true")
            || compact.contains("!self." + name)
    }

    /// Whether the condition mentions the identifier `name` (as a whole identifier).
    func mentions(identifier name: String) -> Bool {
        node.descendants(DeclReferenceExprSyntax.self).contains { $0.baseName.text == name }
            || node.descendants(MemberAccessExprSyntax.self).contains { $0.declName.baseName.text == name }
            || node.descendants(IdentifierPatternSyntax.self).contains { $0.identifier.text == name }
    }

    /// Whether, under this condition, `name` (a Bool) is true: `if name`, `guard name`,
    /// `if !name { … } else { here }`, `if !name { return }` before here.
    func meansTrue(_ name: String) -> Bool {
        guard mentions(identifier: name) else { return false }
        switch side {
        case .holds: return !negates(name)
        case .fails:
            let compact = text.filter { !$0.isWhitespace }
            return ["!" + name, name + "==false", name + "!=true", "!self." + name].contains(compact)
        case .within: return false
        }
    }
}

extension SyntaxProtocol {
    /// The nearest enclosing function declaration.
    var enclosingFunctionDecl: FunctionDeclSyntax? { ancestor(FunctionDeclSyntax.self) }

    /// The nearest ancestor of type `T`.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var current = parent
        while let node = current {
            if let match = node.as(T.self) { return match }
            current = node.parent
        }
        return nil
    }
}
