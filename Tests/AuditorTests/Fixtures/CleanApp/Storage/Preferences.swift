import Foundation

/// Non-sensitive preferences: UserDefaults is the right place for them.
struct Preferences {
    private let defaults = UserDefaults.standard

    var prefersDarkMode: Bool {
        get { defaults.bool(forKey: "prefersDarkMode") }
        nonmutating set { defaults.set(newValue, forKey: "prefersDarkMode") }
    }

    func markOnboardingSeen() {
        defaults.set(true, forKey: "hasSeenOnboarding")
    }
}
