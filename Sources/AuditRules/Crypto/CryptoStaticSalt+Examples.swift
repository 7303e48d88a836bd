import AuditKit

extension CryptoStaticSalt {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                let salt = ↓"0123456789"
                func unlockKey(pin: String) -> Data? {
                    let saltData = salt.data(using: .utf8)!
                    return pbkdf2(password: pin, salt: saltData, keyByteCount: 32, rounds: 310_000)
                }
                func vaultKey(password: String) -> Data? {
                    let salt = Data(↓[0x65, 0x62, 0x6f, 0xf2, 0xff, 0x44, 0x7a, 0xc6])
                    return pbkdf2(password: password, salt: salt, keyByteCount: 16, rounds: 310_000)
                }
                func legacyKey(password: String) -> [UInt8]? {
                    try? PKCS5.PBKDF2(password: Array(password.utf8), salt: Array(↓"com.bank.app".utf8), iterations: 310_000).calculate()
                }
                """),
            .swift(
                """
                // A random salt stored beside the derived key; a fixed HKDF salt (allowed by RFC 5869).
                func newVaultKey(password: String) -> (key: Data?, salt: Data) {
                    var salt = Data(count: 16)
                    _ = salt.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, 16, $0.baseAddress!) }
                    return (pbkdf2(password: password, salt: salt, keyByteCount: 32, rounds: 310_000), salt)
                }
                func sessionKey(secret: SymmetricKey) -> SymmetricKey {
                    HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, salt: Data("bank-session".utf8), outputByteCount: 32)
                }
                """),
            .objectiveC(
                """
                #define kSalt @"NaCl-fixed"
                - (NSData *)keyForPassword:(NSString *)password {
                    NSMutableData *key = [NSMutableData dataWithLength:kCCKeySizeAES256];
                    NSData *saltData = [kSalt dataUsingEncoding:NSUTF8StringEncoding];
                    ↓CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, password.length, [kSalt UTF8String], 10, kCCPRFHmacAlgSHA256, 310000, key.mutableBytes, key.length);
                    ↓CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, password.length, (const uint8_t *)"pepper", 6, kCCPRFHmacAlgSHA256, 310000, key.mutableBytes, key.length);
                    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, password.length, self.salt.bytes, self.salt.length, kCCPRFHmacAlgSHA256, 310000, key.mutableBytes, key.length);
                    return key;
                }
                """),
        ]
    }
}
