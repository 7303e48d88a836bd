import SwiftSyntax
import AuditKit

extension CryptoWeakHash {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func hashPassword(_ password: String) -> String {
                    let digest = ↓Insecure.MD5.hash(data: Data(password.utf8))
                    return digest.map { String(format: "%02x", $0) }.joined()
                }
                """),
            .swift(
                """
                func verifySignature(of payload: Data, expected: String) -> Bool {
                    var digest = [UInt8](repeating: 0, count: Int(CC_SHA1_DIGEST_LENGTH))
                    payload.withUnsafeBytes { _ = ↓CC_SHA1($0.baseAddress, CC_LONG(payload.count), &digest) }
                    return hex(digest) == expected
                }
                """),
            .swift(
                """
                let tokenHash = ↓authToken.md5()
                let signature = ↓HMAC(key: secret, variant: .md5)
                let mac = ↓CCHmac(CCHmacAlgorithm(kCCHmacAlgMD5), key, key.count, data, data.count, &out)
                """),
            .swift(
                """
                func cacheKey(for url: URL) -> String {
                    Insecure.MD5.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined()
                }
                let etag = Insecure.SHA1.hash(data: body)
                let fileChecksum = data.md5()
                let avatarURL = "https://www.gravatar.com/avatar/" + email.lowercased().md5()
                extension String {
                    var md5: String { Insecure.MD5.hash(data: Data(utf8)).map { String(format: "%02x", $0) }.joined() }
                }
                let otp = HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: key)
                """),
            .objectiveC(
                """
                - (NSString *)hashedPassword:(NSString *)password {
                    const char *cStr = [password UTF8String];
                    unsigned char result[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(cStr, (CC_LONG)strlen(cStr), result);
                    return [self hexString:result];
                }
                - (void)login {
                    NSString *hash = [self.passwordField.text ↓MD5String];
                }
                """),
            .objectiveC(
                """
                - (NSString *)MD5String {
                    const char *cStr = [self UTF8String];
                    unsigned char result[CC_MD5_DIGEST_LENGTH];
                    CC_MD5(cStr, (CC_LONG)strlen(cStr), result);
                    return [self hexString:result];
                }
                - (NSString *)cacheKeyForURL:(NSURL *)url {
                    return [url.absoluteString MD5String];
                }
                """),
            .swift(
                """
                func deriveKey(from pin: String, salt: [UInt8]) -> [UInt8] {
                    var key = [UInt8](repeating: 0, count: 32)
                    CCKeyDerivationPBKDF(
                        CCPBKDFAlgorithm(kCCPBKDF2), pin, pin.utf8.count, salt, salt.count,
                        ↓CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), 310_000, &key, key.count)
                    return key
                }
                """),
            .swift(
                """
                func deriveKey(from pin: String, salt: [UInt8]) -> [UInt8] {
                    var key = [UInt8](repeating: 0, count: 32)
                    CCKeyDerivationPBKDF(
                        CCPBKDFAlgorithm(kCCPBKDF2), pin, pin.utf8.count, salt, salt.count,
                        CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 310_000, &key, key.count)
                    return key
                }
                """),
            .objectiveC(
                """
                static size_t blockLength(CCPseudoRandomAlgorithm prf) {
                    switch (prf) {
                    case kCCPRFHmacAlgSHA1: return 20;
                    default: return 32;
                    }
                }
                - (NSData *)keyFromPassword:(NSString *)password salt:(NSData *)salt {
                    NSMutableData *key = [NSMutableData dataWithLength:32];
                    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, password.length, salt.bytes, salt.length,
                                         ↓kCCPRFHmacAlgSHA1, 310000, key.mutableBytes, key.length);
                    return key;
                }
                """),
        ]
    }
}
