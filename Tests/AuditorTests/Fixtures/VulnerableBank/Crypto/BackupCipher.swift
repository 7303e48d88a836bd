import CommonCrypto
import Foundation
import RNCryptor

/// Encrypts account backups before they are uploaded.
final class BackupCipher {
    func seal(_ backup: Data) throws -> Data {
        return RNEncryptor.encryptData(backup, with: kRNCryptorAES256Settings, password: "Backup-Key")
    }

    func open(_ sealed: Data) throws -> Data {
        return try RNDecryptor.decryptData(sealed, withPassword: "Backup-Key")
    }

    func pbkdf2(password: String, salt: Data, keyByteCount: Int, rounds: Int) -> Data? {
        var derived = Data(repeating: 0, count: keyByteCount)
        let status = derived.withUnsafeMutableBytes { derivedBytes in
            salt.withUnsafeBytes { saltBytes in
                CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count,
                                     saltBytes.bindMemory(to: UInt8.self).baseAddress, salt.count,
                                     CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), UInt32(rounds),
                                     derivedBytes.bindMemory(to: UInt8.self).baseAddress, keyByteCount)
            }
        }
        return status == kCCSuccess ? derived : nil
    }

    func storePasscode(_ passcode: String, salt: Data) -> Data? {
        let rounds = 500
        return pbkdf2(password: passcode, salt: salt, keyByteCount: 32, rounds: rounds)
    }

    func isCorrect(pin: String, expected: Data) -> Bool {
        return sha256Digest(pin.data(using: .utf8)!) == expected
    }

    private func sha256Digest(_ input: Data) -> Data {
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        input.withUnsafeBytes { bytes in
            _ = CC_SHA256(bytes.baseAddress, CC_LONG(input.count), &digest)
        }
        return Data(digest)
    }
}

extension Data {
    func aesCBC(operation: Int = kCCEncrypt, keyData: Data,
                ivData: Data = "0f1e2d3c4b5a6978".data(using: .utf8)!) -> Data {
        var output = Data(count: count + kCCBlockSizeAES128)
        let outputLength = output.count
        var moved = 0
        _ = output.withUnsafeMutableBytes { outBytes in
            withUnsafeBytes { inBytes in
                ivData.withUnsafeBytes { ivBytes in
                    keyData.withUnsafeBytes { keyBytes in
                        CCCrypt(CCOperation(operation), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                keyBytes.baseAddress, keyData.count, ivBytes.baseAddress,
                                inBytes.baseAddress, count, outBytes.baseAddress, outputLength, &moved)
                    }
                }
            }
        }
        return output.prefix(moved)
    }
}
