import SwiftSyntax
import AuditKit

extension LogSensitiveData {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func didReceive(token: String, for user: User) {
                    ↓print("Received token: \\(token)")
                    ↓debugPrint("Password", user.password)
                    ↓NSLog("Auth header: %@", request.value(forHTTPHeaderField: "Authorization") ?? "")
                }
                """),
            .swift(
                """
                private let logger = Logger(subsystem: "com.bank.app", category: "auth")
                func login(username: String, password: String, otp: String) {
                    ↓logger.info("Logging in \\(username, privacy: .public) with password \\(password, privacy: .public)")
                    ↓logger.debug("OTP: \\(otp)")
                    ↓os_log("Session token: %{public}@", log: .default, type: .debug, session.accessToken)
                    ↓DDLogInfo("refresh token \\(credentials.refreshToken)")
                }
                """),
            .swift(
                """
                func send(_ request: URLRequest) {
                    var request = request
                    request.setValue("Bearer \\(accessToken)", forHTTPHeaderField: "Authorization")
                    ↓print("Headers: \\(request.allHTTPHeaderFields ?? [:])")
                }
                """),
            .swift(
                """
                func didReceive(token: String) {
                    logger.info("Received token for \\(userID, privacy: .public), length \\(token.count)")
                    logger.debug("Token: \\(token, privacy: .private(mask: .hash))")
                    logger.debug("Token: \\(token, privacy: .sensitive)")
                    print("Token prefix: \\(token.prefix(4))…")
                    print("tokenCount=\\(tokenCount) pinCodeLength=\\(pinCodeLength) enabled=\\(passwordField.isEnabled)")
                    print("Has password: \\(password.isEmpty == false)")
                    print("Password reset email sent")
                    os_log("Session token: %{private}@", log: .default, type: .debug, token)
                    logger.error("Keychain read failed: \\(status)")
                }
                """),
            .swift(
                """
                // Card-number abbreviations as whole words; labels that name what the value is.
                func checkout(vendorID: UUID, entered: String) {
                    ↓NSLog("ccNo: %@", ccNoTextField.text ?? "")
                    ↓print("card", cardNo)
                    ↓print("encryption key is \\(vendorID)")
                    ↓print("Password:", entered)
                    ↓os_log("PIN = %{public}@", log: .default, type: .debug, entered)
                    print("accessory \\(accessoryView) success \\(success) span \\(span) company \\(company)")
                    print("pan \\(panGesture) cc \\(ccRecipients)")
                    print("Failed to refresh token: \\(error)")
                    print("Certificate pin: \\(spkiHash)")
                    print("token type: \\(tokenType), password length: \\(entered.count)")
                    print("Password: \\(String(repeating: "•", count: entered.count))")
                    NSLog("PIN: %@ valid: %d", pinValidated ? "yes" : "no", isValid)
                }
                """),
            .swift(
                """
                // A value whose fields were given a secret, then logged.
                @IBAction func signUpTapped(_ sender: Any) {
                    let user = PFObject(className: "Person")
                    user["name"] = nameTextField.text
                    user["password"] = passwordTextField.text
                    ↓print("user saved: \\(user.description)")
                    user.saveInBackground { succeeded, _ in
                        if succeeded { ↓print("Saved user info: \\(user)") }
                    }
                }
                func signOut() {
                    let profile = Profile()
                    profile.password = nil
                    profile.name = "guest"
                    print("signed out: \\(profile)")
                }
                """),
            .objectiveC(
                """
                - (void)signUp {
                    PFObject *user = [PFObject objectWithClassName:@"Person"];
                    user[@"password"] = self.passwordTextField.text;
                    ↓NSLog(@"user saved: %@", user.description);
                    NSString *passwordFromKeychain = [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding];
                    ↓NSLog(@"Password from keychain: %@", passwordFromKeychain);
                    ↓NSLog(@"encryption key is %@", [[UIDevice currentDevice] identifierForVendor]);
                    ↓NSLog(@"CC value : %@", _ccField.text);
                    NSLog(@"Failed to read the token: %@", error);
                    NSLog(@"Password length: %lu, saved: %d", (unsigned long)length, saved);
                    NSLog(@"pin: %{private}@", pinValue);
                    NSLog(@"accessory %@ succeeded %d", self.accessoryView, success);
                }
                """),
            .objectiveC(
                """
                - (void)didLogin:(NSString *)token {
                    ↓NSLog(@"Logged in with token %@", token);
                    ↓NSLog(@"Password: %@", self.passwordField.text);
                    ↓DDLogDebug(@"Session: %@", [self.session accessToken]);
                    NSLog(@"Token length: %lu", (unsigned long)token.length);
                    NSLog(@"Login succeeded for %@", self.username);
                }
                """),
            .swift(
                """
                func logIn(_ parameters: [String: String]) {
                    AF.request(loginURL, method: .post, parameters: parameters).responseJSON { response in
                        ↓print(response)
                        if let json = response.value as? [String: Any], let token = json["auth_token"] as? String {
                            session.token = token
                        }
                    }
                }
                """),
            .swift(
                """
                func loadFeed() {
                    AF.request(feedURL).responseJSON { response in
                        print(response)
                        if let json = response.value as? [String: Any], let items = json["items"] as? [[String: Any]] {
                            show(items)
                        }
                    }
                }
                """),
        ]
    }
}
