import UIKit

/// Payment and sign-up forms with diagnostics left in the release build.
final class CheckoutViewController: UIViewController {
    @IBOutlet var ccNoTextField: UITextField!
    @IBOutlet var nameTextField: UITextField!
    @IBOutlet var passwordTextField: UITextField!

    @IBAction func payTapped(_ sender: Any) {
        NSLog("ccNo: %@", ccNoTextField.text ?? "")
        let vendorKey = UIDevice.current.identifierForVendor?.uuidString ?? ""
        print("encryption key is \(vendorKey)")
    }

    @IBAction func signUpTapped(_ sender: Any) {
        var profile: [String: String] = [:]
        profile["name"] = nameTextField.text
        profile["password"] = passwordTextField.text
        print("profile saved: \(profile.description)")
    }

    func paymentFailed(_ error: Error, accessoryCount: Int, success: Bool) {
        print("Failed to tokenize card number: \(error)")
        print("Card form accessory \(accessoryCount) succeeded: \(success)")
    }
}
