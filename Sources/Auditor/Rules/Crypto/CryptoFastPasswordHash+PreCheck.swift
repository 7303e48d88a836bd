extension CryptoFastPasswordHash {
    /// For Swift: whether the file derives keys with PBKDF2 or names a password or PIN
    /// (judged on the lexical scan, without parsing); ``check(_:project:)`` reports only
    /// those.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        if ByteSearch.contains(swift.text, "PBKDF") { return true }
        return swift.lexical.identifiers.contains { SecretValueNames.isPasswordLike(String($0)) }
    }
}
