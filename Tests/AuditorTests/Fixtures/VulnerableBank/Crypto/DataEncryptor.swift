import CommonCrypto
import CryptoKit
import Foundation

/// Encrypts the statements cache before it is written to disk.
enum DataEncryptor {
    static let aesKey = "4f8a1c7e2b9d3f6a"
    static let iv: [UInt8] = [0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xcd, 0xef, 0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xcd, 0xef]

    static func seal(_ statement: Data) throws -> Data {
        let key = SymmetricKey(data: Data("0f3a9c5e7b1d2f4a6c8e0b2d4f6a8c1e".utf8))
        let nonce = try AES.GCM.Nonce(data: Data(repeating: 7, count: 12))
        return try AES.GCM.seal(statement, using: key, nonce: nonce).combined ?? Data()
    }

    static func encryptCBC(_ plain: Data, key: Data) -> Data? {
        var out = [UInt8](repeating: 0, count: plain.count + kCCBlockSizeAES128)
        var moved = 0
        let status = key.withUnsafeBytes { keyBytes in
            plain.withUnsafeBytes { plainBytes in
                CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                        keyBytes.baseAddress, key.count, nil, plainBytes.baseAddress, plain.count, &out, out.count, &moved)
            }
        }
        return status == kCCSuccess ? Data(out.prefix(moved)) : nil
    }

    static func wrapForServer(_ secret: Data, publicKey: SecKey) -> Data? {
        var error: Unmanaged<CFError>?
        return SecKeyCreateEncryptedData(publicKey, .rsaEncryptionPKCS1, secret as CFData, &error) as Data?
    }
}
