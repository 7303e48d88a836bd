extension CryptoHardcodedKey {
    /// For Swift: whether the file calls a key-taking crypto API or an encryption wrapper,
    /// or binds key material to a key, IV or nonce name or parameter
    /// (judged on the tokens, without parsing). ``check(_:project:)`` reports only
    /// literals passed to those APIs or bound to those names.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let identifiers = swift.lexical.identifiers
        if Self.keyTakingAPIs.contains(where: { identifiers.contains(Substring($0)) }) { return true }
        // A key-named binding or a wrapper call reports only where key material is written:
        // a string, a byte array or a zero buffer (a constant elsewhere is found through
        // the call that uses it).
        guard Self.writesKeyMaterial(swift) else { return false }
        // RNCryptor and encrypt/decrypt helpers taking a password, key or IV argument.
        // Every wrapper name holds one of these words (checked on the bytes first).
        if ["crypt", "cipher", "aes"].contains(where: { ByteSearch.containsIgnoringCase(swift.codeText, $0) }), Self.callsWrapper(swift) { return true }
        let keyNamed = identifiers.contains { identifier in
            ["key", "iv", "nonce", "vector", "data", "bytes", "string", "str", "hex"].contains(where: { ByteSearch.hasSuffixIgnoringCase(identifier.utf8, $0) })
                && CryptoKeyNames.isCryptoKeyName(String(identifier))
        }
        guard keyNamed else { return false }
        // `static let aesKey = "…"`, `ivData: Data = Data([0x13, …])`.
        let tokens = swift.tokens.tokens
        return swift.containsLexicalBinding(named: CryptoKeyNames.isCryptoKeyName) { binding in
            guard var index = binding.value else { return false }
            var depth = 0
            while index < tokens.count {
                let token = tokens[index]
                switch token.kind {
                case .literal: return true
                case .newline where depth == 0: return false
                case .identifier where token.end - token.start == 9:
                    if Self.isRepeating(token, in: swift.text) { return true }
                case .punctuation:
                    switch token.byte {
                    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                        if token.byte == UInt8(ascii: "["), Self.opensNumberArray(at: token.end, in: swift.text) { return true }
                        depth += 1
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                        if depth == 0 { return false }
                        depth -= 1
                    default: break
                    }
                default: break
                }
                index += 1
            }
            return false
        }
    }

    /// Whether an encryption wrapper is called or constructed: `RNCryptor.encrypt(`,
    /// `text.aesEncrypt(`, `RNEncryptor(` (its key may be a constant declared elsewhere).
    private static func callsWrapper(_ file: SwiftFile) -> Bool {
        let tokens = file.tokens.tokens
        let utf8 = file.text.utf8
        for (index, token) in tokens.enumerated() where token.kind == .identifier && index + 1 < tokens.count {
            let next = tokens[index + 1]
            guard next.kind == .punctuation, next.byte == UInt8(ascii: "("), next.start == token.end else { continue }
            let name = String(decoding: utf8.dropFirst(token.start).prefix(token.end - token.start), as: UTF8.self)
            if CryptoWrapperSinks.libraries.contains(name) || CryptoWrapperSinks.namesCipher(name) { return true }
        }
        return false
    }

    private static func isRepeating(_ token: SwiftTokens.Token, in text: String) -> Bool {
        text.utf8.dropFirst(token.start).prefix(9).elementsEqual("repeating".utf8)
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
        .union(cryptoSwiftCiphers).union(["SymmetricKey", "Nonce"])
}
