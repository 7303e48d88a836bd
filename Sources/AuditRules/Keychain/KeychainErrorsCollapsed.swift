import SwiftSyntax
import AuditKit

/// A `SecItemCopyMatching` status whose every failure becomes `nil` / `false`: a phone
/// that is locked (errSecInteractionNotAllowed) reads as "no token", and the user is
/// logged out.
struct KeychainErrorsCollapsed: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-errors-collapsed",
        title: "Keychain read turns every error into \"not found\"",
        severity: .medium,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        cwe: 754,
        rationale:
            "SecItemCopyMatching fails for many reasons besides a missing item: errSecInteractionNotAllowed (-25308) while the device is locked or before its first unlock (background refresh, silent push, widgets), errSecAuthFailed, a cancelled biometric prompt. Code that returns nil or false for every non-success status cannot tell \"locked\" from \"absent\": it logs out a user whose token is fine, or overwrites and re-registers a device key it only failed to read.",
        fix:
            "Treat only errSecItemNotFound as absent; return or throw every other status (map errSecInteractionNotAllowed to \"try again later\"). DeviceTrust's Keychain.load throws a precise KeychainError, and loadIfPresent returns nil for itemNotFound alone."
    )

    /// SecItemCopyMatching; in Objective-C also reads through a keychain wrapper.
    let triggers = ["SecItemCopyMatching", "keychain", "Keychain", "KeyChain"]

    /// A read's `Result` can reach nil through a converter the caller applies.
    let focusReach = FocusReach.everything

    /// Swift is judged only where SecItemCopyMatching is called in code, or `try?` meets a
    /// keychain name (a wrapper read, ``mayHaveWrapperRead(_:)``) (or, through the
    /// declarations a call names, where a reader of this file calls it).
    let preCheck = PreCheck.any([.swiftCode(["SecItemCopyMatching"]), .swiftCustom("a wrapper read: try? near a keychain name", Self.mayHaveWrapperRead)])

    private static let successConstants: Set<String> = ["errSecSuccess", "noErr", "0"]
    private static let loggingCalls: Set<String> = [
        "print", "debugPrint", "NSLog", "os_log", "dump", "assert", "assertionFailure", "SecCopyErrorMessageString",
    ]
    private static let collapsedReturns: Set<String> = ["nil", "false", "\"\"", "[]", "[:]", "NO", "NULL", "Data()", "String()"]

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for call in file.index.calls where call.calleeName == "SecItemCopyMatching" {
            if let match = checkSwift(call, in: file) { matches.append(match) }
        }
        matches += collapsingTries(in: file)
        matches += collapsedResults(in: file)
        matches += collapsedStatusSwitches(in: file)
        let reported = Set(matches.map(\.range))
        matches += overwrittenWrapperReads(in: file).filter { !reported.contains($0.range) }
        return matches
    }

    // MARK: Swift: `try?` on a throwing keychain read

    /// `try? readString(forKey:)` where `readString` is a throwing function of this file
    /// whose body calls SecItemCopyMatching: whatever the function throws (a precise
    /// errSecInteractionNotAllowed included) becomes nil, and the nil is returned, or
    /// handled like "no item" (return nil/false, log out, delete).
    private func collapsingTries(in file: SwiftFile) -> [Match] {
        var readers: Set<String> = []
        for call in file.index.calls where call.calleeName == "SecItemCopyMatching" {
            // The function around the call, also through `withUnsafeMutablePointer { … }` closures.
            var scope = call.enclosingBody
            while let closure = scope, closure.is(ClosureExprSyntax.self) { scope = closure.enclosingBody }
            guard let function = scope?.as(FunctionDeclSyntax.self), function.signature.effectSpecifiers?.throwsClause != nil else { continue }
            readers.insert(Self.signature(name: function.name.text, labels: function.signature.parameterClause.parameters.map { $0.firstName.text }))
        }
        guard !readers.isEmpty else { return [] }
        var matches: [Match] = []
        for call in file.index.calls {
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            guard readers.contains(Self.signature(name: call.calleeName, labels: labels)), isLocalCall(call),
                let attempt = call.parent?.as(TryExprSyntax.self), attempt.questionOrExclamationMark?.text == "?",
                treatsNilAsAbsent(ExprSyntax(attempt))
            else { continue }
            let name = "\(call.calleeName)(\(labels.map { $0 + ":" }.joined()))"
            matches.append(
                Match(
                    file.range(of: attempt),
                    "try? \(name) reads the keychain: every error it throws, errSecInteractionNotAllowed on a locked device included, becomes nil and reads as \"no item\""
                ))
        }
        return matches
    }

    private static func signature(name: String, labels: [String]) -> String {
        name + "(" + labels.joined(separator: ":") + ")"
    }

    /// `helper(…)`, `self.helper(…)`, `Self.helper(…)`.
    func isLocalCall(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription else { return false }
        return base == "self" || base == "Self"
    }

    private static let absentHandlers = ["logout", "logOut", "signOut", "signout", "delete", "remove", "clear", "reset"]

    /// Whether the optional `attempt` is returned as the answer, or bound by `guard let` /
    /// `if let` whose failure returns nil/false or logs out, deletes, clears.
    private func treatsNilAsAbsent(_ attempt: ExprSyntax) -> Bool {
        var expression = attempt
        while let tuple = expression.parent?.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 { expression = ExprSyntax(tuple) }
        if expression.parent?.is(ReturnStmtSyntax.self) == true { return true }
        // A single-expression body: `{ try? read(forKey: key) }`
        if let item = expression.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
            list.parent?.is(ClosureExprSyntax.self) == true || list.parent?.is(AccessorBlockSyntax.self) == true
                || list.parent?.parent?.is(FunctionDeclSyntax.self) == true || list.parent?.parent?.is(AccessorDeclSyntax.self) == true
        {
            return true
        }
        // `guard let value = try? read(…) else { return nil }`
        guard
            let condition = expression.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self)?.parent?
                .as(ConditionElementSyntax.self)
        else { return false }
        var failure: CodeBlockSyntax?
        if let guardStatement = condition.parent?.parent?.as(GuardStmtSyntax.self) {
            failure = guardStatement.body
        } else if let ifExpression = condition.parent?.parent?.as(IfExprSyntax.self), case .codeBlock(let block)? = ifExpression.elseBody {
            failure = block
        }
        guard let failure else { return false }
        if failure.descendants(ReturnStmtSyntax.self).contains(where: { ["nil", "false", "NO"].contains($0.expression?.trimmedDescription ?? "") }) {
            return true
        }
        return failure.descendants(FunctionCallExprSyntax.self).contains { call in
            let name = call.calleeName
            return Self.absentHandlers.contains { name.hasPrefix($0) }
        }
    }

    private func checkSwift(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> Match? {
        let message = "SecItemCopyMatching: every failure, errSecInteractionNotAllowed on a locked device included, is treated like errSecItemNotFound"
        let (outer, body) = statusExpression(of: call)
        guard let body, body.descendants(ThrowStmtSyntax.self).isEmpty else { return nil }
        // Not-found told apart, but every other failure ends in the same nil.
        if mentionsItemNotFound(body) {
            guard notFoundLikeEveryFailure(call, outer: outer, body: body) else { return nil }
            return Match(
                file.range(of: call),
                "SecItemCopyMatching: errSecItemNotFound returns nil, and so does every other failure (the status is only logged), errSecInteractionNotAllowed on a locked device included: callers cannot tell locked from absent"
            )
        }
        // The status is compared where it is produced: `SecItemCopyMatching(…) == errSecSuccess`.
        if let comparison = successComparison(outer) {
            return collapses(body, comparison: comparison) ? Match(file.range(of: call), message) : nil
        }
        // The status is discarded: only the result pointer is looked at.
        if outer.parent?.is(CodeBlockItemSyntax.self) == true || isDiscardAssignment(outer) {
            return returnsOptionalOrBool(body) ? Match(file.range(of: call), message) : nil
        }
        guard let name = boundName(outer) else { return nil }
        var first: ExprSyntax?
        var comparisons: [SequenceExprSyntax] = []
        for reference in body.descendants(DeclReferenceExprSyntax.self) where reference.baseName.text == name {
            if let comparison = successComparison(ExprSyntax(reference)) {
                if first == nil { first = ExprSyntax(reference) }
                comparisons.append(comparison)
            } else if isSwitchSubject(reference) || isLogged(reference) {
                continue
            } else {
                return nil  // returned, thrown, wrapped in an error, stored: propagated
            }
        }
        guard let first, comparisons.contains(where: { collapses(body, comparison: $0) }) || hasCollapsedReturn(body) else { return nil }
        return Match(file.range(of: first), message)
    }

    /// The expression holding the call's status (the call, or the `withUnsafeMutablePointer`
    /// call around a closure that only calls it) and the body it lives in.
    private func statusExpression(of call: FunctionCallExprSyntax) -> (ExprSyntax, Syntax?) {
        var outer = ExprSyntax(call)
        while let parent = outer.parent {
            if let expression = parent.as(TryExprSyntax.self) { outer = ExprSyntax(expression); continue }
            if let expression = parent.as(TupleExprSyntax.self), expression.elements.count == 1 { outer = ExprSyntax(expression); continue }
            if parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self) {
                if let tuple = parent.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 { outer = ExprSyntax(tuple); continue }
                if let tuple = parent.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 { outer = ExprSyntax(tuple); continue }
            }
            // `withUnsafeMutablePointer(to: &result) { SecItemCopyMatching(…) }`
            if parent.is(CodeBlockItemSyntax.self), let list = parent.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
                let closure = list.parent?.as(ClosureExprSyntax.self), let wrapper = closure.parent?.as(FunctionCallExprSyntax.self),
                wrapper.trailingClosure?.id == closure.id
            {
                outer = ExprSyntax(wrapper)
                continue
            }
            break
        }
        return (outer, Self.scope(of: outer))
    }

    /// The nearest function, initializer, accessor (explicit or a computed property's
    /// implicit getter) or closure around `node`.
    static func scope(of node: some SyntaxProtocol) -> Syntax? {
        node.nearestAncestor(SyntaxScopes.bodies.union([.accessorBlock]))
    }

    /// `let status = <outer>`, `status = <outer>` → `status`.
    func boundName(_ outer: ExprSyntax) -> String? {
        if let binding = outer.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let sequence = outer.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == outer.id {
                return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            }
        }
        return nil
    }

    private func isDiscardAssignment(_ outer: ExprSyntax) -> Bool {
        guard let sequence = outer.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self) && elements[1].is(AssignmentExprSyntax.self)
    }

    /// The `x == errSecSuccess` / `x != noErr` sequence `expression` is an operand of.
    private func successComparison(_ expression: ExprSyntax) -> SequenceExprSyntax? {
        comparison(of: expression, withOneOf: Self.successConstants)
    }

    /// The `==`/`!=` sequence in which `expression` is compared with one of `constants`
    /// (`status == errSecItemNotFound`, `noErr != status`).
    func comparison(of expression: some ExprSyntaxProtocol, withOneOf constants: Set<String>) -> SequenceExprSyntax? {
        guard let sequence = expression.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.id == expression.id }) else { return nil }
        for (operatorIndex, operandIndex) in [(index + 1, index + 2), (index - 1, index - 2)] {
            guard operandIndex >= 0, operandIndex < elements.count,
                let op = elements[operatorIndex].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=",
                constants.contains(elements[operandIndex].trimmedDescription)
            else { continue }
            return sequence
        }
        return nil
    }

    /// Whether a failed comparison ends in `nil`/`false`: the comparison is returned as the
    /// answer, or the body returns one of the collapsed values.
    private func collapses(_ body: Syntax, comparison: SequenceExprSyntax) -> Bool {
        if comparison.parent?.is(ReturnStmtSyntax.self) == true { return true }
        // A single-expression function or closure body: `{ SecItemCopyMatching(…) == errSecSuccess }`
        if comparison.parent?.is(CodeBlockItemSyntax.self) == true, let list = comparison.parent?.parent?.as(CodeBlockItemListSyntax.self),
            list.count == 1
        {
            return true
        }
        return hasCollapsedReturn(body)
    }

    private func hasCollapsedReturn(_ body: Syntax) -> Bool {
        body.descendants(ReturnStmtSyntax.self).contains { statement in
            guard let value = statement.expression else { return false }
            if Self.collapsedReturns.contains(value.trimmedDescription) { return true }
            if let ternary = value.as(TernaryExprSyntax.self) {
                return Self.collapsedReturns.contains(ternary.elseExpression.trimmedDescription)
            }
            if let sequence = value.as(SequenceExprSyntax.self) {
                return sequence.elements.contains { $0.is(UnresolvedTernaryExprSyntax.self) }
                    && Self.collapsedReturns.contains(sequence.elements.last?.trimmedDescription ?? "")
            }
            return false
        }
    }

    private func returnsOptionalOrBool(_ body: Syntax) -> Bool {
        var type: String?
        if let function = body.as(FunctionDeclSyntax.self) {
            type = function.signature.returnClause?.type.trimmedDescription
        } else if body.is(AccessorDeclSyntax.self) || body.is(AccessorBlockSyntax.self) {
            var current = body.parent
            while let node = current, !node.is(PatternBindingSyntax.self) { current = node.parent }
            type = current?.as(PatternBindingSyntax.self)?.typeAnnotation?.type.trimmedDescription
        }
        if let type { return type.hasSuffix("?") || type == "Bool" }
        return hasCollapsedReturn(body)
    }

    func isSwitchSubject(_ reference: DeclReferenceExprSyntax) -> Bool {
        reference.parent?.is(SwitchExprSyntax.self) == true
    }

    func isLogged(_ reference: DeclReferenceExprSyntax) -> Bool {
        var current = reference.parent
        while let node = current, !node.is(CodeBlockItemSyntax.self) {
            if let call = node.as(FunctionCallExprSyntax.self) {
                if Self.loggingCalls.contains(call.calleeName) { return true }
                if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription.lowercased(), base.contains("log") { return true }
            }
            current = node.parent
        }
        return false
    }

    private func mentionsItemNotFound(_ body: Syntax) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { $0.text == "errSecItemNotFound" || $0.text == "25300" }
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = errorsTreatedAsAbsent(in: file)
        for index in file.identifiers(named: "SecItemCopyMatching") {
            guard index + 1 < tokens.count, tokens[index + 1].text == "(", let close = ObjectiveCSyntax.matching(tokens, open: index + 1),
                let body = file.bodyRange(containing: index)
            else { continue }
            let bodyTokens = tokens[body]
            guard !bodyTokens.contains(where: { $0.text == "errSecItemNotFound" || $0.text == "25300" || $0.text == "throw" }) else {
                // Not-found told apart, but every other failure ends in the same nil.
                if notFoundLikeEveryFailure(at: index, close: close, body: body, in: tokens) {
                    matches.append(
                        Match(
                            file.range(of: tokens[index]),
                            "SecItemCopyMatching: errSecItemNotFound returns nil, and so does every other failure (the status is only logged), errSecInteractionNotAllowed on a locked device included: callers cannot tell locked from absent"
                        ))
                }
                continue
            }
            let message = "SecItemCopyMatching: every failure, errSecInteractionNotAllowed on a locked device included, is treated like errSecItemNotFound"
            let collapsedReturn = hasCollapsedReturn(body, in: tokens)
            // Compared where it is produced: `SecItemCopyMatching(…) == noErr`.
            if close + 2 < tokens.count, (tokens[close + 1].text == "=" || tokens[close + 1].text == "!"), tokens[close + 2].text == "=" {
                let returnsComparison = index > 0 && tokens[index - 1].text == "return"
                if returnsComparison || collapsedReturn { matches.append(Match(file.range(of: tokens[index]), message)) }
                continue
            }
            // `status = SecItemCopyMatching(…)`
            guard index >= 2, tokens[index - 1].text == "=", tokens[index - 2].kind == .identifier,
                index < 3 || (tokens[index - 3].text != "=" && tokens[index - 3].text != "!")
            else {
                // Discarded: `SecItemCopyMatching(…);`
                let previous = index > 0 ? tokens[index - 1].text : ";"
                if [";", "{", "}"].contains(previous) || (previous == ")" && index >= 3 && tokens[index - 2].text == "void"),
                    close + 1 < tokens.count, tokens[close + 1].text == ";", hasReturnValue(body, in: tokens)
                {
                    matches.append(Match(file.range(of: tokens[index]), message))
                }
                continue
            }
            let name = tokens[index - 2].text
            var first: Int?
            var propagated = false
            for position in body where tokens[position].kind == .identifier && tokens[position].text == name && position != index - 2 {
                if ObjectiveCExpressions.isCompared(position, in: tokens), comparedWithSuccess(position, in: tokens) {
                    if first == nil { first = position }
                } else if !isInsideLogging(position, in: tokens, body: body) && !isDeclaration(position, in: tokens) {
                    propagated = true
                    break
                }
            }
            guard !propagated, let first else { continue }
            let returnsComparison = first > 0 && tokens[first - 1].text == "return"
            if returnsComparison || collapsedReturn { matches.append(Match(file.range(of: tokens[first]), message)) }
        }
        return matches
    }

    private func comparedWithSuccess(_ position: Int, in tokens: [ObjectiveCToken]) -> Bool {
        let after = position + 3 < tokens.count ? tokens[position + 3].text : ""
        let before = position >= 3 ? tokens[position - 3].text : ""
        return Self.successConstants.contains(after) || Self.successConstants.contains(before)
    }

    private func isDeclaration(_ position: Int, in tokens: [ObjectiveCToken]) -> Bool {
        position > 0 && tokens[position - 1].text == "OSStatus" && position + 1 < tokens.count && tokens[position + 1].text == ";"
    }

    func isInsideLogging(_ position: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> Bool {
        var depth = 0
        var current = position - 1
        while current > body.lowerBound {
            let text = tokens[current].text
            if text == ";" || text == "{" || text == "}" { return false }
            if text == ")" {
                depth += 1
            } else if text == "(" {
                if depth == 0 {
                    let callee = tokens[current - 1].text
                    if Self.loggingCalls.contains(callee) || callee.lowercased().contains("log") { return true }
                } else {
                    depth -= 1
                }
            }
            current -= 1
        }
        return false
    }

    private func hasCollapsedReturn(_ body: Range<Int>, in tokens: [ObjectiveCToken]) -> Bool {
        body.contains { position in
            tokens[position].text == "return" && position + 2 < body.upperBound && tokens[position + 2].text == ";"
                && ["nil", "NO", "NULL", "false"].contains(tokens[position + 1].text)
        }
    }

    private func hasReturnValue(_ body: Range<Int>, in tokens: [ObjectiveCToken]) -> Bool {
        body.contains { tokens[$0].text == "return" && $0 + 1 < body.upperBound && tokens[$0 + 1].text != ";" }
    }
}
