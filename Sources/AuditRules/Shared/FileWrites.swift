import SwiftSyntax
import AuditKit

/// One place a Swift file writes bytes to a file, and where those bytes came from. Shared
/// by the storage rules so that each write is judged once: by what produced the data (an
/// archiver, an encoder: `storage-secret-archived-to-file`, `storage-secret-in-plist-file`)
/// or by what it holds and how it is protected (`storage-file-without-protection`).
struct FileWrite {
    /// How the written bytes were produced.
    enum Producer: Equatable {
        /// `NSKeyedArchiver.archivedData(withRootObject:…)`
        case keyedArchiver
        /// `JSONEncoder().encode(…)`, `JSONSerialization.data(withJSONObject:)`
        case json
        /// `PropertyListEncoder().encode(…)`, `PropertyListSerialization.data(fromPropertyList:…)`
        case propertyList
    }

    /// The call: `data.write(to: url)`, `FileManager.default.createFile(atPath:contents:attributes:)`,
    /// `token.write(toFile:atomically:encoding:)`.
    let call: FunctionCallExprSyntax
    /// The data or string written.
    let data: ExprSyntax
    /// `options:` of `Data.write`, `attributes:` of `createFile`; nil when absent.
    let protection: ExprSyntax?
    /// Whether the call can carry a protection option at all (String writes cannot).
    let acceptsProtection: Bool

    /// The writes of `file`.
    static func writes(in file: SwiftFile) -> [FileWrite] {
        var writes: [FileWrite] = []
        for call in file.index.calls {
            let name = call.calleeName
            guard name == "write" || name == "createFile" else { continue }
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            switch name {
            case "write":
                guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { continue }
                if labels == ["to"] || labels == ["to", "options"] || labels == ["toFile", "options"] {
                    writes.append(FileWrite(call: call, data: base, protection: call.argument("options"), acceptsProtection: true))
                } else if labels == ["toFile", "atomically", "encoding"] || labels == ["to", "atomically", "encoding"] {
                    writes.append(FileWrite(call: call, data: base, protection: nil, acceptsProtection: false))
                }
            case "createFile":
                guard labels.first == "atPath", let contents = call.argument("contents") else { continue }
                let attributes = call.argument("attributes").flatMap { $0.trimmedDescription == "nil" ? nil : $0 }
                writes.append(FileWrite(call: call, data: contents, protection: attributes, acceptsProtection: true))
            default:
                continue
            }
        }
        return writes
    }

    /// What produced the written bytes and the value they encode, when an archiver or
    /// encoder did (directly, or through a local `let data = …` of the same body).
    func producer(in file: SwiftFile) -> (producer: Producer, value: ExprSyntax)? {
        guard let call = FileWrite.origin(of: data).as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calleeText
        switch call.calleeName {
        case "archivedData" where callee.hasPrefix("NSKeyedArchiver"):
            return (call.argument("withRootObject") ?? call.arguments.first?.expression).map { (.keyedArchiver, $0) }
        case "data" where callee.hasPrefix("JSONSerialization"):
            return call.argument("withJSONObject").map { (.json, $0) }
        case "data" where callee.hasPrefix("PropertyListSerialization"):
            return call.argument("fromPropertyList").map { (.propertyList, $0) }
        case "encode":
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base, let value = call.arguments.first?.expression else { return nil }
            let encoder = FileWrite.origin(of: base).trimmedDescription
            if encoder.hasPrefix("JSONEncoder") { return (.json, value) }
            if encoder.hasPrefix("PropertyListEncoder") { return (.propertyList, value) }
            return nil
        default:
            return nil
        }
    }

    /// `expression` without casts and `try`, or, for a local name, what the nearest
    /// declaration of the same body initialises it with.
    static func origin(of expression: ExprSyntax) -> ExprSyntax {
        let bare = BindingValues.unwrap(expression)
        guard let reference = bare.as(DeclReferenceExprSyntax.self), let scope = bare.enclosingBody else { return bare }
        let name = reference.baseName.text
        for declaration in scope.descendants(VariableDeclSyntax.self) {
            for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let initializer = binding.initializer?.value { return BindingValues.unwrap(initializer) }
            }
        }
        return bare
    }
}

/// A dictionary a Swift body fills and writes as a property list: its string keys and
/// the values set for them. Resolved from a literal, or from a local variable built from a
/// literal, `NSMutableDictionary()` or `[String: Any]()`, then `dict["key"] = value`,
/// `dict.setValue(value, forKey: "key")`, `dict.setObject(value, forKey: "key" as NSCopying)`.
struct WrittenDictionary {
    var keys: [String] = []
    var values: [ExprSyntax] = []

    /// The dictionary `expression` is, or nil when it is not one built in this body.
    static func resolve(_ expression: ExprSyntax) -> WrittenDictionary? {
        resolve(expression, depth: 0)
    }

    private static func resolve(_ expression: ExprSyntax, depth: Int) -> WrittenDictionary? {
        let bare = BindingValues.unwrap(expression)
        if let content = initial(bare, depth: depth) { return content }
        guard let reference = bare.as(DeclReferenceExprSyntax.self), let scope = bare.enclosingBody else { return nil }
        let name = reference.baseName.text
        var result: WrittenDictionary?
        for declaration in scope.descendants(VariableDeclSyntax.self) {
            for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard let initializer = binding.initializer?.value, let content = initial(BindingValues.unwrap(initializer), depth: depth) else { return nil }
                result = content
            }
        }
        guard var content = result else { return nil }
        for subscriptCall in scope.descendants(SubscriptCallExprSyntax.self) where subscriptCall.calledExpression.trimmedDescription == name {
            guard let sequence = subscriptCall.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[0].id == ExprSyntax(subscriptCall).id, elements[1].is(AssignmentExprSyntax.self),
                let key = subscriptCall.arguments.first?.expression
            else { continue }
            content.add(key: key, value: elements[2])
        }
        for call in scope.descendants(FunctionCallExprSyntax.self) where ["setValue", "setObject", "updateValue"].contains(call.calleeName) {
            guard call.calleeText == name + "." + call.calleeName, let key = call.argument("forKey"), let value = call.arguments.first?.expression else {
                continue
            }
            content.add(key: key, value: value)
        }
        return content
    }

    private mutating func add(key: ExprSyntax, value: ExprSyntax) {
        if let text = BindingValues.unwrap(key).as(StringLiteralExprSyntax.self)?.literalValue { keys.append(text) }
        values.append(value)
    }

    private static func initial(_ expression: ExprSyntax, depth: Int) -> WrittenDictionary? {
        if let literal = expression.as(DictionaryExprSyntax.self) {
            var content = WrittenDictionary()
            if case .elements(let elements) = literal.content {
                for element in elements { content.add(key: element.key, value: element.value) }
            }
            return content
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        let callee = call.calledExpression.trimmedDescription
        guard call.calledExpression.is(DictionaryExprSyntax.self) || ["NSMutableDictionary", "NSDictionary"].contains(callee) else { return nil }
        if call.arguments.isEmpty { return WrittenDictionary() }
        // `NSDictionary(dictionary: literal)` or `NSDictionary(dictionary: content)`, where
        // `content` is a dictionary built in the same body (a typed literal, often).
        if let argument = call.argument("dictionary") { return depth < 3 ? resolve(argument, depth: depth + 1) : nil }
        // `NSDictionary(objects: [a, b], forKeys: ["user" as NSCopying, "password" as NSCopying])`
        if let objects = call.argument("objects").flatMap({ BindingValues.unwrap($0).as(ArrayExprSyntax.self) }),
            let keys = call.argument("forKeys").flatMap({ BindingValues.unwrap($0).as(ArrayExprSyntax.self) })
        {
            var content = WrittenDictionary()
            for (key, value) in zip(keys.elements, objects.elements) { content.add(key: key.expression, value: value.expression) }
            return content
        }
        return nil
    }
}
