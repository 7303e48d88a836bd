import SwiftSyntax
import AuditKit

extension PlatformKeyboardExtensionsAllowed {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            // Reported once per project, at its first place.
            .swift(
                """
                final class LoginViewController: UIViewController {
                    @IBAction func showPassword(_ sender: UIButton) {
                        ↓passwordField.isSecureTextEntry = !passwordField.isSecureTextEntry
                    }
                    @IBAction func showPassphrase(_ sender: UIButton) {
                        passphraseField.isSecureTextEntry.toggle()
                    }
                }
                """),
            .swift(
                """
                final class RevealableTextField: UITextField {
                    @objc private func toggleVisibility() {
                        ↓isSecureTextEntry.toggle()
                    }
                }
                """),
            .swift(
                """
                struct PasswordInput: View {
                    @Binding var password: String
                    @State private var revealed = false
                    var body: some View {
                        HStack {
                            if revealed { ↓TextField("Password", text: $password) } else { SecureField("Password", text: $password) }
                            Button("Show") { revealed.toggle() }
                        }
                    }
                }
                """),
            .objectiveC(
                """
                - (IBAction)reveal:(id)sender {
                    self.passwordField.↓secureTextEntry = !self.passwordField.secureTextEntry;
                    self.usernameField.secureTextEntry = NO;
                }
                """),
            .swift(
                """
                final class LoginViewController: UIViewController {
                    @IBAction func showPassword(_ sender: UIButton) {
                        passwordField.isSecureTextEntry.toggle()
                    }
                }
                """,
                otherFiles: [
                    "App/AppDelegate.swift": """
                    final class AppDelegate: UIResponder, UIApplicationDelegate {
                        func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool {
                            extensionPointIdentifier != .keyboard
                        }
                    }
                    """
                ]),
            // Configured once, never flipped: a reused cell, a field that is secure or not by design.
            .swift(
                """
                func configure(_ cell: FieldCell, for field: Field) {
                    cell.textField.isSecureTextEntry = false
                    cell.textField.isSecureTextEntry = field.isProtected
                }
                struct PINInput: View {
                    @Binding var pinCode: String
                    var isSecure = true
                    var body: some View {
                        if isSecure { SecureField("PIN", text: $pinCode) } else { TextField("PIN", text: $pinCode) }
                    }
                }
                """),
        ]
    }
}
