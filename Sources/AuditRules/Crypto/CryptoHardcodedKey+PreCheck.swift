import AuditKit

extension CryptoHardcodedKey {
    var preCheck: PreCheck { Self.declaredPreCheck }

    /// For Swift: the file calls a key-taking crypto API, or writes key material (a
    /// string, a byte array or a zero buffer; a constant elsewhere is found through the
    /// call that uses it) and either calls an encryption wrapper (RNCryptor, encrypt and
    /// decrypt helpers taking a password, key or IV argument: every wrapper name holds
    /// `crypt`, `cipher` or `aes`) or binds it to a key, IV or nonce name or parameter.
    /// The check reports only literals passed to those APIs or bound to those names. Or the
    /// file XORs with a subscript taken modulo (`^`, `%`) and writes a string literal.
    static let declaredPreCheck = PreCheck.any([
        .swiftIdentifier(Array(CryptoHardcodedKey.keyTakingAPIs)),
        // A home-made XOR cipher: `byte ^ key[i % key.count]` with a key from a string literal.
        .all([.swiftCode(["^"]), .swiftCode(["%"]), .swiftLiteralWhere("a string literal") { !$0.isEmpty }]),
        .all([
            .swiftCustom("key material written: a string, a byte array or a zero buffer", CryptoHardcodedKey.writesKeyMaterial),
            .any([
                .all([
                    .swiftCodeIgnoringCase(["crypt", "cipher", "aes"]),
                    // The check reads only a wrapper's password, key and IV arguments.
                    .swiftIdentifierWhere("a password, key or IV label") { CryptoWrapperSinks.role(ofLabel: String($0)) != nil },
                    .swiftCustom("an encryption wrapper called", CryptoHardcodedKey.callsWrapper),
                ]),
                .all([
                    .swiftIdentifierWhere("a key, IV or nonce name") { identifier in
                        ["key", "iv", "nonce", "vector", "data", "bytes", "string", "str", "hex"].contains(where: {
                            ByteSearch.hasSuffixIgnoringCase(identifier.utf8, $0)
                        })
                            && CryptoKeyNames.isCryptoKeyName(String(identifier))
                    },
                    // `static let aesKey = "…"`, `ivData: Data = Data([0x13, …])`.
                    .swiftCustom("a key-named binding holding key material", CryptoHardcodedKey.bindsKeyConstant),
                ]),
            ]),
        ]),
    ])

    private static func bindsKeyConstant(_ swift: SwiftFile) -> Bool {
        swift.containsLexicalBinding(named: CryptoKeyNames.isCryptoKeyName) { binding in
            binding.value.map { mayBeKeyConstant(from: $0, in: swift) } ?? false
        }
    }

    /// Whether the value starting at token `start` can be what ``check(_:project:)``
    /// resolves as key material (``CryptoLiterals/constant(_:in:depth:name:)``): a string
    /// literal (`"…"`, `"…".data(using: .utf8)!`), an integer array (`[0x13, …]`), a
    /// byte container built from one (`Data(…)`, `[UInt8](…)`, `SymmetricKey(data: …)`,
    /// possibly from a constant declared elsewhere), or a `.data(using:)`/`.cString` of a
    /// constant. `try`, `await` and parentheses in front are skipped, as the check unwraps
    /// them.
    private static func mayBeKeyConstant(from start: Int, in file: SwiftFile) -> Bool {
        let tokens = file.tokens.tokens
        let utf8 = file.text.utf8
        func word(_ token: SwiftTokens.Token) -> Substring.UTF8View { token.text(in: file.text).utf8 }
        func isPunctuation(_ index: Int, _ character: Character) -> Bool {
            index < tokens.count && tokens[index].kind == .punctuation && tokens[index].byte == character.asciiValue
        }
        var index = start
        while index < tokens.count,
            isPunctuation(index, "(")
                || (tokens[index].kind == .identifier && ["try", "await"].contains(where: { word(tokens[index]).elementsEqual($0.utf8) }))
        {
            index += 1
        }
        guard index < tokens.count else { return false }
        let first = tokens[index]
        switch first.kind {
        case .literal:
            return true
        case .punctuation where first.byte == UInt8(ascii: "["):
            // `[0x13, …]`, or a container type called: `[UInt8](…)`.
            if opensNumberArray(at: first.end, in: file.text) { return true }
            return index + 3 < tokens.count && tokens[index + 1].kind == .identifier && isPunctuation(index + 2, "]") && isPunctuation(index + 3, "(")
        case .identifier:
            if CryptoLiterals.byteContainerNames.contains(String(decoding: word(first), as: UTF8.self)) { return true }
            // `secret.data(using: .utf8)`, `passphrase.cString(using: .utf8)`: to the end of the line.
            var next = index + 1
            while next < tokens.count, tokens[next].kind != .newline {
                let token = tokens[next]
                if token.kind == .identifier, token.start > 0, utf8[utf8.index(utf8.startIndex, offsetBy: token.start - 1)] == UInt8(ascii: "."),
                    word(token).elementsEqual("data".utf8) || word(token).elementsEqual("cString".utf8), isPunctuation(next + 1, "(")
                {
                    return true
                }
                next += 1
            }
            return false
        default:
            return false
        }
    }

    /// Whether an encryption wrapper is called or constructed: `RNCryptor.encrypt(`,
    /// `text.aesEncrypt(`, `RNEncryptor(` (its key may be a constant declared elsewhere).
    private static func callsWrapper(_ file: SwiftFile) -> Bool {
        let tokens = file.tokens.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier && index + 1 < tokens.count {
            let next = tokens[index + 1]
            guard next.kind == .punctuation, next.byte == UInt8(ascii: "("), next.start == token.end else { continue }
            let name = String(token.text(in: file.text))
            if CryptoWrapperSinks.mayNameWrapper(name) { return true }
        }
        return false
    }

    /// Whether the first non-blank byte from `offset` is a digit: `[0x1f, …]`.
    private static func opensNumberArray(at offset: Int, in text: String) -> Bool {
        guard let first = text.utf8.dropFirst(offset).first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }) else { return false }
        return first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
    }

    /// Whether `file` writes a string literal, an integer array literal (`[0x1f, …]`) or a
    /// zero buffer (`repeating: 0`) in code.
    private static func writesKeyMaterial(_ file: SwiftFile) -> Bool {
        if !file.lexical.literals.isEmpty { return true }
        let code = Array(file.codeText.utf8)
        var index = 0
        while index < code.count {
            defer { index += 1 }
            guard code[index] == UInt8(ascii: "[") else { continue }
            var next = index + 1
            while next < code.count, code[next] == 0x20 || code[next] == 0x0A || code[next] == 0x09 || code[next] == 0x0D { next += 1 }
            if next < code.count, code[next] >= UInt8(ascii: "0"), code[next] <= UInt8(ascii: "9") { return true }
        }
        return ByteSearch.contains(file.codeText, "repeating")
    }

    /// Callees whose key, IV or nonce arguments ``check(_:project:)`` inspects.
    private static let keyTakingAPIs: Set<String> = Set(CryptoLiterals.commonCrypto.keys)
        .union(cryptoSwiftCiphers).union(["SymmetricKey", "Nonce", "SecKeyCreateWithData", "PrivateKey"]).union(CryptoKeySinks.hmacKeyPosition.keys)
}
