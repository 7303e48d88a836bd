import AuditKit

extension CryptoFastPasswordHash {
    /// For Swift: whether the file derives keys with PBKDF2 or names a password or PIN
    /// (judged on the code text and the lexical scan, without parsing);
    /// ``check(_:project:)`` reports only those.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let code = swift.codeText
        if ByteSearch.contains(code, "PBKDF") { return true }
        // A helper hashing its parameter (`func ccSha256(data: Data) -> Data`), judged at its callers.
        if ByteSearch.contains(code, "func"), ByteSearch.containsAny(code, ["CC_SHA", "CC_MD5", ".hash(data", "sha256()", "sha512()", "sha384()", "sha224()"]) { return true }
        return swift.lexical.identifiers.contains { SecretNames.isPasswordLike(String($0)) }
    }
}
