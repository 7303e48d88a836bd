extension CryptoFastPasswordHash {
    /// For Swift: whether the file derives keys with PBKDF2 or names a password or PIN
    /// (judged on the lexical scan, without parsing); ``check(_:project:)`` reports only
    /// those.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        if ByteSearch.contains(swift.text, "PBKDF") { return true }
        // A helper hashing its parameter (`func ccSha256(data: Data) -> Data`), judged at its callers.
        if ByteSearch.contains(swift.text, "func"), ByteSearch.containsAny(swift.text, ["CC_SHA", "CC_MD5", ".hash(data", "sha256()", "sha512()", "sha384()", "sha224()"]) { return true }
        return swift.lexical.identifiers.contains { SecretValueNames.isPasswordLike(String($0)) }
    }
}
