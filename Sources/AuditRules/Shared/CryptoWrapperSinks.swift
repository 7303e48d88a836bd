import SwiftSyntax
import AuditKit

/// Encryption wrappers that take a password, key or IV argument: RNCryptor
/// (`RNEncryptor.encryptData(_:with:password:)`, `RNCryptor.Encryptor(password:)`,
/// `[RNDecryptor decryptData:withPassword:error:]`) and the usual project helpers
/// (`text.aesEncrypt(key:iv:)`, `[data AES256EncryptWithKey:]`). Used by
/// crypto-hardcoded-key, which reports literals passed to them; a rule reporting
/// hard-coded secrets can skip these arguments (``isKeyArgument(_:)``,
/// ``objectiveCArguments(in:)``) so one literal yields one finding.
enum CryptoWrapperSinks {
    static let libraries = ["RNCryptor", "RNEncryptor", "RNDecryptor"]

    /// Whether a Swift call is an encryption wrapper: RNCryptor, or a callee whose name
    /// says it encrypts or decrypts.
    static func isWrapper(callee: String, name: String) -> Bool {
        if libraries.contains(where: { callee.hasPrefix($0) }) { return true }
        return namesCipher(name)
    }

    /// Whether a name is one a wrapper call can carry, for the pre-checks of the rules that
    /// read wrappers: a library's (`RNCryptor`), or one that says it encrypts or decrypts.
    static func mayNameWrapper(_ name: String) -> Bool {
        libraries.contains(name) || namesCipher(name)
    }

    static func namesCipher(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("encrypt") || lower.contains("decrypt") || lower.contains("cipher") || lower.hasPrefix("aes")
    }

    /// What a wrapper's argument label (or Objective-C selector part) passes: "password",
    /// "key" or "IV"; nil for other arguments (`forKey`, `withSettings`, `data`).
    static func role(ofLabel label: String) -> String? {
        let lower = label.lowercased()
        if lower.hasPrefix("for") || lower.hasSuffix("keypath") || lower.hasSuffix("keyname") { return nil }
        if lower.hasSuffix("password") || lower.hasSuffix("passphrase") { return "password" }
        if lower == "iv" || lower.hasSuffix("withiv") || lower == "initializationvector" || lower.hasSuffix("nonce") { return "IV" }
        if lower == "key" || lower.hasSuffix("withkey") || lower.hasSuffix("encryptionkey") || lower.hasSuffix("hmackey")
            || lower == "secretkey" || lower == "keystring" || lower == "keydata" || lower == "usingkey"
        {
            return "key"
        }
        return nil
    }

    /// Whether a Swift call argument is the password, key or IV of an encryption wrapper
    /// (`password:` in `RNEncryptor.encryptData(_:with:password:)`).
    static func isKeyArgument(_ argument: LabeledExprSyntax) -> Bool {
        guard let label = argument.label?.text, role(ofLabel: label) != nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return isWrapper(callee: call.calledExpression.trimmedDescription, name: call.calleeName)
    }

    /// One argument of an Objective-C message sent to an encryption wrapper.
    struct ObjectiveCArgument {
        /// `RNEncryptor encryptData:withSettings:password:error:`
        let selector: String
        let label: String
        let role: String
        let argument: Range<Int>
    }

    /// One Objective-C message sent to an encryption wrapper, with all its arguments.
    struct ObjectiveCMessage {
        /// `RNEncryptor encryptData:withSettings:password:error:`
        let selector: String
        /// Each selector part's label and the tokens of its argument.
        let arguments: [(label: String, range: Range<Int>)]
    }

    /// The password, key and IV arguments of the encryption messages in `tokens`.
    static func objectiveCArguments(in tokens: [ObjectiveCToken]) -> [ObjectiveCArgument] {
        objectiveCMessages(in: tokens).flatMap { message in
            message.arguments.compactMap { argument in
                role(ofLabel: argument.label).map {
                    ObjectiveCArgument(selector: message.selector, label: argument.label, role: $0, argument: argument.range)
                }
            }
        }
    }

    /// The messages in `tokens` sent to RNCryptor or with a selector part that names a
    /// cipher (`AES256EncryptWithKey:`, `encryptData:withSettings:password:error:`).
    static func objectiveCMessages(in tokens: [ObjectiveCToken]) -> [ObjectiveCMessage] {
        var result: [ObjectiveCMessage] = []
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].text == "[", tokens[index].kind == .punctuation else { continue }
            // The message's top-level selector parts: `name :` at depth 0.
            var depth = 0
            var parts: [Int] = []
            var end: Int?
            var position = index + 1
            while position < tokens.count {
                let token = tokens[position]
                if token.kind == .punctuation {
                    if token.text == "[" || token.text == "(" || token.text == "{" {
                        depth += 1
                    } else if token.text == "]" || token.text == ")" || token.text == "}" {
                        if depth == 0 { end = position; break }
                        depth -= 1
                    } else if token.text == ";" {
                        break
                    } else if token.text == ":", depth == 0, position > index + 1, tokens[position - 1].kind == .identifier {
                        parts.append(position - 1)
                    }
                }
                position += 1
            }
            guard let end, let first = parts.first, first > index + 1 else { continue }
            let receiver = tokens[(index + 1)..<first].filter { $0.kind == .identifier }.map(\.text)
            let selector = parts.map { tokens[$0].text + ":" }.joined()
            let isLibrary = receiver.count == 1 && libraries.contains(receiver[0])
            guard isLibrary || parts.contains(where: { namesCipher(tokens[$0].text) }) else { continue }
            let name = (receiver.count == 1 ? receiver[0] + " " : "") + selector
            var arguments: [(label: String, range: Range<Int>)] = []
            for (offset, part) in parts.enumerated() {
                let stop = offset + 1 < parts.count ? parts[offset + 1] : end
                guard part + 2 <= stop else { continue }
                arguments.append((tokens[part].text, (part + 2)..<stop))
            }
            result.append(ObjectiveCMessage(selector: name, arguments: arguments))
        }
        return result
    }
}
