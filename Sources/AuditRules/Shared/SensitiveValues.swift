import Foundation
import SwiftSyntax
import AuditKit

/// Whether a Swift expression holds a secret: a secret-named variable or property
/// (`token`, `self.credentials`), a value derived from one (`password.data(using: .utf8)`,
/// `Data(token.utf8)`), a value of a secret-named type (`AuthToken(…)`) or of a type this
/// file declares with a secret-named stored property (`User` with `password`), or a
/// dictionary literal with secret-named keys. Shared by the storage rules.
struct SensitiveValues {
    /// Types declared in the file that hold a secret-named stored property.
    let typesWithSecrets: Set<String>
    private let file: SwiftFile

    /// The facts of `file`, computed once per file.
    init(file: SwiftFile) {
        self.file = file
        var types: Set<String> = []
        for declaration in file.index.variables where !declaration.modifiers.contains(where: { $0.name.text == "static" }) {
            guard let typeName = Self.enclosingTypeName(of: declaration) else { continue }
            for binding in declaration.bindings where binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, SensitiveValues.isSecretName(name) else { continue }
                // A flag (`requiresPin: Bool`) is not a secret.
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                let initial = binding.initializer?.value.trimmedDescription ?? ""
                if type.hasPrefix("Bool") || initial == "true" || initial == "false" || type.hasPrefix("Int") || type == "Date" { continue }
                types.insert(typeName)
            }
        }
        typesWithSecrets = types
    }

    /// Whether a variable, property or dictionary key named `name` holds a secret value
    /// (``SecretNames``; `refreshToken` too, whose first word reads as a verb there).
    static func isSecretName(_ name: String) -> Bool {
        SecretNames.isSecretValue(name) || SecretNames.splitWords(name).suffix(2) == ["refresh", "token"]
    }

    /// Whether a function named `callee` derives a key from, or hashes, what it is given.
    static func isDerivation(_ callee: String) -> Bool {
        let name = (callee.split(separator: ".").last.map(String.init) ?? callee).lowercased()
        return ["pbkdf", "derive", "kdf", "scrypt", "argon", "bcrypt", "hash", "digest"].contains { name.contains($0) }
    }

    /// A short name for what makes `expression` secret (`password`, `Credentials`), or nil.
    func secretName(of expression: ExprSyntax) -> String? {
        secretName(of: expression, depth: 0)
    }

    /// Whether the type written as `type` (`Credentials`, `[User]`, `User?`) is secret.
    func isSecretType(_ type: String) -> Bool {
        let bare = type.trimmingCharacters(in: CharacterSet(charactersIn: "[]?! "))
        return !bare.isEmpty && (SecretNames.isSensitive(bare) || typesWithSecrets.contains(bare))
    }

    private func secretName(of expression: ExprSyntax, depth: Int) -> String? {
        guard depth < 4 else { return nil }
        let bare = BindingValues.unwrap(expression)
        if let reference = bare.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "self" { return nil }
            if SensitiveValues.isSecretName(name) { return name }
            return localSecret(named: name, at: bare, depth: depth)
        }
        if let member = bare.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if SensitiveValues.isSecretName(name) { return member.trimmedDescription }
            // `token.utf8`, `password.data`, `self.credentials`: the base counts.
            if ["utf8", "data", "self", "value", "rawValue"].contains(name), let base = member.base {
                return secretName(of: base, depth: depth + 1)
            }
            return nil
        }
        if let call = bare.as(FunctionCallExprSyntax.self) {
            // `Credentials(user:password:)`: a secret type, or a value built with secret fields.
            let callee = call.calledExpression.trimmedDescription
            if isSecretType(callee) { return callee }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                // `token.data(using: .utf8)`, `password.utf8`
                if ["data", "encode", "encoded", "utf8"].contains(member.declName.baseName.text) || member.declName.baseName.text.hasPrefix("data") {
                    return secretName(of: base, depth: depth + 1)
                }
                return nil
            }
            if callee == "Data" || callee == "String" || callee == "NSData" {
                for argument in call.arguments {
                    if let name = secretName(of: argument.expression, depth: depth + 1) { return name }
                }
            }
            // `pbkdf2(password: …)`, `deriveKey(from: pin)`, `hashPIN(code)`: what a key
            // derivation or a hash makes of a secret is a key or a verifier, as sensitive.
            if Self.isDerivation(callee) {
                for argument in call.arguments {
                    if let label = argument.label?.text, SensitiveValues.isSecretName(label) { return "\(callee)(\(label):)" }
                    if let name = secretName(of: argument.expression, depth: depth + 1) { return "\(callee)(\(name))" }
                }
            }
            for argument in call.arguments {
                if let label = argument.label?.text, SensitiveValues.isSecretName(label), isSecretType(callee) || callee.first?.isUppercase == true {
                    return "\(callee)(\(label):)"
                }
            }
            return nil
        }
        if let dictionary = bare.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content {
            for element in elements {
                if let key = element.key.as(StringLiteralExprSyntax.self)?.literalValue, SensitiveValues.isSecretName(key) { return key }
            }
        }
        return nil
    }

    /// The secret a local variable or parameter named `name` holds: by its declared type,
    /// or by what it was initialised with.
    private func localSecret(named name: String, at node: ExprSyntax, depth: Int) -> String? {
        var scope: Syntax? = node.enclosingBody
        // Parameters of the enclosing function or closure.
        while let current = scope {
            if let function = current.as(FunctionDeclSyntax.self) {
                for parameter in function.signature.parameterClause.parameters where (parameter.secondName ?? parameter.firstName).text == name {
                    return isSecretType(parameter.type.trimmedDescription) ? "\(name) (\(parameter.type.trimmedDescription))" : nil
                }
            }
            for declaration in current.descendants(VariableDeclSyntax.self) {
                for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    if let type = binding.typeAnnotation?.type.trimmedDescription, isSecretType(type) { return "\(name) (\(type))" }
                    if let initial = binding.initializer?.value, let secret = secretName(of: initial, depth: depth + 1) { return secret }
                    return nil
                }
            }
            scope = current.enclosingBody
        }
        return nil
    }

    /// The struct or class whose member block declares `declaration` directly.
    private static func enclosingTypeName(of declaration: VariableDeclSyntax) -> String? {
        guard let block = declaration.parent?.parent?.parent?.as(MemberBlockSyntax.self) else { return nil }
        if let type = block.parent?.as(StructDeclSyntax.self) { return type.name.text }
        if let type = block.parent?.as(ClassDeclSyntax.self) { return type.name.text }
        return nil
    }
}
