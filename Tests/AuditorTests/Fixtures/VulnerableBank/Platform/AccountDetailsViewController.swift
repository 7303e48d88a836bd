import UIKit

final class AccountDetailsViewController: UIViewController {
    @IBOutlet private var ibanLabel: UILabel!
    var account: Account!

    @IBAction func copyIBAN(_ sender: UIButton) {
        UIPasteboard.general.string = account.iban
    }

    @IBAction func copyOneTimePassword(_ sender: UIButton) {
        let pasteboard = UIPasteboard.general
        pasteboard.setItems([["public.utf8-plain-text": account.otpCode]], options: [.localOnly: true])
    }

    @IBAction func copyAccountName(_ sender: UIButton) {
        UIPasteboard.general.string = account.displayName
    }
}
