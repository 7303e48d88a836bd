import SwiftSyntax
import AuditKit

extension CryptoHardcodedKey {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                enum CryptoConstants {
                    static let encryptionKey = ↓"8f2a9c4e7b1d6f3a0c5e8b2d7f4a1c6e"
                    static let aesIV: [UInt8] = ↓[0x1f, 0x8a, 0x33, 0x7c, 0x02, 0x9d, 0x4e, 0xb1, 0x56, 0xc8, 0x0f, 0xe4, 0x71, 0x2a, 0x95, 0x3b]
                    static let encryptionKeyTag = "com.bank.keys.encryption"
                    static let aesKeyAccount = "aesKey"
                }
                """),
            .swift(
                """
                func seal(_ data: Data) throws -> Data {
                    let key = ↓SymmetricKey(data: "0123456789abcdef0123456789abcdef".data(using: .utf8)!)
                    let nonce = try ↓AES.GCM.Nonce(data: Data([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))
                    return try AES.GCM.seal(data, using: key, nonce: nonce).combined!
                }
                """),
            .swift(
                """
                func encrypt(_ data: Data) -> Data? {
                    let keyString = "s3cr3tK3y!s3cr3tK3y!s3cr3tK3y!32"
                    let key = Array(keyString.utf8)
                    return ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                   key, kCCKeySizeAES256, ivBytes, input, input.count, output, output.count, &moved) == 0 ? output : nil
                }
                """),
            .swift(
                """
                let aes = try ↓AES(key: "passwordpassword", iv: "drowssapdrowssap")
                let cipher = try ↓AES(key: keyBytes, blockMode: CBC(iv: Array("0102030405060708".utf8)), padding: .pkcs7)
                let encrypted = ↓RNCryptor.encrypt(data: plaintext, withPassword: "Secret123!")
                """),
            .swift(
                """
                func makeKey() throws -> SymmetricKey {
                    let key = SymmetricKey(size: .bits256)
                    try Keychain.save(key.withUnsafeBytes { Data($0) }, account: "db-key", accessibility: .whenUnlockedThisDeviceOnly)
                    let stored = SymmetricKey(data: try Keychain.read(account: "db-key"))
                    let derived = HKDF<SHA256>.deriveKey(inputKeyMaterial: sharedSecret, salt: salt, outputByteCount: 32)
                    let nonce = AES.GCM.Nonce()
                    let fromServer = try AES(key: serverKey.bytes, blockMode: GCM(iv: randomIV, mode: .combined))
                    return stored
                }
                """),
            .objectiveC(
                """
                #define kEncryptionKey @↓"7A3F9C1E5B8D2F4A6C0E9B7D1F3A5C8E"
                static const char kAESIV[] = ↓"0123456789012345";

                - (NSData *)encrypt:(NSData *)data {
                    NSString *key = @"k9Xm2Pq7Rt4Vw8Yz";
                    char keyPtr[kCCKeySizeAES128 + 1];
                    [key getCString:keyPtr maxLength:sizeof(keyPtr) encoding:NSUTF8StringEncoding];
                    ↓CCCrypt(kCCEncrypt, kCCAlgorithmAES128, kCCOptionPKCS7Padding, keyPtr, kCCKeySizeAES128, kAESIV,
                            data.bytes, data.length, buffer, bufferSize, &moved);
                    return nil;
                }
                """),
            .objectiveC(
                """
                - (NSData *)encrypt:(NSData *)data withKey:(NSData *)key {
                    uint8_t iv[kCCBlockSizeAES128];
                    SecRandomCopyBytes(kSecRandomDefault, sizeof(iv), iv);
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, key.length, iv,
                            data.bytes, data.length, buffer, bufferSize, &moved);
                    return nil;
                }
                """),
            .swift(
                """
                func backup(_ data: Data) throws -> Data {
                    let encrypted = try ↓RNEncryptor.encryptData(data, with: kRNCryptorAES256Settings, password: "Secret-Key")
                    let restored = try ↓RNDecryptor.decryptData(encrypted, withPassword: "b4nk-Backup-2019")
                    let backupPassword = "correct-Horse-9"
                    let encryptor = ↓RNCryptor.Encryptor(password: backupPassword)
                    let token = try ↓plaintext.aesEncrypt(key: "k3yMaterial-2024", iv: "init-vector-0001")
                    return restored
                }
                """),
            .swift(
                """
                extension Data {
                    func aes(operation: Int = kCCEncrypt, keyData: Data, ivData: Data = ↓"abcdefghijklmnop".data(using: .utf8)!) -> Data {
                        return self
                    }
                    func seal(using secret: Data = Data([0x13, 0x37, 0x42, 0x99, 0x01, 0x7f, 0x3c, 0x88, 0x21, 0x55, 0x0a, 0xee, 0x64, 0x19, 0xd2, 0x4b])) -> Data {
                        var moved = 0
                        var output = [UInt8](repeating: 0, count: count + kCCBlockSizeAES128)
                        _ = secret.withUnsafeBytes { keyBytes in
                            ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                    keyBytes.baseAddress, kCCKeySizeAES128, randomIV, bytes, count, &output, output.count, &moved)
                        }
                        return Data(output.prefix(moved))
                    }
                }
                """),
            .swift(
                """
                func encryptWithFreshKey(_ input: [UInt8]) -> [UInt8] {
                    var key = [UInt8](repeating: 0, count: kCCKeySizeAES256)
                    _ = SecRandomCopyBytes(kSecRandomDefault, key.count, &key)
                    var iv = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
                    _ = iv.withUnsafeMutableBytes { CCRandomGenerateBytes($0.baseAddress, kCCBlockSizeAES128) }
                    var output = [UInt8](repeating: 0, count: input.count + kCCBlockSizeAES128)
                    var moved = 0
                    CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                            key, key.count, iv, input, input.count, &output, output.count, &moved)
                    let backup = try RNEncryptor.encryptData(Data(input), with: kRNCryptorAES256Settings, password: try Keychain.read(account: "backup-password"))
                    let cached = store.encryptedValue(forKey: "session-cache-entry")
                    let sealed = plaintext.aesEncrypt(key: keychainKey, iv: randomIV)
                    return output
                }
                """),
            .objectiveC(
                """
                - (void)saveSecret:(NSData *)data {
                    NSError *error;
                    NSData *encrypted = [RNEncryptor encryptData:data
                                                    withSettings:kRNCryptorAES256Settings
                                                        password:@↓"Secret-Key"
                                                           error:&error];
                    NSData *restored = [RNDecryptor decryptData:encrypted withPassword:@↓"Secret-Key" error:&error];
                    NSString *backupPassword = @"Backup-Pa55-2019";
                    NSData *again = [RNEncryptor encryptData:data withSettings:kRNCryptorAES256Settings password:↓backupPassword error:&error];
                    NSData *sealed = [data AES256EncryptWithKey:@↓"0123456789abcdef"];
                }
                """),
            .objectiveC(
                """
                static NSData *decryptWithPassword(NSString *password, NSData *salt, NSData *iv, NSData *data) {
                    char keyBytes[kCCKeySizeAES256] = {0};
                    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length,
                                         kCCPRFHmacAlgSHA256, 600000, (uint8_t *)keyBytes, sizeof(keyBytes));
                    CCCrypt(kCCDecrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, keyBytes, sizeof(keyBytes), iv.bytes,
                            data.bytes, data.length, buffer, bufferSize, &moved);
                    NSError *error;
                    NSData *backup = [RNEncryptor encryptData:data withSettings:kRNCryptorAES256Settings password:self.passwordField.text error:&error];
                    return nil;
                }
                """),
            .objectiveC(
                """
                - (NSData *)encrypt:(NSData *)data {
                    char keyBytes[kCCKeySizeAES256] = {0};
                    ↓CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, keyBytes, sizeof(keyBytes), randomIV,
                            data.bytes, data.length, buffer, bufferSize, &moved);
                    return nil;
                }
                """),
            .swift(
                """
                // Signing and HMAC keys in the source: inline, in a static property, a local or a default parameter.
                enum SigningKeys {
                    static let privateKeyPEM = "-----BEGIN PRIVATE KEY-----MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgq2Zl7Jx4-----END PRIVATE KEY-----"
                    static let webhookSecret = "9f86d081884c7d65a3b2c1d0e9f8"
                }
                func sign(_ body: Data, secret: String = "b94d27b9934d3e08a52e52d7") throws -> Data {
                    let signer = try ↓P256.Signing.PrivateKey(pemRepresentation: SigningKeys.privateKeyPEM)
                    let agreement = try ↓Curve25519.KeyAgreement.PrivateKey(rawRepresentation: Data([0x1f, 0x8a, 0x33, 0x7c, 0x02, 0x9d, 0x4e, 0xb1]))
                    let mac = HMAC<SHA256>.authenticationCode(for: body, using: ↓SymmetricKey(data: Data(SigningKeys.webhookSecret.utf8)))
                    var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
                    ↓CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), secret, secret.utf8.count, bytes, body.count, &digest)
                    let keyData = Data(base64Encoded: "MHcCAQEEIBL0Z5q7yV3c2PzFh1nQwJcQbGk9")!
                    let attributes: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                                                     kSecAttrKeyClass as String: kSecAttrKeyClassPrivate]
                    let key = ↓SecKeyCreateWithData(keyData as CFData, attributes as CFDictionary, &error)
                    return Data(mac)
                }
                """),
            .swift(
                """
                // Keys read or derived at run time, and a pinned public key: not reported.
                func verify(_ body: Data, serverKey: String, accountKey: Data) throws -> Bool {
                    let signer = try P256.Signing.PrivateKey(rawRepresentation: try Keychain.read(account: "signing"))
                    let mac = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: accountKey))
                    CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), keyBytes, keyLength, bytes, body.count, &digest)
                    let pinned = SecKeyCreateWithData(Data(base64Encoded: "BFd3Lmp0Yx9vQ1k3q2Zl7Jx4")! as CFData,
                                                      [kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass: kSecAttrKeyClassPublic] as CFDictionary, nil)
                    let imported = SecKeyCreateWithData(accountKey as CFData, [kSecAttrKeyClass: kSecAttrKeyClassPrivate] as CFDictionary, nil)
                    return signer.publicKey.isValidSignature(try P256.Signing.ECDSASignature(derRepresentation: body), for: body)
                }
                """),
            .objectiveC(
                """
                static const char kWebhookSecret[] = "9f86d081884c7d65a3b2";

                - (NSData *)sign:(NSData *)body {
                    unsigned char mac[CC_SHA256_DIGEST_LENGTH];
                    ↓CCHmac(kCCHmacAlgSHA256, kWebhookSecret, strlen(kWebhookSecret), body.bytes, body.length, mac);
                    ↓CCHmac(kCCHmacAlgSHA256, [@"b94d27b9934d3e08a52e" UTF8String], 20, body.bytes, body.length, mac);
                    CCHmac(kCCHmacAlgSHA256, self.accountKey.bytes, self.accountKey.length, body.bytes, body.length, mac);
                    return nil;
                }
                - (SecKeyRef)signingKey {
                    NSData *keyData = [[NSData alloc] initWithBase64EncodedString:@"MHcCAQEEIBL0Z5q7yV3c2PzFh1nQwJcQbGk9" options:0];
                    NSDictionary *attributes = @{ (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                                                  (__bridge id)kSecAttrKeyClass: (__bridge id)kSecAttrKeyClassPrivate };
                    return ↓SecKeyCreateWithData((__bridge CFDataRef)keyData, (__bridge CFDictionaryRef)attributes, NULL);
                }
                - (SecKeyRef)pinnedServerKey {
                    NSData *keyData = [[NSData alloc] initWithBase64EncodedString:@"BFd3Lmp0Yx9vQ1k3q2Zl7Jx4" options:0];
                    NSDictionary *attributes = @{ (__bridge id)kSecAttrKeyClass: (__bridge id)kSecAttrKeyClassPublic };
                    return SecKeyCreateWithData((__bridge CFDataRef)keyData, (__bridge CFDictionaryRef)attributes, NULL);
                }
                """),
            .objectiveC(
                """
                // A store's key is a key right before `Key`; a key for something else of the store is a name.
                NSString *const kDatabaseKey = @↓"S3cr3tDbK3y2019!";
                NSString *const kDatabaseEncryptionKey = @↓"9c4e7b1d6f3a0c5e";
                NSString *const YapDatabasePathKey = @"databasePath";
                NSString *const YapDatabaseConnectionKey = @"connection";
                NSString *const YapDatabaseRegisteredExtensionsKey = @"registeredExtensions";
                """),
            .swift(
                """
                // A home-made XOR cipher with a key written in the source, reported once where the key is written.
                func obfuscate(_ input: String) -> [UInt8] {
                    let key = ↓"iGoat-2019"
                    let cipher = [UInt8](key.utf8)
                    var encrypted = [UInt8]()
                    for t in [UInt8](input.utf8).enumerated() {
                        encrypted.append(t.element ^ cipher[t.offset % cipher.count])
                    }
                    return encrypted
                }
                func deobfuscate(_ bytes: [UInt8], pad: String = ↓"Xk29#pad") -> String {
                    var out = bytes
                    let padBytes = Array(pad.utf8)
                    for index in out.indices { out[index] ^= padBytes[index % padBytes.count] }
                    return String(decoding: out, as: UTF8.self)
                }
                """),
            .swift(
                """
                // XOR with a table of numbers (a checksum) or with random bytes: not reported.
                func checksum(_ bytes: [UInt8]) -> UInt32 {
                    let table: [UInt32] = [0x0000_0000, 0x7707_3096, 0xEE0E_612C, 0x9909_51BA]
                    var crc: UInt32 = 0xFFFF_FFFF
                    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) % 4)] ^ (crc >> 8) }
                    let pad = (0..<bytes.count).map { _ in UInt8.random(in: 0...255) }
                    let masked = bytes.indices.map { bytes[$0] ^ pad[$0 % pad.count] }
                    print("crc done")
                    return crc ^ UInt32(masked.count)
                }
                """),
        ]
    }
}
