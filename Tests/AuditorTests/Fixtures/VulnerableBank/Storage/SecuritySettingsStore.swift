import Foundation

/// App settings of the signed-in customer, persisted through one private helper.
final class SecuritySettingsStore {
    private enum Keys {
        case twoFactorToken(email: String)
        case lastUsername
        case statementSort

        var storageKey: String {
            switch self {
            case let .twoFactorToken(email): return "twoFactorToken_\(email)"
            case .lastUsername: return "lastUsername"
            case .statementSort: return "statementSort"
            }
        }
    }

    private let userDefaults: UserDefaults

    init(userDefaults: UserDefaults = .standard) {
        self.userDefaults = userDefaults
    }

    private func store(_ value: String?, for key: Keys) {
        userDefaults.set(value, forKey: key.storageKey)
    }

    func setTwoFactorToken(_ token: String?, email: String) {
        store(token, for: .twoFactorToken(email: email))
    }

    func setLastUsername(_ username: String?) {
        store(username, for: .lastUsername)
    }

    func setStatementSort(_ sort: String) {
        store(sort, for: .statementSort)
    }
}

/// The quick-unlock PIN screen.
final class QuickUnlockSettings {
    var pinText: String?

    func savePin() {
        let defaults: UserDefaults? = UserDefaults.standard
        defaults?.set(pinText, forKey: "quickUnlockPin")
    }
}
