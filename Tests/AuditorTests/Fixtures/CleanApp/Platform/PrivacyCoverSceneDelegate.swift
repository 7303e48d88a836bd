import UIKit

/// Covers the window before the app-switcher snapshot, and keeps keyboard extensions out of
/// every field.
final class PrivacyCoverSceneDelegate: UIResponder, UIWindowSceneDelegate, UIApplicationDelegate {
    var window: UIWindow?
    private let cover = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))

    func sceneWillResignActive(_ scene: UIScene) {
        guard let window else { return }
        cover.frame = window.bounds
        window.addSubview(cover)
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        cover.removeFromSuperview()
    }

    func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool {
        extensionPointIdentifier != .keyboard
    }
}
