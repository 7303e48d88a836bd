import Foundation
import Security

enum CredentialVaultError: Error {
    case noValue
    case unexpectedData
    case unhandled(OSStatus)
}

/// Saved sign-in credentials of the online banking account.
struct CredentialVault {
    private let service = "com.vulnerablebank.credentials"

    private func baseQuery(account: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    private func readString(account: String) throws -> String {
        var query = baseQuery(account: account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status != errSecItemNotFound else { throw CredentialVaultError.noValue }
        guard status == errSecSuccess else { throw CredentialVaultError.unhandled(status) }
        guard let data = result as? Data, let value = String(data: data, encoding: .utf8) else { throw CredentialVaultError.unexpectedData }
        return value
    }

    var password: String? {
        try? readString(account: "password")
    }

    var hasSavedCredentials: Bool {
        guard let password = try? readString(account: "password") else { return false }
        return !password.isEmpty
    }

    func save(password: String) {
        let query = baseQuery(account: "password")
        if hasSavedCredentials {
            SecItemDelete(query as CFDictionary)
        }
        var item = query
        item[kSecValueData as String] = Data(password.utf8)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        SecItemAdd(item as CFDictionary, nil)
    }
}
