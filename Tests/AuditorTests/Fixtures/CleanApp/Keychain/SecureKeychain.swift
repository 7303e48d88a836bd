import Foundation
import Security

/// Errors of the keychain, kept precise: "locked" is not "absent".
enum SecureKeychainError: Error, Equatable {
    case interactionNotAllowed
    case unexpectedData
    case unhandled(OSStatus)

    init(status: OSStatus) {
        switch status {
        case errSecInteractionNotAllowed: self = .interactionNotAllowed
        default: self = .unhandled(status)
        }
    }
}

/// Generic passwords of one service: update-then-add, every status mapped, a
/// ThisDeviceOnly class, never synchronized.
struct SecureKeychain {
    let service: String

    private func itemQuery(account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }

    func save(_ data: Data, account: String) throws {
        let query = itemQuery(account: account)
        let changes: [String: Any] = [kSecValueData as String: data]
        let updated = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
        switch updated {
        case errSecSuccess:
            return
        case errSecItemNotFound:
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            item[kSecAttrSynchronizable as String] = false
            let added = SecItemAdd(item as CFDictionary, nil)
            guard added == errSecSuccess else { throw SecureKeychainError(status: added) }
        default:
            throw SecureKeychainError(status: updated)
        }
    }

    /// The data, nil when there is none; every other failure is thrown.
    func read(account: String) throws -> Data? {
        var query = itemQuery(account: account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else { throw SecureKeychainError.unexpectedData }
            return data
        case errSecItemNotFound:
            return nil
        default:
            throw SecureKeychainError(status: status)
        }
    }

    func delete(account: String) throws {
        let status = SecItemDelete(itemQuery(account: account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw SecureKeychainError(status: status) }
    }

    /// Items saved by version 1 with the deprecated class, re-protected in place.
    func migrateLegacyItems() throws {
        let legacy: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
        ]
        let changes: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
        let status = SecItemUpdate(legacy as CFDictionary, changes as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw SecureKeychainError(status: status) }
    }

    /// A key that only opens with Face ID / Touch ID on this device.
    func biometryAccess() -> SecAccessControl? {
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
    }

    /// Logout: synced and local items alike.
    func deleteEverything() throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
        ]
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw SecureKeychainError(status: status) }
    }
}
