import UIKit

/// Shows the account's recovery key once, with a "Copy" button.
final class RecoveryKeyViewController: UIViewController {
    private let recoveryMaterial: AccountRecoveryEntropy

    init(recoveryMaterial: AccountRecoveryEntropy) {
        self.recoveryMaterial = recoveryMaterial
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc private func copyTapped() {
        // Expires after a minute, but without .localOnly it reaches the user's Mac and iPad.
        UIPasteboard.general.setItems(
            [[UIPasteboard.typeAutomatic: recoveryMaterial.formatted]],
            options: [.expirationDate: Date().addingTimeInterval(60)]
        )
    }
}
