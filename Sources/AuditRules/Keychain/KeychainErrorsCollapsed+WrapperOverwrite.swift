import SwiftSyntax
import AuditKit

/// A read through a keychain wrapper (`try? keychain.getPassword(…)`) whose every error
/// becomes "no entries" (`guard let … else { return [] }`, `?? []`), in a function whose
/// result a caller of the same file modifies and writes back to the keychain: a read that
/// only failed (errSecInteractionNotAllowed on a locked device) overwrites the stored item
/// with an empty or partial value.
extension KeychainErrorsCollapsed {
    /// Wrapper methods that read an item.
    private static let wrapperReadPrefixes = ["get", "read", "load", "fetch"]
    /// Wrapper methods (or same-file helpers calling them) that write an item.
    private static let wrapperWritePrefixes = ["set", "save", "store", "write", "update", "add"]

    /// For Swift: whether the text may hold such a read (`try?` and a keychain name), in
    /// code. A superset of ``overwrittenWrapperReads(in:)``'s reads.
    static func mayHaveWrapperRead(_ swift: SwiftFile) -> Bool {
        ByteSearch.contains(swift.codeText, "try?") && ByteSearch.containsIgnoringCase(swift.codeText, "keychain")
    }

    func overwrittenWrapperReads(in file: SwiftFile) -> [Match] {
        // Functions returning an empty value for every failed wrapper read.
        var readers: [String: (attempt: TryExprSyntax, read: FunctionCallExprSyntax)] = [:]
        var writers: Set<String> = []
        for call in file.index.calls {
            guard let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription,
                ByteSearch.containsIgnoringCase(receiver, "keychain")
            else { continue }
            let name = call.calleeName
            if Self.wrapperWritePrefixes.contains(where: { name.hasPrefix($0) }) {
                if let function = Self.enclosingFunction(of: call) { writers.insert(function.name.text) }
                continue
            }
            guard Self.wrapperReadPrefixes.contains(where: { name.hasPrefix($0) }),
                let attempt = call.parent?.as(TryExprSyntax.self), attempt.questionOrExclamationMark?.text == "?",
                Self.becomesEmpty(attempt), let function = Self.enclosingFunction(of: call),
                readers[function.name.text] == nil
            else { continue }
            readers[function.name.text] = (attempt, call)
        }
        guard !readers.isEmpty else { return [] }
        var matches: [Match] = []
        var reported: Set<String> = []
        // `var entries = getAll()` … `saveAll(entries)` / `keychain.set(entries…)`.
        for call in file.index.calls where readers[call.calleeName] != nil && isLocalCall(call) {
            guard let reader = readers[call.calleeName], !reported.contains(call.calleeName),
                let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let body = call.enclosingBody
            else { continue }
            let write = body.descendants(FunctionCallExprSyntax.self).first { candidate in
                let isWrite =
                    writers.contains(candidate.calleeName) && isLocalCall(candidate)
                    || Self.wrapperWritePrefixes.contains(where: { candidate.calleeName.hasPrefix($0) })
                        && candidate.calledExpression.as(MemberAccessExprSyntax.self)?.base.map {
                            ByteSearch.containsIgnoringCase($0.trimmedDescription, "keychain")
                        } == true
                guard isWrite, candidate.enclosingBody?.id == body.id,
                    candidate.arguments.contains(where: { argument in
                        argument.expression.descendants(DeclReferenceExprSyntax.self).contains { $0.baseName.text == bound }
                            || argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == bound
                    })
                else { return false }
                return StatementReachability.canReach(from: call, to: candidate)
            }
            guard let write else { continue }
            reported.insert(call.calleeName)
            let read = reader.read.calledExpression.trimmedDescription
            matches.append(
                Match(
                    file.range(of: reader.attempt),
                    "try? \(read)(…) turns every keychain error, errSecInteractionNotAllowed on a locked device included, into an empty value, and \(call.calleeName)()'s caller writes it back with \(write.calleeName)(…): a read that only failed overwrites the stored item"
                ))
        }
        return matches
    }

    /// `guard let v = try? read(…) else { return [] }` (or nil, `[:]`, `""`), or
    /// `(try? read(…)) ?? []`: every error becomes the same empty value.
    private static func becomesEmpty(_ attempt: TryExprSyntax) -> Bool {
        let empty: Set<String> = ["nil", "[]", "[:]", "\"\""]
        if let condition = attempt.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self)?.parent?.as(
            ConditionElementSyntax.self),
            let guardStatement = condition.parent?.parent?.as(GuardStmtSyntax.self)
        {
            let statements = guardStatement.body.statements
            return statements.count == 1 && statements.first?.item.as(ReturnStmtSyntax.self)?.expression.map { empty.contains($0.trimmedDescription) } == true
        }
        // `(try? read(…)) ?? []`
        var node = Syntax(attempt)
        if let tuple = node.parent?.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 { node = Syntax(tuple) }
        guard let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[0].id == node.id, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" else { return false }
        return empty.contains(elements[2].trimmedDescription)
    }

    private static func enclosingFunction(of node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        node.nearestAncestor([.functionDecl], before: [.memberBlock])?.as(FunctionDeclSyntax.self)
    }
}
