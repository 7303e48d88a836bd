import Foundation
import LocalAuthentication
import Security

/// The vault key lives in a Keychain item created with .biometryCurrentSet: reading it
/// needs the enrolled face or finger again, whatever evaluatePolicy returned.
final class BiometricVaultKey {
    enum Failure: Error {
        case cancelled, missing, storeFailed
        case keychain(OSStatus)
    }

    private let service = "com.cleanapp.vault"

    func unlockKey(for userID: String) async throws -> Data {
        let context = LAContext()
        guard try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock your vault") else {
            throw Failure.cancelled
        }
        let account = storageAccount(for: userID)
        let query = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecAttrAccount: account,
            kSecMatchLimit: kSecMatchLimitOne,
            kSecReturnData: true,
        ] as CFDictionary
        var item: AnyObject?
        let status = SecItemCopyMatching(query, &item)
        if status == errSecItemNotFound { throw Failure.missing }
        guard status == errSecSuccess, let data = item as? Data else { throw Failure.keychain(status) }
        return data
    }

    func storeKey(_ key: Data, for userID: String) throws {
        let account = storageAccount(for: userID)
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error) else {
            throw Failure.storeFailed
        }
        let attributes = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecAttrAccount: account,
            kSecValueData: key,
            kSecAttrAccessControl: access,
        ] as CFDictionary
        let status = SecItemAdd(attributes, nil)
        if status == errSecDuplicateItem {
            let match = [kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account] as CFDictionary
            guard SecItemUpdate(match, [kSecValueData: key] as CFDictionary) == errSecSuccess else { throw Failure.storeFailed }
        } else if status != errSecSuccess {
            throw Failure.storeFailed
        }
    }

    private func storageAccount(for userID: String) -> String { "vault-key-\(userID)" }
}
