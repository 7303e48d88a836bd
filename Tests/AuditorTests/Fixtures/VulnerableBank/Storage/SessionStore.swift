import Foundation

/// Keeps the signed-in session between launches.
final class SessionStore {
    private enum Keys {
        static let session = "com.bank.session"
        static let theme = "com.bank.theme"
    }

    var accessToken: String? {
        get { UserDefaults.standard.string(forKey: Keys.session) }
        set { UserDefaults.standard.set(newValue, forKey: Keys.session) }
    }

    func rememberTheme(_ theme: String) {
        UserDefaults.standard.set(theme, forKey: Keys.theme)
    }
}
