import Foundation
import Security

/// Holds the key that encrypts the local database. Reads report failures as a Result;
/// the accessibility migration goes through the app's keychain wrapper.
final class SigningKeyStore {
    private let service = "com.vulnerablebank.signing"

    func readKey(named name: String) -> Result<Data, Error> {
        var query = baseQuery(name)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status == errSecSuccess, let data = item as? Data else {
            return .failure(KeyStoreError.unreadable(status))
        }
        return .success(data)
    }

    func databaseKey() -> Data? {
        optionalKey(readKey(named: "database"))
    }

    private func optionalKey(_ result: Result<Data, Error>) -> Data? {
        switch result {
        case .success(let key):
            return key
        case .failure:
            // Nothing stored yet: the caller creates a fresh key and a fresh database.
            return nil
        }
    }

    private func baseQuery(_ name: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: name]
    }
}

extension BankKeychainWrapper {
    /// Moves an item to a stricter accessibility class by removing it and writing it again.
    func tightenAccessibility(forKey key: String) {
        guard let value = string(forKey: key) else { return }
        if !removeObject(forKey: key) {
            print("could not remove \(key)")
        }
        _ = set(value, forKey: key, withAccessibility: .whenUnlockedThisDeviceOnly)
    }
}

enum KeyStoreError: Error {
    case unreadable(OSStatus)
}
