import CommonCrypto
import Foundation

/// AES-CBC with a fresh random key per file and a random IV stored with the ciphertext.
enum RandomKeyCipher {
    static func encrypt(_ input: [UInt8]) -> (key: [UInt8], sealed: [UInt8])? {
        var fileKey = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        guard SecRandomCopyBytes(kSecRandomDefault, fileKey.count, &fileKey) == errSecSuccess else { return nil }
        var ivBuffer = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
        _ = ivBuffer.withUnsafeMutableBytes { CCRandomGenerateBytes($0.baseAddress, kCCBlockSizeAES128) }
        var output = [UInt8](repeating: 0, count: input.count + kCCBlockSizeAES128)
        var moved = 0
        let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                             fileKey, fileKey.count, ivBuffer, input, input.count, &output, output.count, &moved)
        guard status == kCCSuccess else { return nil }
        return (fileKey, ivBuffer + output.prefix(moved))
    }

    static func fingerprint(of certificate: Data) -> Data {
        return digest(certificate)
    }

    private static func digest(_ input: Data) -> Data {
        var hash = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        input.withUnsafeBytes { bytes in
            _ = CC_SHA256(bytes.baseAddress, CC_LONG(input.count), &hash)
        }
        return Data(hash)
    }
}
