import SwiftSyntax
import AuditKit

/// The database stores ``StorageSecretInDatabase`` knows objects of.
enum DatabaseStore: Sendable {
    case coreData, realm

    /// How a message names the store.
    var name: String {
        switch self {
        case .coreData: return "Core Data"
        case .realm: return "an unencrypted Realm"
        }
    }
}

/// A local object that becomes a database row: a Core Data object made in this body, or
/// an object this body adds to a Realm.
struct DatabaseRecord {
    /// The local's name (`newUser`).
    let name: String
    let store: DatabaseStore
    /// The block the local is declared in: where its attributes are set, after ``declared``.
    let scope: Syntax
    let declared: AbsolutePosition
}

/// Finds ``DatabaseRecord``s in a Swift file and the secret attributes set on them.
enum DatabaseRecords {
    /// Every local initialised or assigned as a Core Data object, or added to a Realm in its body.
    static func records(in file: SwiftFile) -> [DatabaseRecord] {
        let mentionsCoreData = file.codeText.contains("CoreData") || file.codeText.contains("NSManagedObject")
        let realmAdds = realmAddedNames(in: file)
        var records: [DatabaseRecord] = []
        for declaration in file.index.variables {
            guard let body = declaration.enclosingBody, let scope = declaration.parent?.parent?.parent else { continue }
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value,
                    let call = BindingValues.unwrap(value).as(FunctionCallExprSyntax.self)
                else { continue }
                if isCoreDataInsertion(call, mentionsCoreData: mentionsCoreData) {
                    records.append(DatabaseRecord(name: name, store: .coreData, scope: scope, declared: declaration.endPosition))
                } else if realmAdds.contains(BodyName(body: body.id, name: name)) {
                    records.append(DatabaseRecord(name: name, store: .realm, scope: scope, declared: declaration.endPosition))
                }
            }
        }
        // `user = NSEntityDescription.insertNewObject(…) as? User` into a declared local.
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            // The unfolded sequence: `user`, `=`, the call, then `as?` and the type, if cast.
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                elements.dropFirst(3).allSatisfy({ $0.is(UnresolvedAsExprSyntax.self) || $0.is(TypeExprSyntax.self) }),
                let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text,
                let call = BindingValues.unwrap(elements[2]).as(FunctionCallExprSyntax.self),
                isCoreDataInsertion(call, mentionsCoreData: mentionsCoreData), let scope = sequence.parent?.parent?.parent
            else { continue }
            records.append(DatabaseRecord(name: name, store: .coreData, scope: scope, declared: sequence.endPosition))
        }
        return records
    }

    /// `NSEntityDescription.insertNewObject(forEntityName:into:)`,
    /// `NSManagedObject(entity:insertInto:)`, and `Entity(context:)` in a file that uses
    /// Core Data.
    private static func isCoreDataInsertion(_ call: FunctionCallExprSyntax, mentionsCoreData: Bool) -> Bool {
        if call.calleeName == "insertNewObject" && call.calleeText.hasPrefix("NSEntityDescription") { return true }
        let labels = call.arguments.map { $0.label?.text }
        if labels.contains("insertInto") { return true }
        guard mentionsCoreData, labels == ["context"], let first = call.calleeText.first, first.isUppercase else { return false }
        return true
    }

    private struct BodyName: Hashable {
        let body: SyntaxIdentifier
        let name: String
    }

    /// Locals passed to `realm.add(x)` (any receiver whose name says Realm), keyed by the
    /// body that declares them: the add may sit in a nested `realm.write { … }` closure.
    private static func realmAddedNames(in file: SwiftFile) -> Set<BodyName> {
        var names: Set<BodyName> = []
        for call in file.index.calls where call.calleeName == "add" || call.calleeName == "addObject" {
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                base.trimmedDescription.lowercased().contains("realm"),
                let argument = call.arguments.first?.expression,
                let name = BindingValues.unwrap(argument).as(DeclReferenceExprSyntax.self)?.baseName.text
            else { continue }
            var scope = call.enclosingBody
            while let current = scope {
                names.insert(BodyName(body: current.id, name: name))
                scope = current.enclosingBody
            }
        }
        return names
    }

    /// The first place in the record's block, after its declaration, that sets a secret-named attribute on it
    /// (`user.password = …`, `user?.cvv = …`, `user.setValue(…, forKey: "password")`), and
    /// the attribute's name; nil when none does.
    static func firstSecretField(of record: DatabaseRecord, in file: SwiftFile) -> (node: Syntax, field: String)? {
        var found: [(node: Syntax, field: String)] = []
        for sequence in file.index.sequences where contains(record, sequence) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let member = elements[0].as(MemberAccessExprSyntax.self), let base = member.base,
                BindingValues.unwrap(base).as(DeclReferenceExprSyntax.self)?.baseName.text == record.name,
                SensitiveValues.isSecretName(member.declName.baseName.text), !isEmptyValue(elements[2])
            else { continue }
            found.append((Syntax(sequence), "\(record.name).\(member.declName.baseName.text)"))
        }
        for call in file.index.calls where call.calleeName == "setValue" && contains(record, call) {
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                BindingValues.unwrap(base).as(DeclReferenceExprSyntax.self)?.baseName.text == record.name,
                let key = call.argument("forKey")?.as(StringLiteralExprSyntax.self)?.literalValue, SensitiveValues.isSecretName(key),
                let value = call.arguments.first?.expression, !isEmptyValue(value)
            else { continue }
            found.append((Syntax(call), "\(record.name)'s \(key)"))
        }
        return found.min { $0.node.position < $1.node.position }
    }

    private static func contains(_ record: DatabaseRecord, _ node: some SyntaxProtocol) -> Bool {
        node.position >= record.declared && node.endPosition <= record.scope.endPosition
    }

    /// `nil`, `""` or a Boolean: clearing or flagging an attribute stores no secret.
    private static func isEmptyValue(_ value: ExprSyntax) -> Bool {
        let bare = BindingValues.unwrap(value)
        return bare.is(NilLiteralExprSyntax.self) || bare.is(BooleanLiteralExprSyntax.self)
            || bare.as(StringLiteralExprSyntax.self)?.literalValue == ""
    }
}
