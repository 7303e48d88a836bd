import Foundation
import Security

/// The signed-in session's refresh token, kept in the Keychain.
struct SessionKeychainItem {
    let account: String

    func save(_ refreshToken: String) -> Bool {
        var item = SessionKeychainItem.query(for: account)
        item[kSecValueData as String] = Data(refreshToken.utf8)
        return SecItemAdd(item as CFDictionary, nil) == errSecSuccess
    }

    private static func query(for account: String) -> [String: Any] {
        var query: [String: Any] = [:]
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = "com.vulnerablebank.session"
        query[kSecAttrAccount as String] = account
        return query
    }
}
