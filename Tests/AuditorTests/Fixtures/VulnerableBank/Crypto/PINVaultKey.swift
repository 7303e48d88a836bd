import CommonCrypto
import Foundation

/// Derives the key of the offline vault from the user's PIN.
struct PINVaultKey {
    private static let salt = Data("com.vulnerablebank.vault".utf8)

    func key(for pin: String) -> [UInt8] {
        pbkdf2(password: pin, salt: Self.salt, rounds: 310_000)
    }

    private func pbkdf2(password: String, salt: Data, rounds: UInt32) -> [UInt8] {
        var derived = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        _ = salt.withUnsafeBytes { saltBytes in
            CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count,
                                 saltBytes.bindMemory(to: UInt8.self).baseAddress, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), rounds, &derived, derived.count)
        }
        return derived
    }
}
