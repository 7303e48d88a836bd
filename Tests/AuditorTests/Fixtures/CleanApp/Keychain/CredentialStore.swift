import Foundation
import Security

enum CredentialStoreError: Error {
    case noValue
    case couldNotDelete
    case unhandled(OSStatus)
}

/// Saved credentials: a nil value removes the item; otherwise add, and update when it
/// already exists. Reads keep "locked" apart from "absent".
struct CredentialStore {
    private let service = "com.cleanapp.credentials"

    private func baseQuery(account: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    private func readString(account: String) throws -> String {
        var query = baseQuery(account: account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status != errSecItemNotFound else { throw CredentialStoreError.noValue }
        guard status == errSecSuccess, let data = result as? Data, let value = String(data: data, encoding: .utf8) else {
            throw CredentialStoreError.unhandled(status)
        }
        return value
    }

    /// The saved user name; nil only when none was saved.
    func userName() throws -> String? {
        do {
            return try readString(account: "userName")
        } catch CredentialStoreError.noValue {
            return nil
        }
    }

    private func deleteValue(account: String) throws {
        let status = SecItemDelete(baseQuery(account: account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw CredentialStoreError.unhandled(status) }
    }

    private func update(_ value: String, account: String) throws {
        let changes = [kSecValueData as String: Data(value.utf8)] as CFDictionary
        let status = SecItemUpdate(baseQuery(account: account) as CFDictionary, changes)
        guard status == errSecSuccess else { throw CredentialStoreError.unhandled(status) }
    }

    func set(_ value: String?, account: String) throws {
        guard let value else {
            do {
                try deleteValue(account: account)
            } catch {
                throw CredentialStoreError.couldNotDelete
            }
            return
        }
        var item = baseQuery(account: account)
        item[kSecValueData as String] = Data(value.utf8)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        if status == errSecDuplicateItem {
            try update(value, account: account)
        } else if status != errSecSuccess {
            throw CredentialStoreError.unhandled(status)
        }
    }
}
