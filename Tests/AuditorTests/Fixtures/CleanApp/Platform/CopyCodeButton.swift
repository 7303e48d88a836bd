import UIKit
import UniformTypeIdentifiers

/// Copies a one-time code so it stays on this device and expires after a minute.
final class CopyCodeButton: UIButton {
    var oneTimeCode = ""

    @objc func copyCode() {
        UIPasteboard.general.setItems(
            [[UTType.plainText.identifier: oneTimeCode]],
            options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)]
        )
    }

    @objc func copyReference(_ reference: String) {
        UIPasteboard.general.string = reference
    }
}
