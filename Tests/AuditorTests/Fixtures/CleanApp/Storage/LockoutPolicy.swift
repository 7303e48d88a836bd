import Foundation

/// Lockout bookkeeping for the PIN screen. The PIN lives in the Keychain; only facts about
/// it (attempts, the lockout end, whether it is set, the session expiry) are preferences.
final class LockoutPolicy {
    private let defaults = UserDefaults.standard
    static let maximumAttempts = 5

    private var failedPinAttempts: Int {
        get { defaults.integer(forKey: "failedPinAttempts") }
        set { defaults.set(newValue, forKey: "failedPinAttempts") }
    }

    func recordFailure() {
        failedPinAttempts += 1
        if failedPinAttempts >= Self.maximumAttempts {
            defaults.set(Date().addingTimeInterval(300), forKey: "pinLockoutUntil")
        }
    }

    func recordSuccess(tokenExpiryDate: Date) {
        failedPinAttempts = 0
        defaults.removeObject(forKey: "pinLockoutUntil")
        defaults.set(tokenExpiryDate, forKey: "tokenExpiryDate")
        defaults.set(true, forKey: "isPinSet")
    }
}
