import LocalAuthentication
import UIKit

/// Hides the app's content behind a blur until the device owner authenticates. Nothing is
/// stored behind it: the content is already in memory, so this is a privacy screen only.
final class PrivacyScreenLock {
    private let blurView = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
    private(set) var isShowingContent = false

    func requestAccess() {
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Show your private tabs") { success, _ in
            DispatchQueue.main.async {
                if success {
                    self.unlock()
                } else {
                    self.lock()
                }
            }
        }
    }

    private func unlock() {
        UIView.animate(withDuration: 0.2) { self.blurView.alpha = 0 }
        blurView.removeFromSuperview()
        isShowingContent = true
    }

    private func lock() {
        isShowingContent = false
    }
}
