import UIKit

/// Choosing the card PIN: the field shows the digits in clear, and the confirmation field
/// has a "show" button in an app that never refuses keyboard extensions.
final class PINSetupViewController: UIViewController {
    private let pinField = UITextField()
    private let confirmPINField = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        pinField.keyboardType = .numberPad
        confirmPINField.keyboardType = .numberPad
        confirmPINField.isSecureTextEntry = true
    }

    @IBAction func showConfirmation(_ sender: UIButton) {
        confirmPINField.isSecureTextEntry.toggle()
    }
}
