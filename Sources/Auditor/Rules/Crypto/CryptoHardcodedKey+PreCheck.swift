extension CryptoHardcodedKey {
    /// For Swift: whether the file calls a key-taking crypto API or names a key, IV or
    /// nonce (judged on the lexical scan, without parsing). ``check(_:project:)`` reports
    /// only literals passed to those APIs or bound to those names.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let identifiers = swift.lexical.identifiers
        if identifiers.contains(where: { Self.keyTakingAPIs.contains(String($0)) }) { return true }
        // A key-named binding or a wrapper call reports only where key material is written:
        // a string, a byte array or a zero buffer (a constant elsewhere is found through
        // the call that uses it).
        guard Self.writesKeyMaterial(swift) else { return false }
        // RNCryptor and encrypt/decrypt helpers taking a password, key or IV argument.
        if identifiers.contains(where: { CryptoWrapperSinks.libraries.contains(String($0)) || CryptoWrapperSinks.namesCipher(String($0)) }) { return true }
        return identifiers.contains { identifier in
            let lowered = identifier.lowercased()
            guard ["key", "iv", "nonce", "vector", "data", "bytes", "string", "str", "hex"].contains(where: { lowered.hasSuffix($0) }) else { return false }
            return CryptoKeyNames.isCryptoKeyName(String(identifier))
        }
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
