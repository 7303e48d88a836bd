import Foundation

/// Names of the slots where the vault keeps its PIN and database passphrase. The values
/// themselves are generated at enrolment and live in the Keychain-backed store.
enum VaultStorageKeys {
    static let kVaultPinCode = "kVaultPinCode"
    static let databasePassphrase = "VaultDatabasePass"
}

final class VaultStorage {
    private let store: SecureKeyValueStore

    init(store: SecureKeyValueStore) {
        self.store = store
    }

    func pin() -> String? {
        store.getString(VaultStorageKeys.kVaultPinCode)
    }

    func databasePassphraseData() -> Data? {
        store.getData(VaultStorageKeys.databasePassphrase)
    }

    func wipe() {
        store.removeValues(forKeys: [VaultStorageKeys.kVaultPinCode, VaultStorageKeys.databasePassphrase])
    }
}

/// Sample logins for UI tests and previews, compiled into the app target.
final class MockLoginStore {
    func logins() -> [(user: String, password: String)] {
        [(user: "demo", password: "S4mple!pw"), (user: "demo2", password: "S4mple!pw")]
    }
}

#if DEBUG
/// Pre-fills the staging login in Debug builds only.
enum StagingLogin {
    static let password = "Stag1ng!Demo"
}
#endif
