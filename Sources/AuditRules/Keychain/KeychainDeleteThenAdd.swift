import SwiftSyntax
import AuditKit

/// `SecItemDelete` then `SecItemAdd` on the same item in one body: the non-atomic
/// "upsert" that leaves a moment with no item and loses it when the add fails.
struct KeychainDeleteThenAdd: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-delete-then-add",
        title: "Keychain item deleted then re-added instead of updated",
        severity: .medium,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        rationale:
            "Deleting an item and adding it again is not atomic. When the add fails (the device is locked: errSecInteractionNotAllowed, a bad attribute, no disk space) the old value is already gone and the user is logged out; two threads saving at once race between the delete and the add and get errSecDuplicateItem; and every save silently resets the item's attributes, including its accessibility class and access control.",
        fix:
            "Update first: SecItemUpdate(query, [kSecValueData: data]); on errSecItemNotFound, SecItemAdd the full item; on errSecDuplicateItem (a concurrent add won), update again. Check and propagate each status. DeviceTrust's Keychain.save does exactly this."
    )

    /// `SecItemDelete`, and the remove / delete methods of keychain wrappers.
    let triggers = ["SecItemDelete", "remove", "delete"]

    /// For Swift: `SecItemDelete`, or a wrapper's delete and set methods both named.
    let preCheck = PreCheck.any([
        .swiftIdentifier(["SecItemDelete"]),
        .all([.swiftIdentifier(Array(Self.wrapperDeletes)), .swiftIdentifier(Array(Self.wrapperSets))]),
    ])

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        let adds = file.index.calls.filter { $0.calleeName == "SecItemAdd" }
        let wrapperMatches = wrapperDeleteThenSet(in: file)
        guard !adds.isEmpty else { return wrapperMatches }
        // Functions of this file that delete without adding: calling one is a delete.
        var deleters: Set<String> = []
        for function in file.index.functions {
            guard let body = function.body else { continue }
            let names = body.descendants(FunctionCallExprSyntax.self).map(\.calleeName)
            if names.contains("SecItemDelete") && !names.contains("SecItemAdd") { deleters.insert(function.name.text) }
        }
        var matches: [Match] = []
        for call in file.index.calls {
            let isDelete = call.calleeName == "SecItemDelete"
            guard isDelete || (deleters.contains(call.calleeName) && isLocalCall(call)), let body = call.enclosingBody else { continue }
            // An add some path reaches after the delete (not the other arm of an `if`,
            // not after `return SecItemDelete(…)` or a `guard … else { delete; return }`).
            guard let add = adds.first(where: { $0.enclosingBody?.id == body.id && StatementReachability.canReach(from: call, to: $0) }) else { continue }
            if isDelete, differentItems(delete: call, add: add, in: file) { continue }
            if handlesDuplicateWithUpdate(body, in: file) { continue }
            if isDeletedAgain(like: call, after: add, in: body) { continue }
            if addsByReference(add, in: file) { continue }
            if isErrorRecovery(call, in: body) { continue }
            let what = isDelete ? "SecItemDelete" : "\(call.calleeName)(…) deletes the item, and"
            matches.append(Match(file.range(of: call), "\(what) then SecItemAdd: not atomic, the item is lost when the add fails"))
        }
        let reported = Set(matches.map(\.range))
        return matches + wrapperMatches.filter { !reported.contains($0.range) }
    }

    /// Whether `add` stores an identity, certificate or key by reference (`kSecValueRef`,
    /// no `kSecValueData`): such an item has no data to update in place, so replacing it
    /// means deleting and adding.
    private func addsByReference(_ add: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let argument = add.arguments.first?.expression, let query = KeychainQuery.resolve(argument, in: file) else { return false }
        return query.keys.contains("kSecValueRef") && !query.keys.contains("kSecValueData")
    }

    /// Whether the same delete (same callee, same arguments) runs again after `add`: a
    /// temporary item (a certificate and key added only to obtain a SecIdentity, then
    /// removed), with no stored value to lose.
    func isDeletedAgain(like delete: FunctionCallExprSyntax, after add: some SyntaxProtocol, in body: Syntax) -> Bool {
        let arguments = delete.arguments.trimmedDescription
        return body.descendants(FunctionCallExprSyntax.self).contains { other in
            other.id != delete.id && other.calleeName == delete.calleeName && other.calleeText == delete.calleeText
                && other.arguments.trimmedDescription == arguments && StatementReachability.canReach(from: add, to: other)
        }
    }

    /// Whether the function adds and, on errSecDuplicateItem, updates (with SecItemUpdate
    /// or an `update…` helper): the recommended add-or-update, whose delete is a separate
    /// "remove on nil" path.
    private func handlesDuplicateWithUpdate(_ body: Syntax, in file: SwiftFile) -> Bool {
        guard body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "errSecDuplicateItem" }) else { return false }
        return body.descendants(FunctionCallExprSyntax.self).contains { call in
            let name = call.calleeName
            return name == "SecItemUpdate" || (name.lowercased().hasPrefix("update") && isLocalCall(call))
        }
    }

    // MARK: Error recovery in an upsert

    /// Whether an identifier of a condition names an error or status code (`status`,
    /// `error.code`, `[getError code]`, `errSecInteractionNotAllowed`, `OSStatus`).
    static func isStatusWord(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "code" || lowered == "err" || lowered.hasPrefix("errsec") || lowered.contains("error") || lowered.contains("status")
    }

    /// Whether the delete runs only in an error-recovery branch of an upsert: the `if`
    /// around it compares an error or status code (`if error.code == -1999`, a corrupt
    /// item the read reported), and the same body updates the existing item with
    /// SecItemUpdate on a path the delete does not follow from (not "update failed, so
    /// delete and add", which still loses the item).
    private func isErrorRecovery(_ delete: FunctionCallExprSyntax, in body: Syntax) -> Bool {
        var current = delete.parent
        var conditions: ConditionElementListSyntax?
        while let node = current, node.id != body.id {
            if let block = node.as(CodeBlockSyntax.self), let ifExpr = block.parent?.as(IfExprSyntax.self) {
                conditions = ifExpr.conditions
                break
            }
            current = node.parent
        }
        guard let conditions else { return false }
        let tokens = conditions.tokens(viewMode: .sourceAccurate)
        guard tokens.contains(where: { $0.tokenKind == .binaryOperator("==") || $0.tokenKind == .binaryOperator("!=") }),
            tokens.contains(where: { if case .identifier(let name) = $0.tokenKind { Self.isStatusWord(name) } else { false } })
        else { return false }
        return body.descendants(FunctionCallExprSyntax.self).contains { update in
            update.calleeName == "SecItemUpdate" && update.enclosingBody?.id == body.id && !StatementReachability.canReach(from: update, to: delete)
        }
    }

    /// ``isErrorRecovery(_:in:)`` on Objective-C tokens: the `if` controlling the delete
    /// at `delete` compares an error or status code, and a SecItemUpdate of the method
    /// does not lead to the delete.
    private func isErrorRecovery(_ delete: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> Bool {
        guard let (condition, _) = ObjectiveCSyntax.controllingIf(tokens, at: delete), body.contains(condition.lowerBound) else { return false }
        let compares = condition.contains { position in
            position > condition.lowerBound && tokens[position].text == "=" && (tokens[position - 1].text == "=" || tokens[position - 1].text == "!")
        }
        guard compares, condition.contains(where: { tokens[$0].kind == .identifier && Self.isStatusWord(tokens[$0].text) }) else { return false }
        return body.contains { position in
            tokens[position].kind == .identifier && tokens[position].text == "SecItemUpdate" && position + 1 < body.upperBound
                && tokens[position + 1].text == "("
                && !StatementReachability.canReach(from: position, to: delete, in: tokens, body: body)
        }
    }

    /// `helper(…)`, `self.helper(…)`, `Self.helper(…)`, `TypeName.helper(…)`.
    private func isLocalCall(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.trimmedDescription else { return false }
        return base == "self" || base == "Self" || base.first?.isUppercase == true
    }

    /// Whether both queries resolve and name different items (another account or service).
    private func differentItems(delete: FunctionCallExprSyntax, add: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let deleteArgument = delete.arguments.first?.expression, let addArgument = add.arguments.first?.expression,
            let deleted = KeychainQuery.resolve(deleteArgument, in: file), let added = KeychainQuery.resolve(addArgument, in: file)
        else { return false }
        for key in ["kSecAttrAccount", "kSecAttrService", "kSecAttrLabel", "kSecAttrApplicationTag", "kSecClass"] {
            if let one = deleted.value(for: key)?.trimmedDescription, let other = added.value(for: key)?.trimmedDescription, one != other { return true }
        }
        return false
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        let addIndices = file.identifiers(named: "SecItemAdd").filter { $0 + 1 < tokens.count && tokens[$0 + 1].text == "(" }
        guard !addIndices.isEmpty else { return [] }
        // Methods whose body deletes without adding: `[self deleteItemForKey:…]` is a delete.
        var deleters: Set<String> = []
        var bodies: [Range<Int>: Bool] = [:]
        for index in file.identifiers(named: "SecItemDelete") {
            guard let body = file.bodyRange(containing: index), bodies[body] == nil else { continue }
            let adds = tokens[body].contains { $0.kind == .identifier && $0.text == "SecItemAdd" }
            bodies[body] = adds
            if !adds, let name = methodName(before: body.lowerBound, in: tokens) { deleters.insert(name) }
        }
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let isDelete = token.text == "SecItemDelete" && index + 1 < tokens.count && tokens[index + 1].text == "("
            let isHelper =
                !isDelete && deleters.contains(token.text) && index > 1 && tokens[index - 2].text == "["
                && index + 1 < tokens.count && (tokens[index + 1].text == ":" || tokens[index + 1].text == "]")
            guard isDelete || isHelper, let body = file.bodyRange(containing: index),
                let add = addIndices.first(where: { StatementReachability.canReach(from: index, to: $0, in: tokens, body: body) }),
                !handlesDuplicateWithUpdate(body, in: tokens), !isDeletedAgain(like: index, after: add, in: tokens, body: body),
                !(tokens[body].contains { $0.text == "kSecValueRef" } && !tokens[body].contains { $0.text == "kSecValueData" }),
                !isErrorRecovery(index, in: tokens, body: body)
            else { continue }
            let what = isDelete ? "SecItemDelete" : "\(token.text) deletes the item, and"
            matches.append(Match(file.range(of: token), "\(what) then SecItemAdd: not atomic, the item is lost when the add fails"))
        }
        return matches
    }

    /// Whether the statement of the delete at `delete` (its tokens up to `;`) occurs again
    /// after the add at `add`, on a path from it: a temporary item.
    private func isDeletedAgain(like delete: Int, after add: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> Bool {
        func statement(at start: Int) -> [String] {
            var texts: [String] = []
            var position = start
            while position < body.upperBound, tokens[position].text != ";", texts.count < 64 {
                texts.append(tokens[position].text)
                position += 1
            }
            return texts
        }
        let deleted = statement(at: delete)
        return (add + 1..<body.upperBound).contains { position in
            tokens[position].kind == .identifier && tokens[position].text == tokens[delete].text
                && (delete == 0 || tokens[position - 1].text == tokens[delete - 1].text)
                && statement(at: position) == deleted && StatementReachability.canReach(from: add, to: position, in: tokens, body: body)
        }
    }

    /// `errSecDuplicateItem` handled with SecItemUpdate or an `[self update…]` method.
    private func handlesDuplicateWithUpdate(_ body: Range<Int>, in tokens: [ObjectiveCToken]) -> Bool {
        guard tokens[body].contains(where: { $0.kind == .identifier && $0.text == "errSecDuplicateItem" }) else { return false }
        return body.contains { position in
            let token = tokens[position]
            guard token.kind == .identifier else { return false }
            if token.text == "SecItemUpdate" { return true }
            return token.text.hasPrefix("update") && position > 1 && tokens[position - 2].text == "[" && tokens[position - 1].text == "self"
        }
    }

    /// The first selector piece of the method whose body opens at `open`:
    /// `- (void)deleteItemForKey:(NSString *)key {` → `deleteItemForKey`.
    private func methodName(before open: Int, in tokens: [ObjectiveCToken]) -> String? {
        var position = open - 1
        while position >= 0 {
            let text = tokens[position].text
            if text == ";" || text == "}" || text == "{" { return nil }
            if text == "-" || text == "+", tokens[position + 1].text == "(",
                let close = ObjectiveCSyntax.matching(tokens, open: position + 1), close + 1 < open, tokens[close + 1].kind == .identifier
            {
                return tokens[close + 1].text
            }
            position -= 1
        }
        return nil
    }
}
