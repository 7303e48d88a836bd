import SwiftSyntax
import AuditKit

/// A keychain read that returns a `Result` and never tells errSecItemNotFound apart (every
/// failed status becomes the same `.failure`), whose result a same-file function or a
/// `switch` turns into `nil` / `false` for every `.failure`: "locked" reads as "absent".
extension KeychainErrorsCollapsed {
    /// `convert(read(key: k))` or `switch read(key: k) { case .failure: return nil }`.
    func collapsedResults(in file: SwiftFile) -> [Match] {
        var readers: Set<String> = []
        for call in file.index.calls where call.calleeName == "SecItemCopyMatching" {
            var scope = call.enclosingBody
            while let closure = scope, closure.is(ClosureExprSyntax.self) { scope = closure.enclosingBody }
            guard let function = scope?.as(FunctionDeclSyntax.self), let body = function.body,
                function.signature.returnClause?.type.trimmedDescription.hasPrefix("Result<") == true,
                !mentionsNotFound(Syntax(body)),
                body.descendants(FunctionCallExprSyntax.self).contains(where: { $0.calleeText == ".failure" })
            else { continue }
            readers.insert(function.name.text)
        }
        guard !readers.isEmpty else { return [] }
        // Functions of this file taking a Result and returning nil/false for every failure.
        var converters: Set<String> = []
        for function in file.index.functions {
            guard let body = function.body, function.signature.parameterClause.parameters.count == 1,
                let parameter = function.signature.parameterClause.parameters.first,
                parameter.type.trimmedDescription.hasPrefix("Result<"),
                body.descendants(SwitchCaseSyntax.self).contains(where: collapsesFailure)
            else { continue }
            converters.insert(function.name.text)
        }
        var matches: [Match] = []
        for call in file.index.calls where readers.contains(call.calleeName) && isLocalCall(call) {
            let name = "\(call.calleeName)(…)"
            // Passed straight to a converter: `convert(read(key: k))`.
            if let outer = call.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), outer.arguments.count == 1,
                converters.contains(outer.calleeName), isLocalCall(outer)
            {
                matches.append(
                    Match(
                        file.range(of: call),
                        "\(name) returns the same .failure for every SecItemCopyMatching error, and \(outer.calleeName)(…) turns each failure into nil: errSecInteractionNotAllowed on a locked device reads as \"no item\""
                    ))
                continue
            }
            // Switched on where it is produced.
            if let switchExpression = call.parent?.as(SwitchExprSyntax.self),
                switchExpression.cases.contains(where: {
                    Syntax($0).as(SwitchCaseSyntax.self).map(collapsesFailure) ?? false
                })
            {
                matches.append(
                    Match(
                        file.range(of: call),
                        "\(name) returns the same .failure for every SecItemCopyMatching error, and the switch turns each failure into nil: errSecInteractionNotAllowed on a locked device reads as \"no item\""
                    ))
            }
        }
        return matches
    }

    /// `case .failure: return nil` (or `false`, `[]`, `""`), neither thrown nor told apart.
    private func collapsesFailure(_ switchCase: SwitchCaseSyntax) -> Bool {
        guard let label = switchCase.label.as(SwitchCaseLabelSyntax.self),
            label.caseItems.contains(where: { $0.pattern.trimmedDescription.hasPrefix(".failure") })
        else { return false }
        let statements = Syntax(switchCase.statements)
        guard statements.descendants(ThrowStmtSyntax.self).isEmpty, !mentionsNotFound(statements),
            statements.descendants(IfExprSyntax.self).isEmpty, statements.descendants(SwitchExprSyntax.self).isEmpty
        else { return false }
        let returns = statements.descendants(ReturnStmtSyntax.self)
        return !returns.isEmpty && returns.allSatisfy { Self.failureValues.contains($0.expression?.trimmedDescription ?? "") }
    }

    private static let failureValues: Set<String> = ["nil", "false", "\"\"", "[]", "[:]"]

    /// errSecItemNotFound, its value, or a `notFound`-like error case.
    private func mentionsNotFound(_ node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == "errSecItemNotFound" || token.text == "25300" || token.text.lowercased().contains("notfound")
        }
    }
}
