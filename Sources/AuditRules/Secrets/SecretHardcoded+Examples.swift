import Foundation
import SwiftSyntax
import AuditKit

extension SecretHardcoded {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            RuleExample(
                .swift,
                """
                enum PaymentConfig {
                    static let stripeKey = ↓"sk\u{5F}live\u{5F}51HxQ2cLkq8ZpT3v9YbN4mW7rD2sF6gH"
                    static let publishableKey = "pk\u{5F}live\u{5F}51HxQ2cLkq8ZpT3v9YbN4mW7rD2sF6gH"
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                let s3 = S3Client(accessKeyId: ↓"AK\u{49}A4KX7N2QPLM3RZ8WT", secretAccessKey: ↓"wJalrXUtnFEMI/K7MDENG/bPxRfiCYq9Lm3Tz8Vk")
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                final class APIClient {
                    private let apiKey = ↓"f3a9c2e87b1d4f6a9e0c5b2d8a7f1e3c"
                    private let clientSecret: String = ↓"Zq8vN3kP7xR2mT5wY9bC4jH6gF1dS0aL"
                    private let apiKeyHeader = "X-Api-Key"
                    private let tokenURL = "https://auth.bank.example/oauth/token"
                    private let requestID = "8f14e45f-ceea-4c7b-9d4a-1b2c3d4e5f60"
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                func configure() {
                    GMSServices.provideAPIKey(↓"AI\u{7A}aSyD4x9Kq2mV7nB3cX8zL5pT1wR6yH0jG2fE")
                    Flurry.startSession(↓"ZMSFBDBYFQ8XHQBRP2VY")
                    let parseClientKey = ↓"R8fRtBGNuDSCwezz5poKIxEHuRxvsFZFJnDrubX0"
                    let headers = ["Authorization": ↓"Bearer 9b2f7c4e1a8d3f6b0c5e2a7d4f1b8c3e", "Accept": "application/json"]
                    request.setValue(↓"Bearer 5d8e1a4f7b0c3e6a9d2f5b8c1e4a7d0f", forHTTPHeaderField: "Authorization")
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                struct Integrations {
                    var slackToken: String { ↓"xo\u{78}b-2048573910-4958372615-aB3dE5fG7hJ9kL1mN3pQ5rS7" }
                    let webhook = URL(string: ↓"https://hooks.slack.com/services\u{2F}T024BE7LD/B01H8E3K2L9/Xk3mP9qR2sT5vW8yZ1bC4dF6")
                    let github = ↓"gh\u{70}_R8kN2mQ5vX9zB3cF7hJ1lP4sT6wY0aD2eG5iK8"
                    let fcmServerKey = ↓"AAAAx1yZ2wQ\u{3A}APA91bH4kL7mN0pQ3rS6tU9vW2xY5zA8bC1dE4fG7hI0jK3lM6nO9pQ2rS5tU8vW1xY4zA7bC0dE3fG6hI9"
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                let signingKey = ↓\"\"\"
                -----BEGIN EC PRIVATE\u{20}KEY-----
                MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5fgfQVFWKL8TNoAoGCCqGSM49
                AwEHoUQDQgAEVu4Xq2ZQ3J7k9m0pL1nR5sT8vW2yZ4bC6dF8hJ0kL2mN4pQ6rS8t
                -----END EC PRIVATE\u{20}KEY-----
                \"\"\"
                let demoSession = ↓"ey\u{4A}hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.ey\u{4A}zdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                enum Credentials {
                    static let adminPassword = ↓"Adm1n@2024!"
                    static let password = "password"
                    static let passwordKey = "com.bank.password"
                    static let tokenCount = "12"
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // Placeholders, build-setting references and public identifiers.
                enum Keys {
                    static let apiKey = "YOUR_API_KEY"
                    static let secret = "<client-secret>"
                    static let token = "$(API_TOKEN)"
                    static let stripePublishable = "pk\u{5F}live\u{5F}51HxQ2cLkq8ZpT3v9YbN4mW7rD2sF6gH"
                    static let awsDocs = "AK\u{49}AIOSFODNN7EXAMPLE"
                    static let apiKeyFromPlist = Bundle.main.object(forInfoDictionaryKey: "API_KEY") as? String
                    static let emptySecret = ""
                    static let accessToken = "xxxxxxxxxxxxxxxxxxxxxxxx"
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                func fetchToken() async throws -> String {
                    let token = try await keychain.read(account: "session")
                    let message = "Your access token expires in 5 minutes"
                    let secretName = "prod/api/stripe"
                    return token
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                #define API_KEY @↓"9f8e7d6c5b4a39281716aBcDeF0123456789"
                static NSString *const kClientSecret = @↓"Zq8vN3kP7xR2mT5wY9bC4jH6gF1dS0aL";
                static NSString *const kStripeKey = @↓"sk\u{5F}live\u{5F}51HxQ2cLkq8ZpT3v9YbN4mW7rD2sF6gH";

                - (void)configure {
                    NSDictionary *params = @{ @"api_key": @↓"a7F3kL9mP2qR5tV8xZ1bC4eG6hJ0nW3y", @"format": @"json" };
                    [self.client setApiToken:@↓"Qm9vN2xQ5kR8tW1yZ4cE7gJ0aD3fH6iL"];
                    [request setValue:@↓"Bearer 4e7a1d8f2b5c9e3a6d0f4b7c1e8a5d2f" forHTTPHeaderField:@"Authorization"];
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // A credential checked against, or passed as, a literal.
                fileprivate let cookiePassword = ↓"dvpassword"
                func unlock(username: String, password: String) {
                    if username == "Admin" && password == ↓"This!sA5Ecret" { openVault() }
                    if passwordTextField.text == ↓"root" { openVault() }
                    secureStore(userName: "iGoat", password: ↓"taoGi")
                    // An encryption call's password is crypto-hardcoded-key's finding, not a second one here.
                    let plain = try? RNDecryptor.decryptData(blob, withPassword: "Secret-Key")
                    let passwd = ↓"tenzinnorgay"
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // Placeholders, field and key names, UI text, pins and code identifiers.
                enum LoginKeys {
                    static let passwordKey = "userPassword"
                    static let pinStorageKey = "user_pin"
                    static let pin = "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
                    static let classInternetPassword = "inet"
                    static let demoPIN = PIN("246810")
                }
                func validate(token: Token) {
                    if password == "" || password == "password" || passwordField.text == "Password" { return }
                    if token.text == "kSecAttrAccessible" || tokenType == "Bearer" { return }
                    let field = SecureField("Password", text: $password)
                    promptForPIN(placeholder: "Enter PIN", title: "Unlock")
                    login(password: "<password>")
                    login(password: "YOUR_PASSWORD")
                    login(password: "********")
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                static NSString *const CookiePassword = @↓"dvpassword";
                - (BOOL)check {
                    if ([self.passwordField.text isEqualToString:@↓"root"]) { return YES; }
                    if ([pin isEqualToString:@↓"4321"]) { return YES; }
                    NSData *plain = [RNDecryptor decryptData:blob withPassword:@"Secret-Key" error:nil];
                    return NO;
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                // SDK keys: a client key in a shared header, an analytics key passed to the SDK's start call.
                #define kParseClientKey @↓"R8fRtBGNuDSCwezz5poKIxEHuRxvsFZFJnDrubX0"
                - (void)startSDKs {
                    [Flurry startSession:@↓"ZMSFBDBYFQ8XHQBRP2VY"];
                    [Parse setApplicationId:kParseAppId clientKey:kParseClientKey];
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                // Constants of a settings API's key type name where a setting is stored.
                OCClassSettingsKey OCClassSettingsKeyPasscodeLockDelay = @"lockDelay";
                OCClassSettingsKey OCClassSettingsKeyPasscodeEnforcedByDevice = @"enforced-by-device";
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                - (void)check {
                    if ([self.passwordField.text isEqualToString:@""]) { return; }
                    if ([token.text isEqualToString:@"kSecAttrAccessible"]) { return; }
                    if ([self.theTextField.text isEqualToString:@"root"]) { return; }
                    self.passwordField.placeholder = @"Password";
                    [alert setTitle:@"Enter password"];
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                #define API_KEY_NAME @"X-Api-Key"
                static NSString *const kTokenKey = @"authToken";
                - (NSString *)apiKey {
                    return [[NSBundle mainBundle] objectForInfoDictionaryKey:@"API_KEY"];
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // Scaffolding shipped in app folders: mocks, previews and Debug-only code hold sample credentials.
                final class MockLoginStore: LoginStore {
                    func logins() -> [Login] {
                        [Login(user: "demo", password: "S4mple!pw"), Login(user: "demo2", password: "S4mple!pw")]
                    }
                }
                struct VaultStub { let masterPassword = "St0b#Vault" }
                func makeFakeAccount() -> Account { Account(name: "Ann", password: "Fak3!Acct") }
                struct LoginView_Previews: PreviewProvider {
                    static var previews: some View { LoginView(password: "Pr3view!pw") }
                }
                #Preview { UnlockView(pin: "480213") }
                #if DEBUG
                let debugAdminPassword = "Adm1n@2024!"
                #endif
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // Real code next to scaffolding: a provider key in a mock and a password outside Debug still count.
                final class MockPayments { let stripeKey = ↓"sk\u{5F}live\u{5F}51HxQ2cLkq8ZpT3v9YbN4mW7rD2sF6gH" }
                final class Mockingbird { let password = ↓"Adm1n@2024!" }
                #if DEBUG
                let endpoint = "https://staging.bank.example"
                #else
                let supportPassword = ↓"Supp0rt!24"
                #endif
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // Names of storage slots: the value spells the constant's name, or the constant is only a key.
                private let kVaultPinCode = "kVaultPinCode"
                private let PIN_CODE = "pinCode"
                private let legacyPassphrase = "VaultDBPass"
                func legacy() -> String? { keyValueStore.getString(legacyPassphrase, transaction: tx) }
                func wipe() {
                    keyValueStore.removeValues(forKeys: [legacyPassphrase, kVaultPinCode], transaction: tx)
                    UserDefaults.standard.removeObject(forKey: legacyPassphrase)
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: legacyPassphrase]
                    keychain[legacyPassphrase] = nil
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // A constant that is also sent or stored as a value is the secret itself.
                private let servicePassword = ↓"Svc!Pass99"
                func lookup() -> String? { keyValueStore.getString(servicePassword) }
                func authorize(_ request: inout URLRequest) { request.setValue(servicePassword, forHTTPHeaderField: "X-Service-Pass") }
                private let vaultPassphrase = ↓"Vault#Pass1"
                func store() { keychain.set(vaultPassphrase, forKey: "vault") }
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                // A keychain or key-value wrapper's value is named by the key it is stored under.
                func seedVault() {
                    let keychain = KeychainSwift()
                    keychain.set(↓"vaultMaster#2024", forKey: "Vault Passcode")
                    KeychainWrapper.standard.set(↓"Adm1n!Reset", forKey: Keys.adminPassword)
                    keychain.set("dark-theme-v2", forKey: "appearance")
                    keychain.set("onboarding-2024", forKey: Keys.lastOnboarding)
                    keychain.set(userPasscode, forKey: "Vault Passcode")
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                static NSString *const kDBPassphrase = @"TSVaultPass";
                static NSString *const kPinCode = @"kPinCode";
                #ifdef DEBUG
                static NSString *const kDebugPassword = @"Adm1n@2024!";
                #endif
                @implementation MockCredentialStore
                - (void)seed { NSString *password = @"S4mple!pw"; [self save:password]; }
                @end
                @implementation VaultStorage
                + (NSData *)legacyPassphrase { return [self tryToLoadKeychainValue:kDBPassphrase error:nil]; }
                + (void)wipe {
                    [keychain removeWithService:kService key:kDBPassphrase error:nil];
                    [[NSUserDefaults standardUserDefaults] removeObjectForKey:kPinCode];
                }
                @end
                """, silencedInsideStrings: false),
            RuleExample(
                .objectiveC,
                """
                static NSString *const kAdminPassword = @↓"Adm1n@2024!";
                #if !DEBUG
                static NSString *const kReleasePassword = @↓"Rel3ase!pw";
                #endif
                @implementation SupportLogin
                - (void)login {
                    [keychain removeWithService:kService key:kAdminPassword error:nil];
                    [self.client loginWithPassword:kAdminPassword];
                }
                @end
                """, silencedInsideStrings: false),
            RuleExample(
                .propertyList(fileName: "Info.plist"),
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>CFBundleIdentifier</key>
                    <string>com.bank.app</string>
                    <key>APIKey</key>
                    ↓<string>b8e4f1a7d3c9e2f5a8b1d4e7f0a3c6b9</string>
                    <key>ClientSecret</key>
                    ↓<string>Zq8vN3kP7xR2mT5wY9bC4jH6gF1dS0aL</string>
                    <key>AnalyticsToken</key>
                    <string>$(ANALYTICS_TOKEN)</string>
                    <key>GMSApiKey</key>
                    ↓<string>AI\u{7A}aSyD4x9Kq2mV7nB3cX8zL5pT1wR6yH0jG2fE</string>
                </dict>
                </plist>
                """, silencedInsideStrings: false),
            RuleExample(
                .propertyList(fileName: "mock-GoogleService-Info.plist"),
                """
                <plist version="1.0"><dict><key>API_KEY</key><string>AI\u{7A}aSyBx1Kq2mV7nB3cX8zL5pT1wR6yH0jG2fE</string></dict></plist>
                """, silencedInsideStrings: false),
            RuleExample(
                .propertyList(fileName: "GoogleService-Info.plist"),
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>API_KEY</key>
                    <string>AI\u{7A}aSyD4x9Kq2mV7nB3cX8zL5pT1wR6yH0jG2fE</string>
                    <key>GCM_SENDER_ID</key>
                    <string>448618578101</string>
                    <key>BUNDLE_ID</key>
                    <string>com.bank.app</string>
                </dict>
                </plist>
                """, silencedInsideStrings: false),
            // Values that are not secrets under secret-sounding names: a map pin's coordinates,
            // an accessibility identifier, a PostHog project key (public by design).
            RuleExample(
                .swift,
                """
                struct DebugMap {
                    var firstPinLatitude = "40.785091"
                    var firstPinLongitude = "-73.968285"
                }
                struct LoginScreen {
                    let password = "login-password"
                    let resetPin = "login-reset-pin"
                }
                let analyticsAPIKey = "phc\u{5F}rXGHx9vDmyEvyRxPziYtdVIv0ahEv8A9uLWFcCi1WcU"
                """, silencedInsideStrings: false),
            RuleExample(
                .swift,
                """
                struct LoginScreen {
                    let password = ↓"login-Passw0rd"
                }
                """, silencedInsideStrings: false),
            RuleExample(
                .text(fileName: "Config.xcconfig"),
                """
                // Release settings
                API_BASE_URL = https:/$()/api.bank.example
                API_KEY = ↓c4f8a2e6b0d3f7a1c5e9b2d6f0a4c8e1
                STRIPE_SECRET_KEY = ↓sk\u{5F}live\u{5F}51HxQ2cLkq8ZpT3v9YbN4mW7rD2sF6gH
                ANALYTICS_TOKEN = $(inherited)
                PRODUCT_BUNDLE_IDENTIFIER = com.bank.app
                """, silencedInsideStrings: false),
            RuleExample(
                .text(fileName: "Config.xcconfig"),
                """
                API_KEY = YOUR_API_KEY_HERE
                CLIENT_SECRET =
                """, silencedInsideStrings: false),
            RuleExample(
                .text(fileName: "config.json"),
                """
                {
                  "environment": "production",
                  "api_key": ↓"e1d4a7c0f3b6e9d2a5c8f1b4e7d0a3c6",
                  "sentry": { "dsn": "https://public@sentry.example/1", "auth_token": ↓"9Lm3Tz8VkQ2wE5rT7yU1iO4pA6sD8fG0hJ2kL4zX" },
                  "token_expiry_seconds": "3600"
                }
                """, silencedInsideStrings: false),
        ]
    }
}
