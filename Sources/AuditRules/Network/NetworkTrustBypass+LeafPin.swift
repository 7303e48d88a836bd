import SwiftSyntax
import AuditKit

/// Exact leaf pinning: the server's own certificate (or its key) compared with bundled or
/// pinned data, the credential used only on a match and the challenge cancelled
/// otherwise. An attacker cannot present that certificate without its private key, so
/// this is pinning (with its own weaknesses: one pin, no expiry check), not a bypass.
/// A comparison inside a loop over the chain is not: a forged chain that merely contains
/// the pinned certificate passes.
extension NetworkTrustBypass {
    /// Functions that take the leaf (certificate 0, or the trust's own key).
    static let leafFunctions: Set<String> = ["SecTrustCopyKey", "SecTrustCopyPublicKey"]
    /// Calls and members that reject a challenge.
    private static let cancelNames: Set<String> = ["cancel", "cancelAuthenticationChallenge", "rejectProtectionSpace", "rejectProtectionSpaceAndContinue"]

    // MARK: Swift

    /// Whether `node` (a `.useCredential` or a `sender.use(…)`) runs only when the server's
    /// leaf certificate or key matched pinned data, and the mismatch cancels.
    func isLeafPinned(_ node: some SyntaxProtocol, scope: Syntax) -> Bool {
        guard takesLeaf(scope) else { return false }
        // A loop over the chain: any certificate of it may be the match.
        var current = node.parent
        while let parent = current, parent.id != scope.id {
            if parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self) { return false }
            if let closure = parent.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                ["forEach", "contains", "first", "map", "compactMap", "filter"].contains(call.calleeName)
            {
                return false
            }
            current = parent.parent
        }
        let derived = serverDataNames(in: scope)
        for condition in BranchCondition.around(node, in: scope) where condition.side == .holds {
            guard isServerDataComparison(condition, derived: derived), !isNegated(condition.text) else { continue }
            if let ifExpr = condition.node.parent?.as(IfExprSyntax.self) {
                if let elseBody = ifExpr.elseBody { return rejects(Syntax(elseBody)) }
                // `if match { use; return }` followed by a cancel.
                guard BranchCondition.exits(ifExpr.body) else { return false }
                return rejectsAfter(Syntax(ifExpr))
            }
            if let guardStmt = condition.node.parent?.as(GuardStmtSyntax.self) {
                return rejects(Syntax(guardStmt.body))
            }
        }
        return false
    }

    /// Whether the scope takes the leaf certificate or key: `SecTrustGetCertificateAtIndex(trust, 0)`,
    /// `SecTrustCopyKey(trust)`, the chain's `.first`/`[0]`.
    private func takesLeaf(_ scope: Syntax) -> Bool {
        for call in scope.descendants(FunctionCallExprSyntax.self) {
            let name = call.calleeName
            if Self.leafFunctions.contains(name) { return true }
            if name == "SecTrustGetCertificateAtIndex", call.arguments.count == 2, call.arguments.last?.expression.trimmedDescription == "0" { return true }
            if name == "SecTrustCopyCertificateChain" {
                var node = Syntax(call)
                for _ in 0..<10 {
                    guard let parent = node.parent else { break }
                    if let member = parent.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "first" { return true }
                    if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.first?.expression.trimmedDescription == "0" {
                        return true
                    }
                    node = parent
                }
            }
        }
        return false
    }

    /// Names of the scope bound to the server's certificate or key data (directly or
    /// through a hash of it).
    private func serverDataNames(in scope: Syntax) -> Set<String> {
        var names: Set<String> = []
        let bindings = scope.descendants(PatternBindingSyntax.self).compactMap { binding -> (String, ExprSyntax)? in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { return nil }
            return (name, value)
        }
        let conditions = scope.descendants(OptionalBindingConditionSyntax.self).compactMap { binding -> (String, ExprSyntax)? in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { return nil }
            return (name, value)
        }
        let all = bindings + conditions
        // Two passes: `let key = SecTrustCopyKey(trust)`, then `let data = SecKeyCopyExternalRepresentation(key, nil)`, `let hash = sha256(data)`.
        for _ in 0..<3 {
            for (name, value) in all where !names.contains(name) {
                let called =
                    value.descendants(FunctionCallExprSyntax.self).map(\.calleeName) + (value.as(FunctionCallExprSyntax.self).map { [$0.calleeName] } ?? [])
                let referenced =
                    value.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
                    + (value.as(DeclReferenceExprSyntax.self).map { [$0.baseName.text] } ?? [])
                if called.contains(where: { Self.pinFunctions.contains($0) }) || referenced.contains(where: names.contains) { names.insert(name) }
            }
        }
        return names
    }

    /// Whether the condition compares the server's data (or a hash of it) with
    /// something: not a host or challenge-type test.
    private func isServerDataComparison(_ condition: BranchCondition, derived: Set<String>) -> Bool {
        let lowered = condition.text.lowercased()
        if ["authenticationmethod", "host", "domain", "protectionspace"].contains(where: { lowered.contains($0) }) { return false }
        let identifiers =
            condition.node.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
            + condition.node.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
        let callees = condition.node.descendants(FunctionCallExprSyntax.self).map(\.calleeName)
        let mentionsServerData = identifiers.contains(where: derived.contains) || callees.contains(where: { Self.pinFunctions.contains($0) })
        guard mentionsServerData else { return false }
        let compares = condition.text.contains("==") || callees.contains { ["contains", "isEqual", "elementsEqual", "isEqualToData"].contains($0) }
        return compares
    }

    private func rejects(_ node: Syntax) -> Bool {
        node.descendants(FunctionCallExprSyntax.self).contains { Self.cancelNames.contains($0.calleeName) }
            || node.descendants(MemberAccessExprSyntax.self).contains { Self.cancelNames.contains($0.declName.baseName.text) }
    }

    /// Whether the statements after `node`'s statement in its block reject the challenge.
    private func rejectsAfter(_ node: Syntax) -> Bool {
        anyStatement(after: node, where: rejects)
    }

    /// Whether a statement after the one holding `node`, in the same block, satisfies `test`.
    func anyStatement(after node: Syntax, where test: (Syntax) -> Bool) -> Bool {
        var current: Syntax? = node
        while let candidate = current, !candidate.is(CodeBlockItemSyntax.self) { current = candidate.parent }
        guard let item = current?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        var after = false
        for sibling in list {
            if sibling.id == item.id { after = true; continue }
            if after, test(Syntax(sibling)) { return true }
        }
        return false
    }

    // MARK: Objective-C

    /// Whether the token at `index` (a use-credential disposition) sits in the `then`
    /// branch of an `if` comparing the leaf certificate's data with pinned data, in a
    /// method without loops, whose `else` cancels the challenge.
    func objcIsLeafPinned(_ tokens: [ObjectiveCToken], at index: Int, body: Range<Int>) -> Bool {
        let bodyTokens = tokens[body]
        if bodyTokens.contains(where: { $0.text == "for" || $0.text == "while" || $0.text == "enumerateObjectsUsingBlock" }) { return false }
        let takesLeaf = bodyTokens.indices.contains { position in
            let text = tokens[position].text
            if Self.leafFunctions.contains(text) { return true }
            guard text == "SecTrustGetCertificateAtIndex", let arguments = ObjectiveCCalls.arguments(ofCallAt: position, in: tokens), arguments.count == 2
            else { return false }
            return tokens[arguments[1]].map(\.text) == ["0"]
        }
        guard takesLeaf, let control = ObjectiveCSyntax.controllingIf(tokens, at: index), !control.isElse else { return false }
        let condition = tokens[control.condition]
        if condition.first?.text == "!" || condition.contains(where: { ["host", "authenticationMethod", "protectionSpace"].contains($0.text) }) {
            return false
        }
        let compares =
            condition.contains { ["isEqualToData", "isEqual", "containsObject", "isEqualToString"].contains($0.text) }
            || zip(condition, condition.dropFirst()).contains { $0.text == "=" && $1.text == "=" }
        guard compares, let elseStatement = Self.elseStatement(tokens, after: control, in: body) else { return false }
        return tokens[elseStatement].contains {
            Self.cancelNames.contains($0.text) || $0.text == "NSURLSessionAuthChallengeCancelAuthenticationChallenge"
                || $0.text == "cancelAuthenticationChallenge"
        }
    }

    /// The token range of the `else` statement after an `if`'s then-block, if it has one.
    static func elseStatement(_ tokens: [ObjectiveCToken], after control: (condition: Range<Int>, isElse: Bool), in body: Range<Int>) -> Range<Int>? {
        let thenStart = control.condition.upperBound + 1
        guard thenStart < body.upperBound else { return nil }
        let then = ObjectiveCSyntax.statement(tokens, at: thenStart, limit: body.upperBound)
        var elseIndex = then.upperBound
        if tokens[thenStart].text == "{" { elseIndex += 1 }
        guard elseIndex < body.upperBound, tokens[elseIndex].text == "else" else { return nil }
        return ObjectiveCSyntax.statement(tokens, at: elseIndex + 1, limit: body.upperBound)
    }
}
