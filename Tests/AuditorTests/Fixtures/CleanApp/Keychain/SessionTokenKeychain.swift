import Foundation
import Security

/// The signed-in session's refresh token: the computed base query sets the class.
final class SessionTokenKeychain {
    private let service = "com.cleanapp.session"

    private var baseQuery: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
    }

    func store(_ refreshToken: String, account: String) -> OSStatus {
        var query = baseQuery
        query[kSecAttrAccount as String] = account
        query[kSecValueData as String] = Data(refreshToken.utf8)
        return SecItemAdd(query as CFDictionary, nil)
    }
}
