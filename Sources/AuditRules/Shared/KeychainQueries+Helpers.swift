import SwiftSyntax
import AuditKit

extension KeychainQuery {
    /// The entries of a query built by a helper of this file, followed one level: a call of
    /// a function (`Self.baseQuery(for: account)`, `makeQuery()`), or a read of a computed
    /// property (`self.query`, `item.attributes`, `baseQuery`), whose every `return` (or
    /// single expression) resolves as a query in its own body. Same-named helpers
    /// (overloads) are merged. Nil when no such helper is declared here or one of its
    /// returns cannot be resolved: callers stay silent rather than guess.
    static func helperEntries(_ expression: ExprSyntax, in file: SwiftFile) -> [Entry]? {
        let bare = unwrap(expression)
        if let call = bare.as(FunctionCallExprSyntax.self), call.trailingClosure == nil, isHelperReceiver(call.calledExpression) {
            let helpers = file.index.functions.filter { $0.name.text == call.calleeName }
            guard !helpers.isEmpty else { return nil }
            var found: [Entry] = []
            for helper in helpers {
                guard let body = helper.body, let entries = returnedEntries(of: body.statements, owner: Syntax(helper), in: file) else { return nil }
                found += entries
            }
            return found
        }
        guard let name = BindingValues.referencedName(bare) else { return nil }
        var found: [Entry] = []
        var resolved = false
        for declaration in file.index.variables {
            for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard let accessors = binding.accessorBlock?.accessors else { continue }
                switch accessors {
                case .getter(let statements):
                    guard let entries = returnedEntries(of: statements, owner: nil, in: file) else { return nil }
                    found += entries
                case .accessors(let list):
                    guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = getter.body,
                        let entries = returnedEntries(of: body.statements, owner: Syntax(getter), in: file)
                    else { return nil }
                    found += entries
                @unknown default:
                    return nil
                }
                resolved = true
            }
        }
        return resolved ? found : nil
    }

    /// `makeQuery(…)`, `self.makeQuery(…)`, `Self.makeQuery(…)`, `KeychainItem.makeQuery(…)`:
    /// a call that can be a helper of this file, not a method of some value
    /// (`base.merging(…)`, `dictionary.filter(…)`).
    private static func isHelperReceiver(_ callee: ExprSyntax) -> Bool {
        if callee.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = callee.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        let text = base.trimmedDescription
        return text == "self" || text == "Self" || text.first?.isUppercase == true && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The union of the queries a body returns: each `return` of the body itself (not of
    /// a closure or function nested in it), or its only expression. `owner` is the
    /// function or accessor the body belongs to, nil for a computed property's implicit
    /// getter.
    private static func returnedEntries(of statements: CodeBlockItemListSyntax, owner: Syntax?, in file: SwiftFile) -> [Entry]? {
        var returned: [ExprSyntax] = []
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) {
            returned = [only]
        } else {
            for statement in statements.descendants(ReturnStmtSyntax.self) where statement.enclosingBody?.id == owner?.id {
                guard let value = statement.expression else { return nil }
                returned.append(value)
            }
        }
        guard !returned.isEmpty else { return nil }
        var found: [Entry] = []
        for value in returned {
            guard let query = resolve(value, in: file) else { return nil }
            found += query.entries
        }
        return found
    }
}
