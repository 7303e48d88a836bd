import AuditKit

/// Names of encryption keys, IVs and nonces (`encryptionKey`, `aesKey`, `kAESKey`,
/// `iv`, `gcmNonce`, `initializationVector`). A literal bound to one of them is reported
/// by `crypto-hardcoded-key`, not by `secret-hardcoded`, so one literal yields one finding.
enum CryptoKeyNames {
    /// Words that make a `…Key` an encryption key (exact words).
    static let cryptoWords: Set<String> = [
        "encryption", "encrypt", "encrypting", "decryption", "decrypt", "cipher", "crypto", "crypt",
        "symmetric", "des", "chacha", "sqlcipher", "realm", "database", "db", "aes", "hmac", "gcm", "cbc",
    ]
    /// Acronyms that start a run-together word (`AESKey` splits as `aeskey`).
    static let acronyms = ["aes", "hmac", "gcm", "cbc", "des"]

    /// Whether `name` names a symmetric key, an IV or a nonce.
    static func isCryptoKeyName(_ name: String) -> Bool {
        var words = SecretNames.splitWords(name)
        if words.count > 1, words.first == "k" { words.removeFirst() }
        guard var last = words.last else { return false }
        for suffix in ["data", "bytes", "string", "str", "hex"] where words.count > 1 && last == suffix {
            words.removeLast()
            last = words[words.count - 1]
        }
        let joined = words.joined()
        if last == "iv" || last == "nonce" || joined.hasSuffix("initializationvector") || joined.hasSuffix("initvector") { return true }
        for acronym in acronyms where last.hasPrefix(acronym) && (last.hasSuffix("key") || last.hasSuffix("iv")) { return true }
        guard last.hasSuffix("key") else { return false }
        return words.indices.contains { position in
            let word = words[position]
            if acronyms.contains(where: { word.hasPrefix($0) && word.count > $0.count && word.hasSuffix("key") }) { return true }
            guard cryptoWords.contains(word) else { return false }
            // `databaseKey`, `realmKey`: the store's key; `YapDatabasePathKey`, `dbSnapshotKey`: a key for something else.
            return !storeWords.contains(word) || position == words.count - 2
        }
    }

    /// Crypto words that name a store, not a cipher: they make an encryption key only
    /// right before `key` (`databaseKey`, `realmKey`, `dbKey`).
    static let storeWords: Set<String> = ["database", "db", "realm"]
}
