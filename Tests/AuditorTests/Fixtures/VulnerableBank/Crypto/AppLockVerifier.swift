import CryptoKit
import Foundation

extension Data {
    /// SHA-256 of the bytes.
    var sha256: Data { Data(SHA256.hash(data: self)) }
}

/// Verifies the app-lock passcode against a digest kept in the Keychain: one unsalted
/// SHA-256 of a 6-digit passcode.
struct AppLockVerifier {
    let keychain: KeychainStore

    func enroll(passcode: String) throws {
        let verifier = Data(passcode.utf8).sha256
        try keychain.save(verifier, account: "applock-verifier")
    }

    func verify(passcode: String) throws -> Bool {
        guard let stored = try keychain.load(account: "applock-verifier") else { return false }
        return Data(passcode.utf8).sha256 == stored
    }
}
