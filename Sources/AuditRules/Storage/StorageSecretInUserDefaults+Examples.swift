import SwiftSyntax
import AuditKit

extension StorageSecretInUserDefaults {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func didLogIn(token: String) {
                    ↓UserDefaults.standard.set(token, forKey: "authToken")
                }
                """),
            .swift(
                """
                func remember(password: String) {
                    let defaults = UserDefaults.standard
                    ↓defaults.setValue(password, forKey: "userPassword")
                }
                """),
            .swift(
                """
                struct SettingsView: View {
                    ↓@AppStorage("refresh_token") var refreshToken = ""
                }
                """),
            .swift(
                """
                final class Session {
                    var accessToken: String? {
                        get { UserDefaults.standard.string(forKey: Keys.session) }
                        set { ↓UserDefaults.standard.set(newValue, forKey: Keys.session) }
                    }
                }
                """),
            // Settings about a passcode or a password, keyed by enum cases: a raw value, a
            // generator's parameters.
            .swift(
                """
                final class Settings {
                    var passcodeKeyboardType: PasscodeKeyboardType {
                        get { PasscodeKeyboardType(rawValue: defaults.integer(forKey: Keys.passcodeKeyboardType.rawValue)) ?? .numeric }
                        set { UserDefaults.standard.set(newValue.rawValue, forKey: Keys.passcodeKeyboardType.rawValue) }
                    }
                    var passwordGeneratorConfig: PasswordGeneratorParams {
                        get { PasswordGeneratorParams.deserialize(from: defaults.data(forKey: Keys.passwordGeneratorConfig.rawValue)) }
                        set { UserDefaults.standard.set(newValue.serialize(), forKey: Keys.passwordGeneratorConfig.rawValue) }
                    }
                }
                """),
            .swift(
                """
                func remember(token: String) {
                    ↓UserDefaults.standard.set(token, forKey: Keys.authToken.rawValue)
                }
                """),
            .swift(
                """
                func rememberTheme(_ theme: String) {
                    UserDefaults.standard.set(theme, forKey: "selectedTheme")
                    UserDefaults.standard.set(true, forKey: "hasSeenOnboarding")
                }
                """),
            .swift(
                """
                // The defaults object in a typed optional, used with `?` and `!`.
                final class PinViewController: UIViewController {
                    @IBOutlet var pinField: UITextField!

                    func savePin() {
                        let defaults: UserDefaults? = UserDefaults.standard
                        ↓defaults?.set(pinField.text, forKey: "pin")
                        let shared: UserDefaults! = UserDefaults(suiteName: "group.com.bank")
                        ↓shared!.set(pinField.text, forKey: "pinCode")
                    }
                }
                """),
            .swift(
                """
                // A private wrapper stores whatever it is given; the callers pass the secret.
                final class AppSettingsStore {
                    private let userDefaults: UserDefaults

                    init(userDefaults: UserDefaults) {
                        self.userDefaults = userDefaults
                    }

                    private func store(_ value: String?, for key: Keys) {
                        userDefaults.set(value, forKey: key.storageKey)
                    }

                    func setTwoFactorToken(_ token: String?, email: String) {
                        ↓store(token, for: .twoFactorToken(email: email))
                    }

                    func setLastUsername(_ username: String?) {
                        store(username, for: .lastUsername)
                    }

                    func setEncryptedPin(_ encryptedPin: String?) {
                        store(encryptedPin, for: .encryptedPin)
                    }

                    func setPasswordGenerationOptions(_ options: String?) {
                        store(options, for: .passwordGenerationOptions)
                    }
                }
                """),
            .swift(
                """
                // Facts about a secret (a failure counter, a flag, an expiry date) are not the secret.
                final class LockSettings {
                    private let defaults = UserDefaults(suiteName: "group.com.bank")!

                    var failedPinAttempts: Int {
                        get { defaults.integer(forKey: "lock-failed-pin-attempts") }
                        set { defaults.set(newValue, forKey: "lock-failed-pin-attempts") }
                    }

                    var passcodeEnabled: Bool {
                        get { defaults.bool(forKey: Keys.passcodeEnabled) }
                        set { defaults.set(newValue, forKey: Keys.passcodeEnabled) }
                    }

                    // A push token identifies the device to the push service; it grants nothing.
                    func setPushToken(token: String) {
                        defaults.set(token, forKey: Keys.pushToken)
                    }

                    func recordSession(expiresAt tokenExpiryDate: Date, pin: String) {
                        defaults.set(tokenExpiryDate, forKey: "tokenExpiryDate")
                        defaults.set(pin.count, forKey: "pinLength")
                        defaults.set(failedPinAttempts + 1, forKey: "pinRetries")
                        UserDefaults.standard.set(true, forKey: "isPasscodeSet")
                    }
                }
                struct PrivacyView: View {
                    @AppStorage("biometricUnlockPasscodeFallbackEnabled") var passcodeFallback = false
                }
                """),
            .swift(
                """
                // The passcode itself, next to its counter.
                final class LockSettings {
                    private let defaults = UserDefaults(suiteName: "group.com.bank")!

                    var passcode: String? {
                        get { defaults.string(forKey: "lock-passcode") }
                        set { ↓defaults.set(newValue, forKey: "lock-passcode") }
                    }

                    var failedPasscodeAttempts: Int {
                        get { defaults.integer(forKey: "lock-failed-passcode-attempts") }
                        set { defaults.set(newValue, forKey: "lock-failed-passcode-attempts") }
                    }

                    func remember(pinEntry: String) {
                        ↓defaults.set(pinEntry, forKey: "pinCode")
                    }
                }
                """),
            .objectiveC(
                """
                - (void)recordFailedPinAttempt {
                    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
                    [defaults setObject:@(self.failedPinAttempts + 1) forKey:@"failedPinAttempts"];
                    [defaults setObject:[NSDate date] forKey:@"pinLockedUntil"];
                    [defaults setObject:@YES forKey:@"passcodeEnabled"];
                    [defaults ↓setObject:self.pinField.text forKey:@"pin"];
                }
                """),
            .objectiveC(
                """
                - (void)storeCredentialsInSettings {
                    NSUserDefaults *credentials = [NSUserDefaults standardUserDefaults];
                    [credentials setObject:self.username.text forKey:@"username"];
                    [credentials ↓setObject:self.password.text forKey:@"password"];
                    [credentials synchronize];
                }

                - (void)savePin:(NSString *)pinCode {
                    NSUserDefaults *shared = [[NSUserDefaults alloc] initWithSuiteName:@"group.com.bank"];
                    [shared ↓setObject:pinCode forKey:@"PIN"];
                }
                """),
            .objectiveC(
                """
                - (void)saveTheme {
                    NSUserDefaults *prefs = [NSUserDefaults standardUserDefaults];
                    [prefs setObject:self.themeName forKey:@"theme"];
                    NSMutableDictionary *form = [NSMutableDictionary dictionary];
                    [form setObject:self.password.text forKey:@"password"];
                }
                """),
            .objectiveC(
                """
                - (void)didLogIn:(NSString *)token {
                    [[NSUserDefaults standardUserDefaults] ↓setObject:token forKey:@"authToken"];
                }
                """),
            .objectiveC(
                """
                - (void)rememberTheme:(NSString *)theme {
                    [[NSUserDefaults standardUserDefaults] setObject:theme forKey:@"theme"];
                }
                """),
        ]
    }
}
