import Foundation

/// App-lock state kept in the shared app-group defaults. The lockout counter and the flag
/// are fine there; the passcode itself is not.
final class AppLockSettings {
    private let defaults: UserDefaults

    init(defaults: UserDefaults = UserDefaults(suiteName: "group.com.vulnerablebank")!) {
        self.defaults = defaults
    }

    var passcode: String? {
        get { defaults.string(forKey: "applock.passcode") }
        set { defaults.set(newValue, forKey: "applock.passcode") }
    }

    var failedPasscodeAttempts: Int {
        get { defaults.integer(forKey: "applock.failed-passcode-attempts") }
        set { defaults.set(newValue, forKey: "applock.failed-passcode-attempts") }
    }

    var passcodeEnabled: Bool {
        get { defaults.bool(forKey: "applock.passcode-enabled") }
        set { defaults.set(newValue, forKey: "applock.passcode-enabled") }
    }

    var pinLockedUntil: Date? {
        get { defaults.object(forKey: "applock.pin-locked-until") as? Date }
        set { defaults.set(newValue, forKey: "applock.pin-locked-until") }
    }
}
