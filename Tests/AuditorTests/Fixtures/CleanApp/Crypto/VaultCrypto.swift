import CommonCrypto
import CryptoKit
import Foundation

/// Encrypts the local vault with a random key kept in the Keychain, and derives the
/// export key from the user's passphrase with a slow KDF.
struct VaultCrypto {
    static let pbkdf2Iterations: UInt32 = 600_000
    let keychain: Keychain

    func vaultKey() throws -> SymmetricKey {
        if let stored = try keychain.readIfPresent(account: "vault-key") {
            return SymmetricKey(data: stored)
        }
        let key = SymmetricKey(size: .bits256)
        try keychain.save(key.withUnsafeBytes { Data($0) }, account: "vault-key", accessibility: .whenUnlockedThisDeviceOnly)
        return key
    }

    func seal(_ plaintext: Data) throws -> Data {
        let sealed = try AES.GCM.seal(plaintext, using: vaultKey())
        return sealed.combined ?? Data()
    }

    func exportKey(passphrase: String, salt: Data) -> Data {
        var derived = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        _ = salt.withUnsafeBytes { saltBytes in
            CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), passphrase, passphrase.utf8.count,
                                 saltBytes.bindMemory(to: UInt8.self).baseAddress, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), Self.pbkdf2Iterations, &derived, derived.count)
        }
        return Data(derived)
    }

    func fingerprint(of certificate: Data) -> String {
        SHA256.hash(data: certificate).map { String(format: "%02x", $0) }.joined()
    }

    func cacheKey(for url: URL) -> String {
        Insecure.MD5.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
