import Foundation
import KeychainAccess
import Security

/// Keeps the OAuth tokens. "Sync so the user stays signed in on the iPad too."
final class TokenStore {
    private let keychain = Keychain(service: "com.vulnerablebank.tokens")
        .synchronizable(true)
        .accessibility(.always)

    func store(refreshToken: String) throws {
        try keychain.set(refreshToken, key: "refresh")
    }

    func store(accessToken: Data) {
        var attributes = [String: Any]()
        attributes[kSecClass as String] = kSecClassGenericPassword
        attributes[kSecAttrAccount as String] = "access"
        attributes[kSecAttrSynchronizable as String] = kCFBooleanTrue
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
        attributes[kSecValueData as String] = accessToken
        let status = SecItemAdd(attributes as CFDictionary, nil)
        if status == errSecDuplicateItem {
            SecItemUpdate(attributes as CFDictionary, [kSecValueData as String: accessToken] as CFDictionary)
        }
    }

    func accessToken() -> String? {
        var result: CFTypeRef?
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: "access",
            kSecReturnData as String: true,
        ]
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status == errSecSuccess, let data = result as? Data else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
