import SwiftSyntax
import AuditKit

/// Exact-certificate exceptions: `.useCredential` reached only when the certificate the
/// server presented (its leaf, or that leaf's bytes or a hash of them) is found in a store
/// of certificates the user or the app approved — `certStore.containsCertificate(leaf,
/// forOrigin:)`, `approved.contains(sha256(leafData))`, `exceptions[origin] == leafData`.
/// An attacker cannot present that exact certificate without its private key, so nothing
/// but the approved certificate is accepted, and every other certificate still goes
/// through whatever the other branch does (default handling: system validation). Not a
/// bypass. Conditions on flags (`if insecure`), hosts only, the subject name, or a
/// certificate anywhere in the chain are not this.
extension NetworkTrustBypass {
    /// Security functions that turn a certificate or key into its exact bytes.
    private static let byteFunctions: Set<String> = ["SecCertificateCopyData", "SecCertificateCopyKey", "SecKeyCopyExternalRepresentation"]
    /// Words of a callee that looks a value up in (or compares it with) a store.
    private static let lookupWords = [
        "contain", "lookup", "includ", "match", "accepted", "approved", "trusted", "known", "exception", "allowed", "isequal", "elementsequal",
    ]

    /// Whether `node` (a `.useCredential` or a `sender.use(…)`) runs only when a lookup
    /// or comparison keyed by the presented leaf certificate's bytes succeeded.
    func isCertificateException(_ node: some SyntaxProtocol, scope: Syntax) -> Bool {
        guard !insideLoop(node, scope: scope) else { return false }
        let names = leafNames(in: scope)
        guard !names.leaf.isEmpty || !names.chain.isEmpty || scope.descendants(FunctionCallExprSyntax.self).contains(where: isInlineLeaf) else { return false }
        for condition in BranchCondition.around(node, in: scope) where condition.side == .holds {
            let elements = condition.node.as(ConditionElementListSyntax.self).map { Array($0).map { Syntax($0) } } ?? [condition.node]
            guard elements.contains(where: { isLeafLookup($0, names: names) }) else { continue }
            return otherwiseDefaultOrRejects(condition)
        }
        return false
    }

    /// Whether the path where the lookup fails hands the challenge to the system or
    /// rejects it (and does not, say, leave it unanswered or accept it anyway).
    private func otherwiseDefaultOrRejects(_ condition: BranchCondition) -> Bool {
        func decides(_ node: Syntax) -> Bool {
            node.descendants(MemberAccessExprSyntax.self).contains {
                ["performDefaultHandling", "cancelAuthenticationChallenge", "rejectProtectionSpace"].contains($0.declName.baseName.text)
            }
                || node.descendants(FunctionCallExprSyntax.self).contains {
                    ["cancel", "performDefaultHandling", "rejectProtectionSpaceAndContinue"].contains($0.calleeName)
                }
        }
        if let guardStmt = condition.node.parent?.as(GuardStmtSyntax.self) { return decides(Syntax(guardStmt.body)) }
        guard let ifExpr = condition.node.parent?.as(IfExprSyntax.self) else { return false }
        if let elseBody = ifExpr.elseBody { return decides(Syntax(elseBody)) }
        // `if found { accept; return }` followed by the default handling.
        guard BranchCondition.exits(ifExpr.body) else { return false }
        return anyStatement(after: Syntax(ifExpr), where: decides)
    }

    /// Whether a loop (or an iterating closure) between `node` and `scope` may make any
    /// certificate of the chain the one looked up.
    private func insideLoop(_ node: some SyntaxProtocol, scope: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, parent.id != scope.id {
            if parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self) { return true }
            if let closure = parent.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                ["forEach", "contains", "first", "map", "compactMap", "filter", "allSatisfy"].contains(call.calleeName)
            {
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// Names of the scope bound to the leaf certificate or key (`leaf`), to the whole chain
    /// (`chain`), and to the leaf's exact bytes or a hash of them (also in `leaf`).
    private func leafNames(in scope: Syntax) -> (leaf: Set<String>, chain: Set<String>) {
        var leaf: Set<String> = []
        var chain: Set<String> = []
        let bindings =
            scope.descendants(PatternBindingSyntax.self).compactMap { binding -> (String, ExprSyntax)? in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { return nil }
                return (name, value)
            }
            + scope.descendants(OptionalBindingConditionSyntax.self).compactMap { binding -> (String, ExprSyntax)? in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { return nil }
                return (name, value)
            }
        for (name, value) in bindings where Self.calls(in: value).contains(where: { $0.calleeName == "SecTrustCopyCertificateChain" }) {
            if !isLeafExpression(value, leaf: [], chain: []) { chain.insert(name) }
        }
        for _ in 0..<3 {
            for (name, value) in bindings where !leaf.contains(name) && !chain.contains(name) {
                if isLeafExpression(value, leaf: leaf, chain: chain) { leaf.insert(name) }
            }
        }
        return (leaf, chain)
    }

    private static func calls(in expression: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        (expression.as(FunctionCallExprSyntax.self).map { [$0] } ?? []) + expression.descendants(FunctionCallExprSyntax.self)
    }

    /// `SecTrustGetCertificateAtIndex(trust, 0)`, `SecTrustCopyKey(trust)`.
    private func isInlineLeaf(_ call: FunctionCallExprSyntax) -> Bool {
        let name = call.calleeName
        if Self.leafFunctions.contains(name) { return true }
        return name == "SecTrustGetCertificateAtIndex" && call.arguments.count == 2 && call.arguments.last?.expression.trimmedDescription == "0"
    }

    /// Whether `expression` is (or is derived, byte for byte, from) the leaf certificate:
    /// no subject, issuer or other partial field of it, no other certificate of the chain.
    private func isLeafExpression(_ expression: some SyntaxProtocol, leaf: Set<String>, chain: Set<String>) -> Bool {
        let calls = Self.calls(in: expression)
        // A field of the certificate (subject, common name, serial) is not the certificate.
        if calls.contains(where: { call in
            let name = call.calleeName
            return name.hasPrefix("Sec") && !Self.byteFunctions.contains(name) && !isInlineLeaf(call) && name != "SecTrustCopyCertificateChain"
        }) {
            return false
        }
        if calls.contains(where: isInlineLeaf) { return true }
        if expression.descendants(DeclReferenceExprSyntax.self).contains(where: { leaf.contains($0.baseName.text) })
            || expression.as(DeclReferenceExprSyntax.self).map({ leaf.contains($0.baseName.text) }) == true
        {
            return true
        }
        // `chain[0]`, `chain.first`, `(SecTrustCopyCertificateChain(trust) as? [SecCertificate])?.first`.
        func isChain(_ base: some SyntaxProtocol) -> Bool {
            Self.calls(in: base).contains { $0.calleeName == "SecTrustCopyCertificateChain" }
                || base.descendants(DeclReferenceExprSyntax.self).contains { chain.contains($0.baseName.text) }
                || base.as(DeclReferenceExprSyntax.self).map { chain.contains($0.baseName.text) } == true
        }
        let subscripts = (expression.as(SubscriptCallExprSyntax.self).map { [$0] } ?? []) + expression.descendants(SubscriptCallExprSyntax.self)
        if subscripts.contains(where: { $0.arguments.count == 1 && $0.arguments.first?.expression.trimmedDescription == "0" && isChain($0.calledExpression) }) {
            return true
        }
        let members = (expression.as(MemberAccessExprSyntax.self).map { [$0] } ?? []) + expression.descendants(MemberAccessExprSyntax.self)
        return members.contains { member in
            guard member.declName.baseName.text == "first", let base = member.base else { return false }
            return isChain(base)
        }
    }

    /// Whether one condition element looks the leaf's bytes up in a store or compares them:
    /// a lookup call taking them as an argument, or `==` with them on one side. Pins
    /// (named so) are the leaf-pinning check's concern: its mismatch branch must cancel.
    private func isLeafLookup(_ element: Syntax, names: (leaf: Set<String>, chain: Set<String>)) -> Bool {
        if element.as(ConditionElementSyntax.self)?.condition.is(OptionalBindingConditionSyntax.self) == true { return false }
        let text = element.trimmedDescription
        if isNegated(text) { return false }
        let identifiers =
            element.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
            + element.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
        if identifiers.contains(where: Self.isPinName) { return false }
        let lowered = text.lowercased()
        if ["insecure", "debug", "allowinvalid", "allowsinvalid", "skipvalidation"].contains(where: { lowered.contains($0) }) { return false }
        for call in element.descendants(FunctionCallExprSyntax.self) {
            let name = call.calleeName
            guard !name.hasPrefix("Sec") else { continue }
            let calleeLowered = name.lowercased()
            guard calleeLowered.hasPrefix("has") || Self.lookupWords.contains(where: { calleeLowered.contains($0) }) else { continue }
            if call.arguments.contains(where: { isLeafExpression($0.expression, leaf: names.leaf, chain: names.chain) }) { return true }
        }
        for sequence in element.descendants(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { continue }
            let left = isLeafExpression(parts[0], leaf: names.leaf, chain: names.chain)
            let right = isLeafExpression(parts[2], leaf: names.leaf, chain: names.chain)
            // One side the presented certificate, the other something stored (not itself).
            if left != right, !["true", "false", "nil"].contains(parts[0].trimmedDescription), !["true", "false", "nil"].contains(parts[2].trimmedDescription) {
                return true
            }
        }
        return false
    }

    // MARK: Objective-C

    /// Whether the use-credential token at `index` sits in the `then` branch of an `if`
    /// that looks the leaf certificate (or its data) up in a store, in a method without
    /// loops, whose `else` hands the challenge to default handling or cancels it.
    func objcIsCertificateException(_ tokens: [ObjectiveCToken], at index: Int, body: Range<Int>) -> Bool {
        let bodyTokens = tokens[body]
        if bodyTokens.contains(where: { $0.text == "for" || $0.text == "while" || $0.text == "enumerateObjectsUsingBlock" }) { return false }
        // `SecCertificateRef leaf = SecTrustGetCertificateAtIndex(trust, 0);`, `NSData *data = … SecCertificateCopyData(leaf) …;`
        var leaf: Set<String> = []
        for position in body where tokens[position].text == "=" && position > body.lowerBound && tokens[position - 1].kind == .identifier {
            let statementEnd = tokens[position..<body.upperBound].firstIndex { $0.text == ";" } ?? body.upperBound
            let value = tokens[(position + 1)..<statementEnd]
            let fields = value.contains {
                $0.text.hasPrefix("Sec") && !Self.byteFunctions.contains($0.text) && $0.text != "SecTrustGetCertificateAtIndex"
                    && !Self.leafFunctions.contains($0.text)
            }
            guard !fields else { continue }
            let takesLeaf = value.indices.contains { at in
                let text = tokens[at].text
                if Self.leafFunctions.contains(text) { return true }
                guard text == "SecTrustGetCertificateAtIndex", let arguments = ObjectiveCCalls.arguments(ofCallAt: at, in: tokens), arguments.count == 2 else {
                    return false
                }
                return tokens[arguments[1]].map(\.text) == ["0"]
            }
            if takesLeaf || value.contains(where: { leaf.contains($0.text) }) { leaf.insert(tokens[position - 1].text) }
        }
        guard !leaf.isEmpty, let control = ObjectiveCSyntax.controllingIf(tokens, at: index), !control.isElse else { return false }
        let condition = tokens[control.condition]
        if condition.first?.text == "!" || condition.contains(where: { $0.kind == .identifier && Self.isPinName($0.text) }) { return false }
        let looksUp = condition.contains { token in
            guard token.kind == .identifier, !token.text.hasPrefix("Sec") else { return false }
            let lowered = token.text.lowercased()
            return lowered.hasPrefix("has") || Self.lookupWords.contains { lowered.contains($0) }
        }
        guard looksUp, condition.contains(where: { leaf.contains($0.text) }),
            let elseStatement = Self.elseStatement(tokens, after: control, in: body)
        else { return false }
        return tokens[elseStatement].contains {
            [
                "NSURLSessionAuthChallengePerformDefaultHandling", "NSURLSessionAuthChallengeCancelAuthenticationChallenge",
                "performDefaultHandlingForAuthenticationChallenge",
                "cancelAuthenticationChallenge",
            ].contains($0.text)
        }
    }
}
