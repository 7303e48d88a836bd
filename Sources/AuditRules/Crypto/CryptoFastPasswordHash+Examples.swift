import SwiftSyntax
import AuditKit

extension CryptoFastPasswordHash {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func storePassword(_ password: String, salt: String) {
                    let digest = ↓SHA256.hash(data: Data((salt + password).utf8))
                    UserDefaults.standard.set(digest.description, forKey: "credentialHash")
                }
                """),
            .swift(
                """
                func verifyPIN(_ entered: String) -> Bool {
                    let hashed = ↓SHA512.hash(data: Data(entered.utf8))
                    return hashed.compactMap { String(format: "%02x", $0) }.joined() == storedHash
                }
                func hash(pin: String) -> String {
                    let salted = pin + salt
                    return ↓salted.sha256()
                }
                """),
            .swift(
                """
                func deriveKey(from password: String, salt: [UInt8]) throws -> [UInt8] {
                    let iterations: UInt32 = 10_000
                    var derived = [UInt8](repeating: 0, count: 32)
                    ↓CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), iterations, &derived, derived.count)
                    let weak = try ↓PKCS5.PBKDF2(password: Array(password.utf8), salt: salt, keyLength: 32, variant: .sha2(.sha256)).calculate()
                    return derived
                }
                """),
            .swift(
                """
                func deriveKey(from password: String, salt: [UInt8]) throws -> [UInt8] {
                    let rounds = CCCalibratePBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password.utf8.count, salt.count, CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 32, 250)
                    var derived = [UInt8](repeating: 0, count: 32)
                    CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), rounds, &derived, derived.count)
                    let strong = try PKCS5.PBKDF2(password: Array(password.utf8), salt: salt, iterations: 600_000, keyLength: 32, variant: .sha2(.sha256)).calculate()
                    let fingerprint = SHA256.hash(data: certificateData)
                    let tokenDigest = SHA256.hash(data: Data(accessToken.utf8))
                    return derived
                }
                """),
            .swift(
                """
                // A digest property or method on a byte type of the app's own: one unsalted SHA-256 as the passcode verifier.
                extension Data {
                    var sha256: Data { Data(SHA256.hash(data: self)) }
                    func sha512() -> Data { Data(SHA512.hash(data: self)) }
                }
                final class AppLock {
                    func setPasscode(_ passcode: String) throws {
                        let verifier = ↓Bytes(utf8: passcode).sha256.data
                        try keychain.save(verifier, account: "applock")
                    }
                    func matches(_ pin: String) throws -> Bool {
                        let entered = ↓pin.data(using: .utf8)!.sha512()
                        let stored = try keychain.load(account: "applock")
                        return ↓Data(pin.utf8).sha256 == stored || entered == stored
                    }
                }
                """),
            .swift(
                """
                // Digests of files, certificates and tokens; an algorithm named by its case.
                final class Downloads {
                    func checksum(of file: URL) throws -> Data {
                        try Data(contentsOf: file).sha256
                    }
                    func keyID(for certificate: SecCertificate) -> Data {
                        (SecCertificateCopyData(certificate) as Data).sha256
                    }
                    func deriveKey(from passcode: String, salt: Data) throws -> Data {
                        let algorithm = HashAlgorithm.sha256
                        return try Argon2id.derive(passcode, salt: salt, variant: .sha256, algorithm: algorithm)
                    }
                }
                """),
            .objectiveC(
                """
                - (NSString *)hashPassword:(NSString *)password {
                    NSData *data = [password dataUsingEncoding:NSUTF8StringEncoding];
                    uint8_t digest[CC_SHA256_DIGEST_LENGTH];
                    ↓CC_SHA256(data.bytes, (CC_LONG)data.length, digest);
                    return [self hex:digest];
                }
                - (NSData *)keyFromPassword:(NSString *)password salt:(NSData *)salt {
                    ↓CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length,
                                         kCCPRFHmacAlgSHA1, 1000, derived, 32);
                    return nil;
                }
                """),
            .objectiveC(
                """
                - (NSString *)fingerprint:(NSData *)certificate {
                    uint8_t digest[CC_SHA256_DIGEST_LENGTH];
                    CC_SHA256(certificate.bytes, (CC_LONG)certificate.length, digest);
                    CCKeyDerivationPBKDF(kCCPBKDF2, pw, pwLen, salt, saltLen, kCCPRFHmacAlgSHA256, 600000, derived, 32);
                    return nil;
                }
                """),
            .swift(
                """
                func pbkdf2(password: String, salt: Data, keyByteCount: Int, rounds: Int) -> Data? {
                    var derived = Data(repeating: 0, count: keyByteCount)
                    let status = derived.withUnsafeMutableBytes { derivedBytes in
                        salt.withUnsafeBytes { saltBytes in
                            CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, saltBytes.baseAddress, salt.count,
                                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), UInt32(rounds), derivedBytes.baseAddress, keyByteCount)
                        }
                    }
                    return status == 0 ? derived : nil
                }
                func storePasscode(_ passcode: String) {
                    let rounds = 100
                    let key = ↓pbkdf2(password: passcode, salt: salt, keyByteCount: 32, rounds: rounds)
                    let strong = pbkdf2(password: passcode, salt: salt, keyByteCount: 32, rounds: 600_000)
                }
                """),
            .swift(
                """
                func deriveKey(password: String, salt: [UInt8], rounds: Int = 1000) -> [UInt8] {
                    var derived = [UInt8](repeating: 0, count: 32)
                    ↓CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(rounds), &derived, derived.count)
                    return derived
                }
                func unlock(with password: String) -> [UInt8] {
                    deriveKey(password: password, salt: storedSalt)
                }
                """),
            .swift(
                """
                func validatePin(_ pin: String) -> Bool {
                    let digest = ↓ccSha256(data: pin.data(using: .utf8)!)
                    let fingerprint = ccSha256(data: certificateData)
                    return digest == storedDigest
                }
                func ccSha256(data: Data) -> Data {
                    var digest = Data(count: Int(CC_SHA256_DIGEST_LENGTH))
                    _ = digest.withUnsafeMutableBytes { digestBytes in
                        data.withUnsafeBytes { dataBytes in
                            CC_SHA256(dataBytes.baseAddress, CC_LONG(data.count), digestBytes.bindMemory(to: UInt8.self).baseAddress)
                        }
                    }
                    return digest
                }
                """),
            .swift(
                """
                func deriveKey(password: String, salt: [UInt8], rounds: Int = 600_000) -> [UInt8] {
                    var derived = [UInt8](repeating: 0, count: 32)
                    CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(rounds), &derived, derived.count)
                    return derived
                }
                func unlock(with password: String) -> [UInt8] {
                    let iterations = 310_000
                    let fresh = deriveKey(password: password, salt: storedSalt)
                    return deriveKey(password: password, salt: storedSalt, rounds: iterations)
                }
                func sha256(of data: Data) -> Data {
                    Data(SHA256.hash(data: data))
                }
                let checksum = sha256(of: downloadedFile)
                """),
        ]
    }
}
