import AppTrackingTransparency
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        JailbreakGuard.enforce()
        ATTrackingManager.requestTrackingAuthorization { status in
            AdsSDK.shared.trackingEnabled = status == .authorized
        }
        return true
    }
}
