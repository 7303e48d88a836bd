import SwiftSyntax
import AuditKit

/// Encryption, HMAC and private keys, IVs and nonces written in the source: whoever has
/// the app binary can decrypt everything it encrypts and forge what it signs.
struct CryptoHardcodedKey: AuditRule {
    let metadata = RuleMetadata(
        id: "crypto-hardcoded-key",
        title: "Hard-coded encryption, HMAC or private key, IV or nonce",
        severity: .high,
        category: .crypto,
        masvs: "MASVS-CRYPTO-2",
        cwe: 321,
        rationale:
            "A key in the source is the same in every installation and is recovered from the binary with `strings` or a disassembler, so data it encrypts — local databases, files, values sent to the server — is readable by anyone with the IPA; an HMAC or private signing key in the source lets anyone forge the app's MACs and signatures. A constant IV or nonce makes equal plaintexts encrypt identically, and with AES-GCM or ChaChaPoly a repeated nonce under the same key reveals the XOR of plaintexts and lets an attacker forge tags. All-zero CBC IVs are reported by crypto-weak-cipher.",
        fix:
            "Generate keys at run time (SymmetricKey(size: .bits256), or a Secure Enclave / device key from DeviceTrust) and keep them in the Keychain with Keychain.save and a ThisDeviceOnly accessibility class; derive password-based keys with a slow KDF and a random salt. Let AES.GCM.seal pick its nonce, and for CBC use a fresh random IV per message stored with the ciphertext."
    )

    // Declarations of key-named constants can be anywhere: always run (cheap: index arrays only).
    let skipsTestCode = true

    let triggers: [String] = []

    static let cryptoSwiftCiphers: Set<String> = ["AES", "ChaCha20", "Blowfish", "Rabbit", "HMAC", "CBC", "GCM", "CTR", "CFB", "OFB", "PCBC", "CCM"]

    /// Whether a literal bound to a crypto-key name looks like a key, not the account
    /// name or tag it is stored under (`"aesKey"`, `"com.bank.keys.encryption"`).
    static func isKeyLikeString(_ value: String, name: String) -> Bool {
        guard value.count >= 8, !SecretFormats.isPlaceholder(value) else { return false }
        let normalized = value.lowercased().filter { $0.isLetter || $0.isNumber }
        if normalized == name.lowercased().filter({ $0.isLetter || $0.isNumber }) { return false }
        let identifierLike =
            value.allSatisfy { $0.isLetter || $0 == "_" || $0 == "-" || $0 == "." } && !value.contains(where: \.isUppercase)
            && value.contains(where: { "_-.".contains($0) })
        if identifierLike || value.contains(" ") || value.contains("://") { return false }
        if value.filter({ $0 == "." }).count >= 2 && !value.contains(where: \.isNumber) { return false }
        return true
    }

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        // Declarations: `static let encryptionKey = "…"`.
        for declaration in file.index.variables {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, CryptoKeyNames.isCryptoKeyName(name),
                    let value = binding.initializer?.value
                else { continue }
                let bare = BindingValues.unwrap(value)
                if let string = bare.as(StringLiteralExprSyntax.self) {
                    guard let text = string.literalValue, Self.isKeyLikeString(text, name: name) else { continue }
                } else if bare.is(ArrayExprSyntax.self) || bare.is(FunctionCallExprSyntax.self) {
                    guard let constant = CryptoLiterals.constant(bare, in: file), !constant.isZero, constant.name == nil else { continue }
                } else {
                    continue
                }
                matches.append(Match(file.range(of: value), "\(name) is a hard-coded key or IV"))
            }
        }
        // Parameters: `func aes(keyData: Data, ivData: Data = "abcdefghijklmnop".data(using: .utf8)!)`.
        for function in file.index.functions {
            for parameter in function.signature.parameterClause.parameters {
                guard let value = parameter.defaultValue?.value else { continue }
                let name = (parameter.secondName ?? parameter.firstName).text
                guard CryptoKeyNames.isCryptoKeyName(name) || CryptoKeyNames.isCryptoKeyName(parameter.firstName.text),
                    let constant = CryptoLiterals.constant(value, in: file), !constant.isZero
                else { continue }
                if let text = constant.text, !Self.isKeyLikeString(text, name: name) { continue }
                matches.append(Match(file.range(of: value), "parameter \(name) of \(function.name.text) defaults to a hard-coded key or IV"))
            }
        }
        for call in file.index.calls {
            let name = call.calleeName
            let callee = call.calledExpression.trimmedDescription
            var findings: [String] = []
            func inspect(_ expression: ExprSyntax?, role: String, zeroIsWeakCipher: Bool = false) {
                guard let expression, let constant = CryptoLiterals.constant(expression, in: file) else { return }
                if constant.isZero && zeroIsWeakCipher { return }
                // A crypto-named constant is reported where it is declared.
                if let bound = constant.name, CryptoKeyNames.isCryptoKeyName(bound) { return }
                findings.append(role)
            }
            if name == "SymmetricKey" || callee.hasSuffix("SymmetricKey.init") {
                inspect(call.argument("data"), role: "key")
            } else if callee.hasSuffix("Nonce") {
                inspect(call.argument("data"), role: "nonce")
            } else if let layout = CryptoLiterals.commonCrypto[name] {
                let arguments = call.arguments.map(\.expression)
                guard arguments.count > max(layout.key, layout.iv) else { continue }
                inspect(arguments[layout.key], role: "key")
                inspect(arguments[layout.iv], role: "IV", zeroIsWeakCipher: true)
            } else if let position = CryptoKeySinks.hmacKeyPosition[name] {
                // `CCHmac(kCCHmacAlgSHA256, secret, secret.count, …)`
                let arguments = call.arguments.map(\.expression)
                guard arguments.count > position else { continue }
                inspect(arguments[position], role: "HMAC key")
            } else if name == "SecKeyCreateWithData", let data = call.arguments.first?.expression {
                // A private or symmetric key from a literal; a public key (a pin) is no secret.
                guard CryptoKeySinks.createsSecretKey(call, data: CryptoLiterals.constant(data, in: file), in: file) else { continue }
                inspect(data, role: "private key")
            } else if let label = CryptoKeySinks.privateKeyRepresentation(of: call, callee: callee) {
                // `P256.Signing.PrivateKey(rawRepresentation: …)`, `Curve25519.KeyAgreement.PrivateKey(pemRepresentation: …)`
                inspect(call.argument(label), role: "private key")
            } else if Self.cryptoSwiftCiphers.contains(callee) {
                inspect(call.argument("key"), role: "key")
                inspect(call.argument("iv"), role: "IV", zeroIsWeakCipher: true)
                inspect(call.argument("nonce"), role: "nonce")
                // `AES(key:, blockMode: CBC(iv: "…"))`: report the IV with the cipher.
                if let mode = call.argument("blockMode").map(BindingValues.unwrap)?.as(FunctionCallExprSyntax.self) {
                    inspect(mode.argument("iv"), role: "IV", zeroIsWeakCipher: true)
                }
                if ["CBC", "GCM", "CTR", "CFB", "OFB", "PCBC", "CCM"].contains(callee), isInsideCipherBlockMode(call) { findings = [] }
            } else if CryptoWrapperSinks.isWrapper(callee: callee, name: name) {
                // `RNEncryptor.encryptData(data, with: settings, password: "…")`, `text.aesEncrypt(key: "…", iv: "…")`.
                for argument in call.arguments {
                    guard let label = argument.label?.text, let role = CryptoWrapperSinks.role(ofLabel: label),
                        let constant = CryptoLiterals.constant(argument.expression, in: file), !constant.isZero
                    else { continue }
                    if let bound = constant.name, CryptoKeyNames.isCryptoKeyName(bound) { continue }
                    if let text = constant.text, !Self.isKeyLikeString(text, name: constant.name ?? label) { continue }
                    if !findings.contains(role) { findings.append(role) }
                }
            }
            guard !findings.isEmpty else { continue }
            matches.append(Match(file.range(of: call), "\(callee) uses a hard-coded " + findings.joined(separator: " and ")))
        }
        return matches + xorKeys(in: file)
    }

    /// Whether a block mode call is the `blockMode:` argument of a cipher (reported there).
    private func isInsideCipherBlockMode(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.parent?.as(LabeledExprSyntax.self), argument.label?.text == "blockMode",
            let cipher = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return Self.cryptoSwiftCiphers.contains(cipher.calledExpression.trimmedDescription)
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() {
            // `#define kEncryptionKey @"…"`, `static const char kAESIV[] = "…"`, `NSString *aesKey = @"…"`.
            if token.kind == .string, let name = declaredName(of: index, in: tokens), CryptoKeyNames.isCryptoKeyName(name),
                Self.isKeyLikeString(token.text, name: name)
            {
                matches.append(Match(file.range(of: token), "\(name) is a hard-coded key or IV"))
                continue
            }
            if token.kind == .identifier, let match = keyOnlySink(at: index, in: file) {
                matches.append(match)
                continue
            }
            guard token.kind == .identifier, let layout = CryptoLiterals.commonCrypto[token.text],
                let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count > max(layout.key, layout.iv)
            else { continue }
            var findings: [String] = []
            if isConstant(arguments[layout.key], at: index, in: file, zeroCounts: true) { findings.append("key") }
            if isConstant(arguments[layout.iv], at: index, in: file, zeroCounts: false) { findings.append("IV") }
            if !findings.isEmpty { matches.append(Match(file.range(of: token), "\(token.text) uses a hard-coded " + findings.joined(separator: " and "))) }
        }
        // `[RNEncryptor encryptData:data withSettings:… password:@"…" error:&error]`, `[data AES256EncryptWithKey:@"…"]`.
        for sink in CryptoWrapperSinks.objectiveCArguments(in: tokens) {
            let argument = tokens[sink.argument].filter { !["(", ")", "NSString", "*"].contains($0.text) }
            guard argument.count == 1, let only = argument.first else { continue }
            if only.kind == .string {
                guard Self.isKeyLikeString(only.text, name: sink.label) else { continue }
            } else if only.kind == .identifier, !CryptoKeyNames.isCryptoKeyName(only.text),
                let literal = ObjectiveCCalls.literal(of: only.text, in: tokens), !literal.isZero
            {
                guard Self.isKeyLikeString(literal.text, name: only.text) else { continue }
            } else {
                continue
            }
            matches.append(Match(file.range(of: only), "\(sink.selector) uses a hard-coded \(sink.role)"))
        }
        return matches
    }

    /// `CCHmac(…, key, …)` or `SecKeyCreateWithData(data, attributes, …)` at `index`
    /// with a hard-coded key (for SecKeyCreateWithData, of a method that creates a private
    /// or symmetric key).
    private func keyOnlySink(at index: Int, in file: ObjectiveCFile) -> Match? {
        let tokens = file.tokens
        let name = tokens[index].text
        let position: Int
        let role: String
        if let hmac = CryptoKeySinks.hmacKeyPosition[name] {
            (position, role) = (hmac, "HMAC key")
        } else if name == "SecKeyCreateWithData", let body = file.bodyRange(containing: index),
            tokens[body].contains(where: { CryptoKeySinks.secretKeyClasses.contains($0.text) })
        {
            (position, role) = (0, "private key")
        } else {
            return nil
        }
        guard let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count > position,
            isConstant(arguments[position], at: index, in: file, zeroCounts: true)
        else { return nil }
        return Match(file.range(of: tokens[index]), "\(name) uses a hard-coded \(role)")
    }

    /// The name a string token is declared as: `#define NAME …`, `NAME = …`, `NAME[] = …`.
    private func declaredName(of index: Int, in tokens: [ObjectiveCToken]) -> String? {
        guard index >= 2 else { return nil }
        if tokens[index].inDirective, index >= 3, tokens[index - 2].text == "define" { return tokens[index - 1].text }
        guard tokens[index - 1].text == "=" else { return nil }
        if tokens[index - 2].kind == .identifier { return tokens[index - 2].text }
        if tokens[index - 2].text == "]" {
            var position = index - 3
            while position > 0 && tokens[position].text != "[" { position -= 1 }
            if position > 0 { return tokens[position - 1].text }
        }
        return nil
    }

    /// Whether a key or IV argument is a literal, or a name initialised from one in this
    /// file (followed through `[name getCString:buffer …]`). Crypto-named constants are
    /// reported where they are declared.
    private func isConstant(_ range: Range<Int>, at call: Int, in file: ObjectiveCFile, zeroCounts: Bool) -> Bool {
        let tokens = file.tokens
        let argument = tokens[range]
        if argument.contains(where: { $0.kind == .string }) { return true }
        let ignored: Set<String> = [
            "const", "void", "char", "uint8_t", "UInt8", "unsigned", "UTF8String", "bytes", "cStringUsingEncoding", "NSUTF8StringEncoding",
            "NSASCIIStringEncoding", "__bridge", "CFDataRef", "CFTypeRef",
        ]
        let names = argument.filter { $0.kind == .identifier && !ignored.contains($0.text) }.map(\.text)
        guard names.count == 1, let name = names.first, !CryptoKeyNames.isCryptoKeyName(name) else { return false }
        if let literal = ObjectiveCCalls.literal(of: name, in: tokens) {
            // `char keyBytes[32] = {0};` filled by CCKeyDerivationPBKDF or SecRandomCopyBytes before the call.
            if literal.isZero, CryptoDataFlow.isWritten(name, before: call, in: file) { return false }
            return zeroCounts || !literal.isZero
        }
        // `NSData *keyData = [[NSData alloc] initWithBase64EncodedString:@"…" options:0];`
        if CryptoKeySinks.isDataFromLiteral(name, in: tokens) { return true }
        // `[key getCString:keyPtr …]` copies `key` into the buffer passed to CCCrypt.
        for index in tokens.indices where tokens[index].text == "getCString" && index + 2 < tokens.count && tokens[index + 2].text == name && index >= 1 {
            let source = tokens[index - 1].text
            if !CryptoKeyNames.isCryptoKeyName(source), let literal = ObjectiveCCalls.literal(of: source, in: tokens) { return zeroCounts || !literal.isZero }
        }
        return false
    }
}
