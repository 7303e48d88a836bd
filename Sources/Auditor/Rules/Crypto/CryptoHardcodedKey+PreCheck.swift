extension CryptoHardcodedKey {
    /// For Swift: whether the file calls a key-taking crypto API or names a key, IV or
    /// nonce (judged on the lexical scan, without parsing). ``check(_:project:)`` reports
    /// only literals passed to those APIs or bound to those names.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let identifiers = swift.lexical.identifiers
        if identifiers.contains(where: { Self.keyTakingAPIs.contains(String($0)) }) { return true }
        // RNCryptor and encrypt/decrypt helpers taking a password, key or IV argument.
        if identifiers.contains(where: { CryptoWrapperSinks.libraries.contains(String($0)) || CryptoWrapperSinks.namesCipher(String($0)) }) { return true }
        return identifiers.contains { identifier in
            let lowered = identifier.lowercased()
            guard ["key", "iv", "nonce", "vector", "data", "bytes", "string", "str", "hex"].contains(where: { lowered.hasSuffix($0) }) else { return false }
            return CryptoKeyNames.isCryptoKeyName(String(identifier))
        }
    }

    /// Callees whose key, IV or nonce arguments ``check(_:project:)`` inspects.
    private static let keyTakingAPIs: Set<String> = Set(CryptoLiterals.commonCrypto.keys)
        .union(cryptoSwiftCiphers).union(["SymmetricKey", "Nonce"])
}
