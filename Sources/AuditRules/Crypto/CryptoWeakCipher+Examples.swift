import SwiftSyntax
import AuditKit

extension CryptoWeakCipher {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func encrypt(_ data: Data, key: Data) -> Data? {
                    var out = Data(count: data.count + kCCBlockSizeAES128)
                    var moved = 0
                    let status = ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding | kCCOptionECBMode),
                                         keyBytes, key.count, nil, dataBytes, data.count, outBytes, out.count, &moved)
                    return status == kCCSuccess ? out : nil
                }
                """),
            .swift(
                """
                func legacyEncrypt(_ data: Data, key: [UInt8]) {
                    let options = CCOptions(kCCOptionPKCS7Padding)
                    ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithm3DES), options, key, kCCKeySize3DES, iv, input, input.count, output, output.count, &moved)
                    let zeroIV = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
                    ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), options, key, kCCKeySizeAES256, zeroIV, input, input.count, output, output.count, &moved)
                    ↓CCCryptorCreate(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), options, key, kCCKeySizeAES256, nil, &cryptor)
                }
                """),
            .swift(
                """
                let aes = try AES(key: key, blockMode: ↓ECB(), padding: .pkcs7)
                let blowfish = try ↓Blowfish(key: key, padding: .pkcs7)
                let ciphertext = SecKeyCreateEncryptedData(publicKey, ↓.rsaEncryptionPKCS1, plaintext as CFData, &error)
                """),
            .swift(
                """
                func encrypt(_ data: Data, key: Data) throws -> Data {
                    var iv = Data(count: kCCBlockSizeAES128)
                    _ = iv.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, kCCBlockSizeAES128, $0.baseAddress!) }
                    let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                         keyBytes, key.count, ivBytes, dataBytes, data.count, outBytes, out.count, &moved)
                    let sealed = try AES.GCM.seal(data, using: symmetricKey)
                    let wrapped = SecKeyCreateEncryptedData(publicKey, .rsaEncryptionOAEPSHA256, plaintext as CFData, &error)
                    return sealed.combined ?? Data()
                }
                """),
            .swift(
                """
                // A zero IV or ECB mode through default parameters and extension methods.
                extension Data {
                    func aesEncrypt(key: Data, iv: Data = Data(count: kCCBlockSizeAES128), options: CCOptions = CCOptions(kCCOptionPKCS7Padding)) -> Data {
                        var out = Data(count: count + kCCBlockSizeAES128)
                        let status = iv.withUnsafeBytes { ivBytes in
                            ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), options, keyBytes, key.count, ivBytes, dataBytes, count, outBytes, out.count, &moved)
                        }
                        return out
                    }
                    func legacyCrypt(key: Data, options: CCOptions = CCOptions(kCCOptionECBMode | kCCOptionPKCS7Padding)) -> Data {
                        ↓CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), options, keyBytes, key.count, randomIV, dataBytes, count, outBytes, out.count, &moved)
                        return self
                    }
                }
                func seal(_ message: String, key: [UInt8], iv: [UInt8] = [UInt8](repeating: 0, count: 16)) throws -> [UInt8] {
                    let aes = try AES(key: key, blockMode: ↓CBC(iv: iv), padding: .pkcs7)
                    let again = ↓message.data(using: .utf8)!.aesEncrypt(key: Data(key), iv: Data(repeating: 0, count: 16))
                    let legacy = ↓payload.tripleDESEncrypt(key: Data(key), options: CCOptions(kCCOptionECBMode))
                    return try aes.encrypt(Array(message.utf8))
                }
                """),
            .swift(
                """
                // A random IV per message, passed to the same helpers: not reported.
                func seal(_ message: Data, key: [UInt8]) throws -> [UInt8] {
                    let iv = AES.randomIV(AES.blockSize)
                    let aes = try AES(key: key, blockMode: CBC(iv: iv), padding: .pkcs7)
                    let sealed = message.aesEncrypt(key: Data(key), iv: Data(iv), options: CCOptions(kCCOptionPKCS7Padding))
                    return try aes.encrypt(Array(message))
                }
                """),
            .objectiveC(
                """
                - (NSData *)AES256EncryptWithKey:(NSString *)key {
                    char keyPtr[kCCKeySizeAES256 + 1];
                    bzero(keyPtr, sizeof(keyPtr));
                    [key getCString:keyPtr maxLength:sizeof(keyPtr) encoding:NSUTF8StringEncoding];
                    size_t numBytesEncrypted = 0;
                    CCCryptorStatus cryptStatus = ↓CCCrypt(kCCEncrypt, kCCAlgorithmAES128, kCCOptionPKCS7Padding,
                                                          keyPtr, kCCKeySizeAES256,
                                                          NULL /* initialization vector (optional) */,
                                                          [self bytes], dataLength, buffer, bufferSize, &numBytesEncrypted);
                    return nil;
                }
                - (NSData *)desEncrypt:(NSData *)data {
                    ↓CCCrypt(kCCEncrypt, kCCAlgorithmDES, kCCOptionPKCS7Padding | kCCOptionECBMode, keyPtr, kCCKeySizeDES, NULL, data.bytes, data.length, buffer, bufferSize, &moved);
                    return nil;
                }
                """),
            .objectiveC(
                """
                - (NSData *)encrypt:(NSData *)data key:(NSData *)key iv:(NSData *)iv {
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, key.length, iv.bytes,
                            data.bytes, data.length, buffer, bufferSize, &moved);
                    return nil;
                }
                """),
            .objectiveC(
                """
                // A category method of the project given a zero IV or asked for ECB; a random IV is not reported.
                static const uint8_t kZeroIV[kCCBlockSizeAES128] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

                - (NSData *)sealStatement:(NSData *)statement key:(NSData *)key {
                    NSData *sealed = [statement AES128EncryptWithKey:key iv:↓kZeroIV];
                    NSData *legacy = [statement encryptWithKey:key options:↓kCCOptionECBMode];
                    uint8_t randomIV[kCCBlockSizeAES128] = {0};
                    SecRandomCopyBytes(kSecRandomDefault, sizeof(randomIV), randomIV);
                    return [statement AES128EncryptWithKey:key iv:randomIV];
                }
                """),
        ]
    }
}
