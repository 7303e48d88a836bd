import SwiftSyntax
import AuditKit

/// Whether written bytes are the output of an encryption, and whether its key is
/// hard-coded. One policy for Swift and Objective-C: ciphertext is no longer the secret it
/// encrypts, unless the key is a literal in the app (then anyone with the binary decrypts
/// it, and the ciphertext is as sensitive as the plaintext). Shared by the storage rules.
enum EncryptedValues {
    /// The key argument of an encryption call: `password:`, `key:`, `keyData:`, `withKey:`, `using:`.
    private static func isKeyLabel(_ label: String) -> Bool {
        let lowered = label.lowercased()
        return lowered.contains("key") || lowered.contains("password") || lowered == "using" || lowered == "passphrase"
    }

    /// `encryptData`, `AES256EncryptWithKey`, `RNEncryptor`; not `unencryptedData`.
    static func isEncryptionName(_ name: String) -> Bool {
        SecretNames.splitWords(name).contains { $0.contains("encrypt") && !$0.hasPrefix("unencrypt") }
    }

    // MARK: Swift

    /// For an encryption call (`RNEncryptor.encryptData(data, with:…, password: "…")`,
    /// `data.aes(operation: kCCEncrypt, keyData: key)`, `AES.GCM.seal(data, using: key)`),
    /// whether its key is hard-coded; nil when `call` is not an encryption.
    static func hasHardCodedKey(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> Bool? {
        let name = call.calleeName
        let encrypts =
            isEncryptionName(name) || name == "seal"
            || call.arguments.contains { $0.expression.trimmedDescription.contains("kCCEncrypt") || $0.expression.trimmedDescription == ".encrypt" }
        guard encrypts else { return nil }
        guard let key = call.arguments.first(where: { $0.label.map { isKeyLabel($0.text) } == true })?.expression else { return false }
        return isLiteral(key, from: call, in: file, depth: 0)
    }

    /// A string literal, or a name, `.data(using:)`, `.utf8`, `Data(…)`, `SymmetricKey(data:)`
    /// leading to one in this file.
    private static func isLiteral(_ expression: ExprSyntax, from node: some SyntaxProtocol, in file: SwiftFile, depth: Int) -> Bool {
        guard depth < 4 else { return false }
        let bare = BindingValues.unwrap(expression)
        if let literal = bare.as(StringLiteralExprSyntax.self) { return literal.literalValue.map { !$0.isEmpty } == true }
        if let call = bare.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base, member.declName.baseName.text.hasPrefix("data") {
                return isLiteral(base, from: node, in: file, depth: depth + 1)
            }
            let callee = call.calledExpression.trimmedDescription
            if ["Data", "Array", "SymmetricKey", "NSData"].contains(callee), let argument = call.arguments.first?.expression {
                return isLiteral(argument, from: node, in: file, depth: depth + 1)
            }
            return false
        }
        if let member = bare.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "utf8", let base = member.base {
            return isLiteral(base, from: node, in: file, depth: depth + 1)
        }
        guard let initializer = BindingValues.initializer(of: bare, from: node, in: file) else { return false }
        return isLiteral(initializer, from: node, in: file, depth: depth + 1)
    }

    // MARK: Objective-C

    /// For the statement tokens `range` (what a variable is assigned), when they encrypt
    /// (`[data AES256EncryptWithKey:key]`, `[RNEncryptor encryptData:… password:@"…" …]`):
    /// whether the key is hard-coded (a literal, or a name this file sets to one), and the
    /// key's name; nil when they do not encrypt.
    static func hardCodedKey(in range: Range<Int>, tokens: [ObjectiveCToken]) -> (hardCoded: Bool, key: String?)? {
        guard tokens[range].contains(where: { $0.kind == .identifier && isEncryptionName($0.text) }) else { return nil }
        for position in range
        where tokens[position].kind == .identifier && position + 2 < range.upperBound
            && tokens[position + 1].text == ":" && isKeyLabel(tokens[position].text)
        {
            let value = tokens[position + 2]
            if value.kind == .string { return (!value.text.isEmpty, nil) }
            if value.kind == .identifier {
                return (ObjectiveCCalls.literal(of: value.text, in: tokens).map { !$0.text.isEmpty } == true, value.text)
            }
            return (false, nil)
        }
        return (false, nil)
    }
}
