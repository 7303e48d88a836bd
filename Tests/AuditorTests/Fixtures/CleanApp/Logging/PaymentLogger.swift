import UIKit

/// Payment diagnostics that say what happened, never what was typed.
final class PaymentLogger {
    func cardRejected(error: Error, attempts: Int) {
        print("Failed to tokenize card number: \(error)")
        print("Card number length: \(attempts)")
        NSLog("Token refresh failed: %@", error.localizedDescription)
        NSLog("PIN set: %@", attempts > 0 ? "yes" : "no")
    }

    func layout(accessoryView: UIView, pan: UIPanGestureRecognizer, ccRecipients: [String]) {
        print("accessory: \(accessoryView), pan state: \(pan.state.rawValue), cc: \(ccRecipients.count)")
    }

    func signedOut() {
        var profile: [String: String] = [:]
        profile["password"] = nil
        profile["name"] = "guest"
        print("signed out: \(profile)")
    }
}
