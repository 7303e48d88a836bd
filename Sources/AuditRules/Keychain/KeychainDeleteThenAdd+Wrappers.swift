import SwiftSyntax
import AuditKit

/// Delete-then-add through a keychain wrapper's API (SwiftKeychainWrapper, KeychainAccess,
/// KeychainSwift, Valet, an app's own `Keychain` type): `keychain.removeObject(forKey: k)`
/// followed, on a path from it, by `keychain.set(value, forKey: k)` on the same receiver.
extension KeychainDeleteThenAdd {
    /// Wrapper methods that delete an item.
    static let wrapperDeletes: Set<String> = ["removeObject", "remove", "delete", "removeValue", "deleteValue", "removeItem", "deleteItem"]
    /// Wrapper methods that add (or write) an item.
    static let wrapperSets: Set<String> = ["set", "setString", "setData", "setObject"]

    /// `removeObject(forKey: k)` then `set(v, forKey: k)` on the same keychain-named
    /// receiver (or on `self` inside a type or extension named like a keychain), in one
    /// body, the set reachable from the remove, and not removed again afterwards.
    func wrapperDeleteThenSet(in file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        for call in file.index.calls where Self.wrapperDeletes.contains(call.calleeName) {
            guard let receiver = receiver(of: call), isKeychainReceiver(receiver, at: call),
                let key = call.arguments.first?.expression.trimmedDescription, call.arguments.count <= 2,
                let body = call.enclosingBody
            else { continue }
            let set = body.descendants(FunctionCallExprSyntax.self).first { candidate in
                guard Self.wrapperSets.contains(candidate.calleeName), candidate.enclosingBody?.id == body.id,
                    self.receiver(of: candidate) == receiver, writtenKey(of: candidate) == key
                else { return false }
                return StatementReachability.canReach(from: call, to: candidate)
            }
            guard let set, !isDeletedAgain(like: call, after: set, in: body) else { continue }
            matches.append(
                Match(
                    file.range(of: call),
                    "\(call.calleeName)(…) then \(set.calleeName)(…) on the keychain: the item is deleted and added again, not atomic, and lost when the add fails"
                ))
        }
        return matches
    }

    /// `keychain` for `keychain.remove(…)`, `KeychainWrapper.standard` for
    /// `KeychainWrapper.standard.removeObject(…)`, `self` for `self.remove(…)` and `remove(…)`.
    private func receiver(of call: FunctionCallExprSyntax) -> String? {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return "self" }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        var text = base.trimmedDescription
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    /// A receiver whose name says keychain, or `self` in a type or extension whose name does.
    private func isKeychainReceiver(_ receiver: String, at call: FunctionCallExprSyntax) -> Bool {
        if receiver != "self" { return receiver.lowercased().contains("keychain") }
        var current = call.parent
        while let node = current {
            var name: String?
            if let type = node.as(ClassDeclSyntax.self) { name = type.name.text }
            if let type = node.as(StructDeclSyntax.self) { name = type.name.text }
            if let type = node.as(ActorDeclSyntax.self) { name = type.name.text }
            if let type = node.as(EnumDeclSyntax.self) { name = type.name.text }
            if let type = node.as(ExtensionDeclSyntax.self) { name = type.extendedType.trimmedDescription }
            if let name { return name.lowercased().contains("keychain") }
            current = node.parent
        }
        return false
    }

    /// The key a set writes: `forKey:`, `key:`, or the second unlabelled argument.
    private func writtenKey(of call: FunctionCallExprSyntax) -> String? {
        if let key = call.argument("forKey") ?? call.argument("key") { return key.trimmedDescription }
        let arguments = Array(call.arguments)
        guard arguments.count >= 2, arguments[0].label == nil, arguments[1].label == nil else { return nil }
        return arguments[1].expression.trimmedDescription
    }
}
