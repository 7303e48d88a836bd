import CommonCrypto
import CryptoKit
import Foundation

/// Signs statement exports for the bank's partner webhook.
enum WebhookSigner {
    static let partnerSecret = "f3b1c9d27a8e4b60c5d1"

    static func signature(for body: Data) -> Data {
        var mac = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        body.withUnsafeBytes { bytes in
            CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), partnerSecret, partnerSecret.utf8.count, bytes.baseAddress, body.count, &mac)
        }
        return Data(mac)
    }

    static func statementSigner() throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(rawRepresentation: Data([0x4b, 0x1f, 0x9a, 0x62, 0xd3, 0x07, 0xe8, 0x5c, 0x21, 0xb4, 0x7d, 0x90, 0x3e, 0xa6, 0x58, 0x0c]))
    }
}

extension Data {
    /// Encrypts an export for the partner with AES-CBC.
    func partnerEncrypted(key: Data, iv: Data = Data(count: kCCBlockSizeAES128)) -> Data {
        var out = Data(count: count + kCCBlockSizeAES128)
        var moved = 0
        let outCount = out.count
        _ = out.withUnsafeMutableBytes { outBytes in
            withUnsafeBytes { dataBytes in
                iv.withUnsafeBytes { ivBytes in
                    key.withUnsafeBytes { keyBytes in
                        CCCrypt(
                            CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding), keyBytes.baseAddress, key.count,
                            ivBytes.baseAddress, dataBytes.baseAddress, count, outBytes.baseAddress, outCount, &moved)
                    }
                }
            }
        }
        return out.prefix(moved)
    }
}
