import UIKit
import UniformTypeIdentifiers

/// Lets the user copy their recovery key: kept on this device and cleared after a minute.
final class RecoveryKeySheet: UIViewController {
    private let recoveryKey: String

    init(recoveryKey: String) {
        self.recoveryKey = recoveryKey
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc private func copyTapped() {
        let options: [UIPasteboard.OptionsKey: Any] = [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)]
        UIPasteboard.general.setItems([[UTType.plainText.identifier: recoveryKey]], options: options)
    }
}
