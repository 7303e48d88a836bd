import SwiftSyntax
import AuditKit

extension PlatformPasteboardUnrestricted {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                @IBAction func copyPassword(_ sender: Any) {
                    ↓UIPasteboard.general.string = passwordField.text
                }
                """),
            .swift(
                """
                func copyOneTimeCode(_ code: String) {
                    let pasteboard = UIPasteboard.general
                    ↓pasteboard.string = code
                }
                func share(account: Account) {
                    ↓UIPasteboard.general.setValue(account.iban, forPasteboardType: "public.plain-text")
                    ↓UIPasteboard.general.setItems([["public.utf8-plain-text": account.cardNumber]], options: [.localOnly: true])
                    ↓UIPasteboard.general.items = [["public.utf8-plain-text": wallet.seedPhrase]]
                }
                """),
            .swift(
                """
                // An expiry alone does not keep a recovery key off the user's other devices.
                final class RecoveryKeyViewController: UIViewController {
                    private let pool: AccountEntropyPool
                    private func copyToClipboard() {
                        ↓UIPasteboard.general.setItems([[UIPasteboard.typeAutomatic: pool.displayString]],
                                                      options: [.expirationDate: Date().addingTimeInterval(60)])
                    }
                    func copyBackupKey(_ backupKey: String) {
                        ↓UIPasteboard.general.setItems([[UTType.plainText.identifier: backupKey]], options: [.localOnly: true])
                    }
                    func copyMnemonic(_ words: String) {
                        ↓UIPasteboard.general.string = words
                    }
                }
                """),
            .swift(
                """
                // Correct: kept on this device and cleared after a minute.
                func copyRecoveryKey(_ recoveryKey: String) {
                    let options: [UIPasteboard.OptionsKey: Any] = [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)]
                    UIPasteboard.general.setItems([[UTType.plainText.identifier: recoveryKey]], options: options)
                }
                """),
            .swift(
                """
                func copyOneTimeCode(_ otp: String) {
                    UIPasteboard.general.setItems([[UTType.plainText.identifier: otp]],
                                                  options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)])
                }
                func copyReference(_ transfer: Transfer) {
                    UIPasteboard.general.string = transfer.reference
                    let token = UIPasteboard.general.string
                }
                """),
            .objectiveC(
                """
                - (IBAction)copyCode:(id)sender {
                    NSDate *expiry = [NSDate dateWithTimeIntervalSinceNow:60];
                    [[UIPasteboard generalPasteboard] setItems:@[ @{ UTTypePlainText.identifier: self.otpCode } ]
                                                       options:@{ UIPasteboardOptionLocalOnly: @YES, UIPasteboardOptionExpirationDate: expiry }];
                    NSString *pasted = [UIPasteboard generalPasteboard].string;
                }
                """),
            .objectiveC(
                """
                - (IBAction)copyPassword:(id)sender {
                    ↓[UIPasteboard generalPasteboard].string = self.passwordField.text;
                    [[UIPasteboard generalPasteboard] ↓setString:self.account.accessToken];
                }
                - (IBAction)copyName:(id)sender {
                    [UIPasteboard generalPasteboard].string = self.nameLabel.text;
                }
                """),
        ]
    }
}
