import Foundation
import Security

/// A typical first attempt at keeping a session: two classic mistakes.
final class TokenVault {
    func store(token: String) {
        UserDefaults.standard.set(token, forKey: "sessionToken")

        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: "session",
            kSecValueData as String: Data(token.utf8),
        ]
        SecItemAdd(query as CFDictionary, nil)
    }

    func storeLegacy(token: String) {
        // devicetrust:ignore storage-secret-in-userdefaults read once by the 1.x migration, then deleted
        UserDefaults.standard.set(token, forKey: "legacyToken")
    }
}
