import CommonCrypto
import CryptoKit
import Foundation

/// Signs exports with keys provisioned at enrolment and kept in the Keychain.
struct WebhookSigner {
    let macKey: Data
    let signingKey: P256.Signing.PrivateKey

    init(macKey: Data, signingKeyBytes: Data) throws {
        self.macKey = macKey
        self.signingKey = try P256.Signing.PrivateKey(rawRepresentation: signingKeyBytes)
    }

    func signature(for body: Data) -> Data {
        var mac = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        macKey.withUnsafeBytes { keyBytes in
            body.withUnsafeBytes { bytes in
                CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), keyBytes.baseAddress, macKey.count, bytes.baseAddress, body.count, &mac)
            }
        }
        return Data(mac)
    }
}
