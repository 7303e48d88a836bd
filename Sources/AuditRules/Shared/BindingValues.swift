import SwiftSyntax
import AuditKit

/// What a name used at a call site was initialised with, in the same file: a local
/// `let` in the same body, else a property or global (`static let key = "…"`). Shared by
/// the rules that follow a constant to its literal (keys, IVs, iteration counts).
enum BindingValues {
    /// The initializer of the variable `name` as seen from `node`; nil when it is not
    /// declared in this file with an initializer (a parameter, a value computed elsewhere).
    /// `Self.key`, `Constants.key` and `self.key` resolve by their last component.
    /// With `localOnly`, only a local of the same body counts (the name is a parameter,
    /// which hides any property or global of that name).
    static func initializer(of expression: ExprSyntax, from node: some SyntaxProtocol, in file: SwiftFile, localOnly: Bool = false) -> ExprSyntax? {
        guard let name = referencedName(expression) else { return nil }
        let body = node.enclosingBody
        var fallback: ExprSyntax?
        for declaration in file.index.variables {
            for binding in declaration.bindings {
                guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                    let value = binding.initializer?.value
                else { continue }
                let scope = declaration.enclosingBody
                if let body, let scope, scope.id == body.id { return value }
                if scope == nil && fallback == nil && !localOnly { fallback = value }
            }
        }
        return fallback
    }

    /// The name a reference reads: `key` for `key`, `Self.key`, `Constants.key` and
    /// `self.key`; nil for anything else.
    static func referencedName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.text }
        return nil
    }

    /// Strips `try`, `await`, `!`, `?`, parentheses and `as` casts.
    static func unwrap(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            let next: ExprSyntax
            if let forced = current.as(ForceUnwrapExprSyntax.self) {
                next = forced.expression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                next = optional.expression
            } else if let waiting = current.as(AwaitExprSyntax.self) {
                next = waiting.expression
            } else {
                next = KeychainQuery.unwrap(current)
            }
            if next.id == current.id { return current }
            current = next
        }
    }
}
