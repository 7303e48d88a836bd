import CommonCrypto
import CryptoKit
import Foundation

/// Stores a hash of the user's password so the app can be unlocked offline.
struct PasswordHasher {
    private let salt = "vb-static-salt"

    func storeHash(of password: String) {
        let salted = salt + password
        let digest = SHA256.hash(data: Data(salted.utf8))
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        UserDefaults.standard.set(hex, forKey: "offlineUnlockHash")
    }

    func verify(pin: String, against stored: String) -> Bool {
        let digest = SHA512.hash(data: Data(pin.utf8))
        return digest.map { String(format: "%02x", $0) }.joined() == stored
    }

    func deriveKey(from password: String, salt: [UInt8]) -> [UInt8] {
        let iterations: UInt32 = 1_000
        var derived = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        _ = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), iterations, &derived, derived.count)
        return derived
    }

    func legacyToken(for sessionToken: String) -> String {
        Insecure.MD5.hash(data: Data(sessionToken.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
