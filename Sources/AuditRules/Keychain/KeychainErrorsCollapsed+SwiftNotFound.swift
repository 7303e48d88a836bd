import SwiftSyntax
import AuditKit

/// Swift: a keychain read that names errSecItemNotFound and returns nil for it, but has no
/// channel for the other failures — nothing thrown, the status neither returned nor
/// wrapped, only compared and logged — and returns the result (nil after any failed read):
/// errSecInteractionNotAllowed on a locked device ends in the same nil as "no item".
extension KeychainErrorsCollapsed {
    private static let statusConstants: Set<String> = ["errSecItemNotFound", "25300", "errSecSuccess", "noErr", "0"]
    private static let absentValues: Set<String> = ["nil", "false", "NO"]

    /// Whether the read `call` (its status held by `outer`) in `body` returns nil both for
    /// errSecItemNotFound and for every other failure.
    func notFoundLikeEveryFailure(_ call: FunctionCallExprSyntax, outer: ExprSyntax, body: Syntax) -> Bool {
        // The result: `&item` among the arguments, and locals built from it.
        guard
            let result = call.arguments.lazy.compactMap({ $0.expression.as(InOutExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text })
                .first
        else { return false }
        var resultNames: Set<String> = [result]
        for declaration in body.descendants(VariableDeclSyntax.self) {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value,
                    mentions(value, resultNames)
                else { continue }
                resultNames.insert(name)
            }
        }
        for condition in body.descendants(OptionalBindingConditionSyntax.self) {
            guard let name = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = condition.initializer?.value,
                mentions(value, resultNames)
            else { continue }
            resultNames.insert(name)
        }
        // The status: compared with a status constant, switched on, logged; nothing else.
        if let status = boundName(outer) {
            for reference in body.descendants(DeclReferenceExprSyntax.self) where reference.baseName.text == status {
                guard isComparedWithStatusConstant(reference) || isSwitchSubject(reference) || isLogged(reference) else { return false }
            }
        } else if !isComparedWithStatusConstant(outer) {
            return false
        }
        // Every return gives nil/false or the result (nil after a failure), one of them nil.
        var returnsAbsent = false
        var returnsResult = false
        for statement in body.descendants(ReturnStmtSyntax.self) {
            guard let value = statement.expression else { return false }
            if Self.absentValues.contains(value.trimmedDescription) {
                returnsAbsent = true
            } else if mentions(value, resultNames) {
                returnsResult = true
            } else {
                return false
            }
        }
        return returnsAbsent && returnsResult
    }

    private func mentions(_ expression: ExprSyntax, _ names: Set<String>) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return names.contains(reference.baseName.text) }
        return expression.descendants(DeclReferenceExprSyntax.self).contains { names.contains($0.baseName.text) }
    }

    /// `x == errSecItemNotFound`, `x != errSecSuccess`: an operand of `==`/`!=` with a status constant.
    private func isComparedWithStatusConstant(_ expression: some ExprSyntaxProtocol) -> Bool {
        comparison(of: expression, withOneOf: Self.statusConstants) != nil
    }
}
