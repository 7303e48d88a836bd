import SwiftSyntax
import AuditKit

/// Broken ciphers and modes: ECB, DES/3DES/RC4/RC2/Blowfish/CAST, CBC with no IV or a
/// zero IV, RSA with PKCS#1 v1.5 encryption padding.
struct CryptoWeakCipher: AuditRule {
    let metadata = RuleMetadata(
        id: "crypto-weak-cipher",
        title: "Weak cipher, ECB mode or missing IV",
        severity: .high,
        category: .crypto,
        masvs: "MASVS-CRYPTO-1",
        cwe: 327,
        rationale:
            "ECB encrypts equal blocks to equal ciphertext, so structure leaks (the ECB penguin) and blocks can be cut and pasted. DES and RC2 keys are brute-forced, 3DES and Blowfish have 64-bit blocks (Sweet32), RC4 is biased. CCCrypt without kCCOptionECBMode is CBC: a NULL or all-zero IV makes equal plaintext prefixes encrypt identically. None of these modes authenticates the data, and RSA PKCS#1 v1.5 encryption padding is open to padding-oracle attacks (Bleichenbacher). Constant non-zero IVs are reported by crypto-hardcoded-key.",
        fix:
            "Use CryptoKit's AES.GCM.seal (or ChaChaPoly) with a random SymmetricKey kept in the Keychain: it picks a random nonce and authenticates the ciphertext. If CommonCrypto is unavoidable, use AES-CBC with a fresh random IV from SecRandomCopyBytes stored next to the ciphertext, plus an HMAC over both. For RSA use .rsaEncryptionOAEPSHA256 (or ECIES: .eciesEncryptionStandardVariableIVX963SHA256AESGCM)."
    )

    let skipsTestCode = true

    let triggers = [
        "CCCrypt", "ECB", "Blowfish", "rsaEncryptionPKCS1", "RSAEncryptionPKCS1", "CBC", "kCCOption", "kCCMode", "crypt", "Crypt", "cipher", "Cipher", "aes",
        "AES",
    ]

    /// For Swift: a CommonCrypto call, `ECB()`, `Blowfish(key:)`, `CBC(iv:)` or a PKCS#1
    /// v1.5 padding name; or an encryption wrapper's name (RNCryptor, a name holding
    /// encrypt, decrypt, cipher or aes) next to what the check asks of its arguments: an
    /// IV or nonce label, or the ECB option written out. Files that only use AES-GCM,
    /// ChaChaPoly or name ciphers in prose are not parsed for this rule.
    var preCheck: PreCheck { Self.declaredPreCheck }

    private static let declaredPreCheck = PreCheck.any([
        .swiftIdentifier(Array(CryptoLiterals.commonCrypto.keys) + ["ECB", "Blowfish", "CBC", "rsaEncryptionPKCS1", "kSecKeyAlgorithmRSAEncryptionPKCS1"]),
        .all([
            .swiftIdentifierWhere("an encryption wrapper's name") { CryptoWrapperSinks.mayNameWrapper(String($0)) },
            .any([
                .swiftText(["kCCOptionECBMode", "kCCModeECB"]),
                .swiftIdentifierWhere("an IV or nonce label") { CryptoWrapperSinks.role(ofLabel: String($0)) == "IV" },
            ]),
        ]),
    ])

    private static let weakAlgorithms: [String: String] = [
        "kCCAlgorithmDES": "DES", "kCCAlgorithm3DES": "3DES", "kCCAlgorithmRC4": "RC4", "kCCAlgorithmRC2": "RC2",
        "kCCAlgorithmBlowfish": "Blowfish", "kCCAlgorithmCAST": "CAST",
    ]

    /// What is wrong with a CommonCrypto call, from its arguments' text.
    private func problems(function: String, algorithm: String, options: String?, mode: String?, ivIsMissing: Bool, ivIsZero: Bool) -> [String] {
        var problems: [String] = []
        for (constant, name) in Self.weakAlgorithms where algorithm.contains(constant) {
            problems.append("the weak cipher \(name)")
        }
        let ecb = options?.contains("kCCOptionECBMode") == true || mode?.contains("kCCModeECB") == true
        let cbc = mode.map { $0.contains("kCCModeCBC") } ?? !ecb
        if ecb { problems.append("ECB mode") }
        if cbc && !algorithm.contains("RC4") {
            if ivIsMissing { problems.append("CBC with a NULL IV") } else if ivIsZero { problems.append("CBC with an all-zero IV") }
        }
        return problems
    }

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for call in file.index.calls {
            let name = call.calleeName
            if let layout = CryptoLiterals.commonCrypto[name] {
                let arguments = call.arguments.map(\.expression)
                guard arguments.count > max(layout.algorithm, layout.iv) else { continue }
                let options = layout.options.map { resolvedText(arguments[$0], in: file) }
                let mode = layout.mode.map { resolvedText(arguments[$0], in: file) }
                let iv = BindingValues.unwrap(arguments[layout.iv])
                let ivIsMissing = iv.is(NilLiteralExprSyntax.self) || iv.trimmedDescription == "NULL"
                let ivIsZero = CryptoLiterals.constant(iv, in: file)?.isZero == true
                let found = problems(
                    function: name, algorithm: resolvedText(arguments[layout.algorithm], in: file), options: options, mode: mode,
                    ivIsMissing: ivIsMissing, ivIsZero: ivIsZero)
                if !found.isEmpty { matches.append(Match(file.range(of: call), "\(name) uses " + found.joined(separator: " and "))) }
            } else if name == "ECB", call.arguments.isEmpty, call.calledExpression.is(DeclReferenceExprSyntax.self) {
                matches.append(Match(file.range(of: call), "the ECB block mode leaks repeated plaintext blocks"))
            } else if name == "Blowfish", call.calledExpression.is(DeclReferenceExprSyntax.self), call.argument("key") != nil {
                matches.append(Match(file.range(of: call), "Blowfish has a 64-bit block and is not a modern cipher"))
            } else if name == "CBC", call.calledExpression.is(DeclReferenceExprSyntax.self), let iv = call.argument("iv"),
                CryptoLiterals.constant(iv, in: file)?.isZero == true
            {
                // CryptoSwift's `CBC(iv: [UInt8](repeating: 0, count: 16))`, also through a default parameter.
                matches.append(Match(file.range(of: call), "CBC with an all-zero IV encrypts equal plaintext prefixes identically"))
            } else if CryptoWrapperSinks.isWrapper(callee: call.calledExpression.trimmedDescription, name: name),
                let problem = wrapperProblem(call, in: file)
            {
                // `data.aesEncrypt(key: key, iv: Data(count: 16))`, `text.crypt(options: kCCOptionECBMode)`.
                matches.append(Match(file.range(of: call), "\(call.calledExpression.trimmedDescription) uses \(problem)"))
            }
        }
        for member in file.index.memberAccesses where member.declName.baseName.text == "rsaEncryptionPKCS1" {
            matches.append(Match(file.range(of: member), "RSA encryption with PKCS#1 v1.5 padding is open to padding-oracle attacks"))
        }
        for reference in file.index.references where reference.baseName.text == "kSecKeyAlgorithmRSAEncryptionPKCS1" {
            matches.append(Match(file.range(of: reference), "RSA encryption with PKCS#1 v1.5 padding is open to padding-oracle attacks"))
        }
        return matches
    }

    /// The argument's text, or for a name, its initializer's text, or the default value of
    /// the parameter it names (`options: CCOptions = CCOptions(kCCOptionECBMode)`).
    private func resolvedText(_ expression: ExprSyntax, in file: SwiftFile) -> String {
        let bare = BindingValues.unwrap(expression)
        if let reference = bare.as(DeclReferenceExprSyntax.self) {
            if let value = BindingValues.initializer(of: bare, from: bare, in: file) { return value.trimmedDescription }
            if let (parameter, _) = CryptoDataFlow.parameter(named: reference.baseName.text, enclosing: bare), let value = parameter.defaultValue?.value {
                return value.trimmedDescription
            }
        }
        return bare.trimmedDescription
    }

    /// What is wrong with the arguments of an encryption helper (an extension method or a
    /// project wrapper): an all-zero IV, or ECB mode asked for by an option.
    private func wrapperProblem(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> String? {
        for argument in call.arguments {
            if let label = argument.label?.text, CryptoWrapperSinks.role(ofLabel: label) == "IV",
                CryptoLiterals.constant(argument.expression, in: file)?.isZero == true
            {
                return "an all-zero IV"
            }
            let text = resolvedText(argument.expression, in: file)
            if text.contains("kCCOptionECBMode") || text.contains("kCCModeECB") { return "ECB mode" }
        }
        return nil
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if let layout = CryptoLiterals.commonCrypto[token.text] {
                guard let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count > max(layout.algorithm, layout.iv) else {
                    continue
                }
                func text(_ position: Int) -> String {
                    let range = arguments[position]
                    var words = tokens[range].map(\.text)
                    // A name defined in this method or file: `CCOptions options = kCCOptionECBMode;`
                    if words.count == 1, let defined = definition(of: words[0], in: tokens) { words = defined }
                    return words.joined(separator: " ")
                }
                let ivTokens = tokens[arguments[layout.iv]].map(\.text).filter { !["(", ")", "const", "void", "*"].contains($0) }
                let ivIsMissing = ivTokens == ["NULL"] || ivTokens == ["nil"] || ivTokens == ["0"]
                let ivIsZero =
                    ivTokens.count == 1 && ObjectiveCCalls.literal(of: ivTokens[0], in: tokens)?.isZero == true
                    && !CryptoDataFlow.isWritten(ivTokens[0], before: index, in: file)
                let found = problems(
                    function: token.text, algorithm: text(layout.algorithm), options: layout.options.map(text), mode: layout.mode.map(text),
                    ivIsMissing: ivIsMissing, ivIsZero: ivIsZero)
                if !found.isEmpty { matches.append(Match(file.range(of: token), "\(token.text) uses " + found.joined(separator: " and "))) }
            } else if token.text == "kSecKeyAlgorithmRSAEncryptionPKCS1" {
                matches.append(Match(file.range(of: token), "RSA encryption with PKCS#1 v1.5 padding is open to padding-oracle attacks"))
            }
        }
        // `[data AES128EncryptWithKey:key iv:kZeroIV]`, `[data cryptWithKey:key options:kCCOptionECBMode]`: a helper of the project.
        for sink in CryptoWrapperSinks.objectiveCMessages(in: tokens) {
            for argument in sink.arguments {
                let words = tokens[argument.range].filter { $0.kind == .identifier }
                if words.contains(where: { $0.text == "kCCOptionECBMode" || $0.text == "kCCModeECB" }), let first = words.first {
                    matches.append(Match(file.range(of: first), "\(sink.selector) asks for ECB mode"))
                } else if CryptoWrapperSinks.role(ofLabel: argument.label) == "IV", words.count == 1, let only = words.first,
                    ObjectiveCCalls.literal(of: only.text, in: tokens)?.isZero == true,
                    !CryptoDataFlow.isWritten(only.text, before: argument.range.lowerBound, in: file)
                {
                    matches.append(Match(file.range(of: only), "\(sink.selector) is given an all-zero IV"))
                }
            }
        }
        return matches
    }

    /// `NAME = …;` or `#define NAME …`: the tokens of the value.
    private func definition(of name: String, in tokens: [ObjectiveCToken]) -> [String]? {
        for index in tokens.indices where tokens[index].text == name && tokens[index].kind == .identifier && index + 1 < tokens.count {
            if tokens[index + 1].text == "=" {
                let end = tokens[(index + 2)...].firstIndex { $0.text == ";" } ?? tokens.count
                return tokens[(index + 2)..<end].map(\.text)
            }
            if index >= 2, tokens[index - 1].text == "define" {
                return tokens[(index + 1)...].prefix { $0.inDirective && $0.line == tokens[index].line }.map(\.text)
            }
        }
        return nil
    }
}
