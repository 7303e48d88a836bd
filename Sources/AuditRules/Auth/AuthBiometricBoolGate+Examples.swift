import SwiftSyntax
import AuditKit

extension AuthBiometricBoolGate {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                // Asking whether biometry is available is not an authentication result.
                func showCredentials() {
                    if authenticator.canAuthenticateViaBiometrics() {
                        presentCredentialList()
                    }
                }
                """),
            .swift(
                """
                final class BiometricLoginViewController: UIViewController {
                    var isLoggedIn = false

                    @IBAction func loginWithFaceID() {
                        let context = LAContext()
                        ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { success, error in
                            DispatchQueue.main.async {
                                if success {
                                    self.isLoggedIn = true
                                }
                            }
                        }
                    }
                }
                """),
            .swift(
                """
                func unlock() async {
                    let context = LAContext()
                    do {
                        let ok = try await ↓context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock")
                        guard ok else { return }
                        appState.session = .authenticated
                    } catch {
                        showError(error)
                    }
                }
                """),
            .swift(
                """
                func unlockVault() async throws {
                    try await ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open vault")
                    router.showMainScreen()
                }
                """),
            .swift(
                """
                func storedToken(completion: @escaping (String?) -> Void) {
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { [weak self] success, _ in
                        guard success else { return completion(nil) }
                        let token = KeychainWrapper.standard.string(forKey: "authToken")
                        completion(token)
                    }
                }
                """),
            .swift(
                """
                func readPassword() {
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Show password") { success, _ in
                        if !success { return }
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "password", kSecReturnData as String: true]
                        var item: CFTypeRef?
                        SecItemCopyMatching(query as CFDictionary, &item)
                    }
                }
                """),
            .swift(
                """
                // A wrapper that forwards the Bool, and a caller that logs in on it.
                final class LoginViewController: UIViewController {
                    func authenticateUser(completion: @escaping (Bool) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { success, _ in
                            completion(success)
                        }
                    }

                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        ↓authenticateUser { authenticated in
                            if authenticated { self.performSegue(withIdentifier: "showAccounts", sender: nil) }
                        }
                    }
                }
                """),
            .swift(
                """
                struct LockView: View {
                    @State private var isUnlocked = false
                    func authenticate() {
                        let context = LAContext()
                        ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                            Task { @MainActor in isUnlocked = success }
                        }
                    }
                }
                """),
            .swift(
                """
                func approve() async {
                    if try await ↓BiometricAuthenticator.shared.authenticate(reason: "Approve") {
                        UserDefaults.standard.set(true, forKey: "isLoggedIn")
                    }
                }
                """),
            .swift(
                """
                // Correct: the Keychain item requires biometry; the context only sets the prompt.
                func readToken(context: LAContext) {
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { success, _ in
                        guard success else { return }
                        let query: [String: Any] = [
                            kSecClass as String: kSecClassGenericPassword,
                            kSecAttrAccount as String: "token",
                            kSecReturnData as String: true,
                            kSecUseAuthenticationContext as String: context,
                        ]
                        var item: CFTypeRef?
                        SecItemCopyMatching(query as CFDictionary, &item)
                    }
                }
                """),
            .swift(
                """
                // Correct: the same service stores the item with .biometryCurrentSet, so reading it
                // needs the face or finger again; evaluatePolicy only adds a prompt.
                final class BiometricUnlockService {
                    func unlockKey(for user: String) async throws -> Data {
                        let context = LAContext()
                        guard try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") else {
                            throw UnlockError.cancelled
                        }
                        let account = storageKey(for: user)
                        let query = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: account, kSecReturnData: true] as CFDictionary
                        var item: AnyObject?
                        guard SecItemCopyMatching(query, &item) == errSecSuccess, let data = item as? Data else { throw UnlockError.missing }
                        return data
                    }

                    func storeKey(_ key: Data, for user: String) throws {
                        let account = storageKey(for: user)
                        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryCurrentSet, nil)
                        let attributes = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: account, kSecValueData: key,
                                          kSecAttrAccessControl: access as Any] as CFDictionary
                        SecItemAdd(attributes, nil)
                    }
                }
                """),
            .swift(
                """
                // The biometric access control is on another item: the token read is unprotected.
                final class SessionStore {
                    func restoreSession() async throws {
                        guard try await ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") else { return }
                        let query = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "refreshToken", kSecReturnData: true] as CFDictionary
                        var item: AnyObject?
                        SecItemCopyMatching(query, &item)
                    }
                    func storeSigningKey(_ key: Data) {
                        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryAny, nil)
                        let attributes = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "signingKey", kSecValueData: key,
                                          kSecAttrAccessControl: access as Any] as CFDictionary
                        SecItemAdd(attributes, nil)
                    }
                }
                """),
            .swift(
                """
                // Correct: a Secure Enclave key signs the server's challenge; the server decides.
                func signIn(challenge: Data, key: SecKey) async throws -> Data {
                    let context = LAContext()
                    try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
                    var error: Unmanaged<CFError>?
                    guard let signature = SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, challenge as CFData, &error) else { throw AuthError.signing }
                    return signature as Data
                }
                """),
            .swift(
                """
                // A failed check shows an error; the success branch only hides a privacy overlay.
                func authenticate() {
                    context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Show balances") { success, error in
                        if !success {
                            self.isLoggedIn = false
                            self.showLoginScreen()
                        }
                    }
                }
                """),
            .swift(
                """
                // A privacy lock: unlock() only changes what the screen shows (in-memory tabs, no
                // stored secret or session behind it).
                final class PrivateBrowsingLock {
                    func authenticate(windowID: UUID) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Show private tabs") { success, _ in
                            DispatchQueue.main.async {
                                if success { Self.unlock(windowID: windowID) } else { Self.lock(windowID: windowID) }
                            }
                        }
                    }
                    private static func unlock(windowID: UUID) {
                        store.dispatch(LockAction(windowID: windowID, state: LockState(access: .unlocked, since: Date())))
                        overlayView.isHidden = true
                    }
                    private static func lock(windowID: UUID) {
                        store.dispatch(LockAction(windowID: windowID, state: LockState(access: .locked, since: nil)))
                    }
                }
                """),
            .swift(
                """
                // The same shape, but unlocking reads the session token from an unprotected Keychain item.
                final class QuickLoginController {
                    func authenticate() {
                        ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { success, _ in
                            if success { self.unlock() }
                        }
                    }
                    private func unlock() {
                        let token = KeychainWrapper.standard.string(forKey: "sessionToken")
                        api.resume(with: token)
                    }
                }
                """),
            .swift(
                """
                func canUseBiometrics() -> Bool {
                    let context = LAContext()
                    return context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
                }
                """),
            .objectiveC(
                """
                - (void)loginWithTouchID {
                    LAContext *context = [[LAContext alloc] init];
                    [context ↓evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics
                            localizedReason:@"Log in"
                                      reply:^(BOOL success, NSError *error) {
                        if (success) {
                            dispatch_async(dispatch_get_main_queue(), ^{
                                self.isLoggedIn = YES;
                                [self performSegueWithIdentifier:@"showHome" sender:self];
                            });
                        }
                    }];
                }
                """),
            .objectiveC(
                """
                + (void)authenticateWithTouchID {
                    LAContext *context = [[LAContext alloc] init];
                    [context ↓evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Authenticate" reply:^(BOOL success, NSError *error) {
                        if (success) {
                            [self showAlert:@"Success" withTitle:@"Authentication Successful"];
                        } else {
                            [self showAlert:@"Error" withTitle:@"Authentication Failed"];
                        }
                    }];
                }
                """),
            .objectiveC(
                """
                - (void)readSecretWithContext:(LAContext *)context {
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Read" reply:^(BOOL success, NSError *error) {
                        if (success) {
                            NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                     (__bridge id)kSecUseAuthenticationContext: context };
                            SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                        }
                    }];
                }
                """),
            .objectiveC(
                """
                // Correct: the item is stored with kSecAccessControlBiometryCurrentSet; reading it asks again.
                - (void)showSecret {
                    [self.context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Show" reply:^(BOOL success, NSError *error) {
                        if (success) {
                            NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                     (__bridge id)kSecAttrAccount: @"vaultKey", (__bridge id)kSecReturnData: @YES };
                            SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                        }
                    }];
                }
                - (void)storeSecret:(NSData *)secret {
                    SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                                 kSecAccessControlBiometryCurrentSet, NULL);
                    NSDictionary *attributes = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccount: @"vaultKey",
                                                  (__bridge id)kSecValueData: secret, (__bridge id)kSecAttrAccessControl: (__bridge id)access };
                    SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
                }
                """),
        ]
    }
}
