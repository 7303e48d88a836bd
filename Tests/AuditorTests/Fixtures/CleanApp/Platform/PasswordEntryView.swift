import UIKit

/// A password field with a "show" button: secure entry on by default, flipped only while
/// the user asks to see what they typed (the app delegate refuses keyboard extensions).
final class PasswordEntryView: UIView {
    private let passwordField = UITextField()
    private let revealButton = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        passwordField.isSecureTextEntry = true
        passwordField.textContentType = .password
        revealButton.addTarget(self, action: #selector(toggleReveal), for: .touchUpInside)
    }

    required init?(coder: NSCoder) { nil }

    @objc private func toggleReveal() {
        passwordField.isSecureTextEntry = !passwordField.isSecureTextEntry
    }
}
