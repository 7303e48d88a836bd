import SwiftSyntax
import AuditKit

/// Encryption keys, IVs and nonces written in the source: whoever has the app binary can
/// decrypt everything it encrypts.
struct CryptoHardcodedKey: AuditRule {
    let metadata = RuleMetadata(
        id: "crypto-hardcoded-key",
        title: "Hard-coded encryption key, IV or nonce",
        severity: .high,
        category: .crypto,
        masvs: "MASVS-CRYPTO-2",
        rationale: "A key in the source is the same in every installation and is recovered from the binary with `strings` or a disassembler, so data it encrypts — local databases, files, values sent to the server — is readable by anyone with the IPA. A constant IV or nonce makes equal plaintexts encrypt identically, and with AES-GCM or ChaChaPoly a repeated nonce under the same key reveals the XOR of plaintexts and lets an attacker forge tags. All-zero CBC IVs are reported by crypto-weak-cipher.",
        fix: "Generate keys at run time (SymmetricKey(size: .bits256), or a Secure Enclave / device key from DeviceTrust) and keep them in the Keychain with Keychain.save and a ThisDeviceOnly accessibility class; derive password-based keys with a slow KDF and a random salt. Let AES.GCM.seal pick its nonce, and for CBC use a fresh random IV per message stored with the ciphertext."
    )

    // Declarations of key-named constants can be anywhere: always run (cheap: index arrays only).
    let skipsTestCode = true

    let triggers: [String] = []

    let examples: [RuleExample] = [
        .swift("""
        enum CryptoConstants {
            static let encryptionKey = ↓"8f2a9c4e7b1d6f3a0c5e8b2d7f4a1c6e"
            static let aesIV: [UInt8] = ↓[0x1f, 0x8a, 0x33, 0x7c, 0x02, 0x9d, 0x4e, 0xb1, 0x56, 0xc8, 0x0f, 0xe4, 0x71, 0x2a, 0x95, 0x3b]
            static let encryptionKeyTag = "com.bank.keys.encryption"
            static let aesKeyAccount = "aesKey"
        }
        """),
        .swift("""
        func seal(_ data: Data) throws -> Data {
            let key = ↓SymmetricKey(data: "0123456789abcdef0123456789abcdef".data(using: .utf8)!)
            let nonce = try ↓AES.GCM.Nonce(data: Data([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))
            return try AES.GCM.seal(data, using: key, nonce: nonce).combined!
        }
        """),
        .swift("""
        func encrypt(_ data: Data) -> Data? {
            let keyString = "s3cr3tK3y!s3cr3tK3y!s3cr3tK3y!32"
            let key = Array(keyString.utf8)
            return ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                           key, kCCKeySizeAES256, ivBytes, input, input.count, output, output.count, &moved) == 0 ? output : nil
        }
        """),
        .swift("""
        let aes = try ↓AES(key: "passwordpassword", iv: "drowssapdrowssap")
        let cipher = try ↓AES(key: keyBytes, blockMode: CBC(iv: Array("0102030405060708".utf8)), padding: .pkcs7)
        let encrypted = ↓RNCryptor.encrypt(data: plaintext, withPassword: "Secret123!")
        """),
        .swift("""
        func makeKey() throws -> SymmetricKey {
            let key = SymmetricKey(size: .bits256)
            try Keychain.save(key.withUnsafeBytes { Data($0) }, account: "db-key", accessibility: .whenUnlockedThisDeviceOnly)
            let stored = SymmetricKey(data: try Keychain.read(account: "db-key"))
            let derived = HKDF<SHA256>.deriveKey(inputKeyMaterial: sharedSecret, salt: salt, outputByteCount: 32)
            let nonce = AES.GCM.Nonce()
            let fromServer = try AES(key: serverKey.bytes, blockMode: GCM(iv: randomIV, mode: .combined))
            return stored
        }
        """),
        .objectiveC("""
        #define kEncryptionKey @↓"7A3F9C1E5B8D2F4A6C0E9B7D1F3A5C8E"
        static const char kAESIV[] = ↓"0123456789012345";

        - (NSData *)encrypt:(NSData *)data {
            NSString *key = @"k9Xm2Pq7Rt4Vw8Yz";
            char keyPtr[kCCKeySizeAES128 + 1];
            [key getCString:keyPtr maxLength:sizeof(keyPtr) encoding:NSUTF8StringEncoding];
            ↓CCCrypt(kCCEncrypt, kCCAlgorithmAES128, kCCOptionPKCS7Padding, keyPtr, kCCKeySizeAES128, kAESIV,
                    data.bytes, data.length, buffer, bufferSize, &moved);
            return nil;
        }
        """),
        .objectiveC("""
        - (NSData *)encrypt:(NSData *)data withKey:(NSData *)key {
            uint8_t iv[kCCBlockSizeAES128];
            SecRandomCopyBytes(kSecRandomDefault, sizeof(iv), iv);
            CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, key.length, iv,
                    data.bytes, data.length, buffer, bufferSize, &moved);
            return nil;
        }
        """),
        .swift("""
        func backup(_ data: Data) throws -> Data {
            let encrypted = try ↓RNEncryptor.encryptData(data, with: kRNCryptorAES256Settings, password: "Secret-Key")
            let restored = try ↓RNDecryptor.decryptData(encrypted, withPassword: "b4nk-Backup-2019")
            let backupPassword = "correct-Horse-9"
            let encryptor = ↓RNCryptor.Encryptor(password: backupPassword)
            let token = try ↓plaintext.aesEncrypt(key: "k3yMaterial-2024", iv: "init-vector-0001")
            return restored
        }
        """),
        .swift("""
        extension Data {
            func aes(operation: Int = kCCEncrypt, keyData: Data, ivData: Data = ↓"abcdefghijklmnop".data(using: .utf8)!) -> Data {
                return self
            }
            func seal(using secret: Data = Data([0x13, 0x37, 0x42, 0x99, 0x01, 0x7f, 0x3c, 0x88, 0x21, 0x55, 0x0a, 0xee, 0x64, 0x19, 0xd2, 0x4b])) -> Data {
                var moved = 0
                var output = [UInt8](repeating: 0, count: count + kCCBlockSizeAES128)
                _ = secret.withUnsafeBytes { keyBytes in
                    ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                            keyBytes.baseAddress, kCCKeySizeAES128, randomIV, bytes, count, &output, output.count, &moved)
                }
                return Data(output.prefix(moved))
            }
        }
        """),
        .swift("""
        func encryptWithFreshKey(_ input: [UInt8]) -> [UInt8] {
            var key = [UInt8](repeating: 0, count: kCCKeySizeAES256)
            _ = SecRandomCopyBytes(kSecRandomDefault, key.count, &key)
            var iv = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
            _ = iv.withUnsafeMutableBytes { CCRandomGenerateBytes($0.baseAddress, kCCBlockSizeAES128) }
            var output = [UInt8](repeating: 0, count: input.count + kCCBlockSizeAES128)
            var moved = 0
            CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                    key, key.count, iv, input, input.count, &output, output.count, &moved)
            let backup = try RNEncryptor.encryptData(Data(input), with: kRNCryptorAES256Settings, password: try Keychain.read(account: "backup-password"))
            let cached = store.encryptedValue(forKey: "session-cache-entry")
            let sealed = plaintext.aesEncrypt(key: keychainKey, iv: randomIV)
            return output
        }
        """),
        .objectiveC("""
        - (void)saveSecret:(NSData *)data {
            NSError *error;
            NSData *encrypted = [RNEncryptor encryptData:data
                                            withSettings:kRNCryptorAES256Settings
                                                password:@↓"Secret-Key"
                                                   error:&error];
            NSData *restored = [RNDecryptor decryptData:encrypted withPassword:@↓"Secret-Key" error:&error];
            NSString *backupPassword = @"Backup-Pa55-2019";
            NSData *again = [RNEncryptor encryptData:data withSettings:kRNCryptorAES256Settings password:↓backupPassword error:&error];
            NSData *sealed = [data AES256EncryptWithKey:@↓"0123456789abcdef"];
        }
        """),
        .objectiveC("""
        static NSData *decryptWithPassword(NSString *password, NSData *salt, NSData *iv, NSData *data) {
            char keyBytes[kCCKeySizeAES256] = {0};
            CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length,
                                 kCCPRFHmacAlgSHA256, 600000, (uint8_t *)keyBytes, sizeof(keyBytes));
            CCCrypt(kCCDecrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, keyBytes, sizeof(keyBytes), iv.bytes,
                    data.bytes, data.length, buffer, bufferSize, &moved);
            NSError *error;
            NSData *backup = [RNEncryptor encryptData:data withSettings:kRNCryptorAES256Settings password:self.passwordField.text error:&error];
            return nil;
        }
        """),
        .objectiveC("""
        - (NSData *)encrypt:(NSData *)data {
            char keyBytes[kCCKeySizeAES256] = {0};
            ↓CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, keyBytes, sizeof(keyBytes), randomIV,
                    data.bytes, data.length, buffer, bufferSize, &moved);
            return nil;
        }
        """),
    ]

    static let cryptoSwiftCiphers: Set<String> = ["AES", "ChaCha20", "Blowfish", "Rabbit", "HMAC", "CBC", "GCM", "CTR", "CFB", "OFB", "PCBC", "CCM"]

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        return switch file {
        case .swift(let swift): checkSwift(swift)
        case .objectiveC(let objc): checkObjectiveC(objc)
        default: []
        }
    }

    /// Whether a literal bound to a crypto-key name looks like a key, not the account
    /// name or tag it is stored under (`"aesKey"`, `"com.bank.keys.encryption"`).
    static func isKeyLikeString(_ value: String, name: String) -> Bool {
        guard value.count >= 8, !SecretFormats.isPlaceholder(value) else { return false }
        let normalized = value.lowercased().filter { $0.isLetter || $0.isNumber }
        if normalized == name.lowercased().filter({ $0.isLetter || $0.isNumber }) { return false }
        let identifierLike = value.allSatisfy { $0.isLetter || $0 == "_" || $0 == "-" || $0 == "." } && !value.contains(where: \.isUppercase) && value.contains(where: { "_-.".contains($0) })
        if identifierLike || value.contains(" ") || value.contains("://") { return false }
        if value.filter({ $0 == "." }).count >= 2 && !value.contains(where: \.isNumber) { return false }
        return true
    }

    private func checkSwift(_ file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        // Declarations: `static let encryptionKey = "…"`.
        for declaration in file.index.variables {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, CryptoKeyNames.isCryptoKeyName(name),
                      let value = binding.initializer?.value else { continue }
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
                      let constant = CryptoLiterals.constant(value, in: file), !constant.isZero else { continue }
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
                          let constant = CryptoLiterals.constant(argument.expression, in: file), !constant.isZero else { continue }
                    if let bound = constant.name, CryptoKeyNames.isCryptoKeyName(bound) { continue }
                    if let text = constant.text, !Self.isKeyLikeString(text, name: constant.name ?? label) { continue }
                    if !findings.contains(role) { findings.append(role) }
                }
            }
            guard !findings.isEmpty else { continue }
            matches.append(Match(file.range(of: call), "\(callee) uses a hard-coded " + findings.joined(separator: " and ")))
        }
        return matches
    }

    /// Whether a block mode call is the `blockMode:` argument of a cipher (reported there).
    private func isInsideCipherBlockMode(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.parent?.as(LabeledExprSyntax.self), argument.label?.text == "blockMode",
              let cipher = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return Self.cryptoSwiftCiphers.contains(cipher.calledExpression.trimmedDescription)
    }

    private func checkObjectiveC(_ file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() {
            // `#define kEncryptionKey @"…"`, `static const char kAESIV[] = "…"`, `NSString *aesKey = @"…"`.
            if token.kind == .string, let name = declaredName(of: index, in: tokens), CryptoKeyNames.isCryptoKeyName(name),
               Self.isKeyLikeString(token.text, name: name) {
                matches.append(Match(file.range(of: token), "\(name) is a hard-coded key or IV"))
                continue
            }
            guard token.kind == .identifier, let layout = CryptoLiterals.commonCrypto[token.text],
                  let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count > max(layout.key, layout.iv) else { continue }
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
                      let literal = ObjectiveCCalls.literal(of: only.text, in: tokens), !literal.isZero {
                guard Self.isKeyLikeString(literal.text, name: only.text) else { continue }
            } else {
                continue
            }
            matches.append(Match(file.range(of: only), "\(sink.selector) uses a hard-coded \(sink.role)"))
        }
        return matches
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
        let ignored: Set<String> = ["const", "void", "char", "uint8_t", "UInt8", "unsigned", "UTF8String", "bytes", "cStringUsingEncoding", "NSUTF8StringEncoding", "NSASCIIStringEncoding"]
        let names = argument.filter { $0.kind == .identifier && !ignored.contains($0.text) }.map(\.text)
        guard names.count == 1, let name = names.first, !CryptoKeyNames.isCryptoKeyName(name) else { return false }
        if let literal = ObjectiveCCalls.literal(of: name, in: tokens) {
            // `char keyBytes[32] = {0};` filled by CCKeyDerivationPBKDF or SecRandomCopyBytes before the call.
            if literal.isZero, CryptoDataFlow.isWritten(name, before: call, in: file) { return false }
            return zeroCounts || !literal.isZero
        }
        // `[key getCString:keyPtr …]` copies `key` into the buffer passed to CCCrypt.
        for index in tokens.indices where tokens[index].text == "getCString" && index + 2 < tokens.count && tokens[index + 2].text == name && index >= 1 {
            let source = tokens[index - 1].text
            if !CryptoKeyNames.isCryptoKeyName(source), let literal = ObjectiveCCalls.literal(of: source, in: tokens) { return zeroCounts || !literal.isZero }
        }
        return false
    }
}
