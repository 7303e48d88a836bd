import AppPrivacy
import AppleSurfaceEmulation
import AppleSurfaceRuntime
import DeviceEmulator
import Foundation
import Testing
@_spi(AppleSurface) import UIKit

/// AppPrivacy's UIKit and `os` parts (its own files) on the declared UIKit, UniformTypeIdentifiers
/// and os surface: each must act on what its plain-Swift decision says.
@Suite("AppPrivacy's UIKit and os parts on the declared surface")
@MainActor
struct AppPrivacySurfaceTests {
    @Test("SecurePasteboard() copies to the general pasteboard local-only with an expiry: nothing reaches Universal Clipboard")
    func pasteboard() async throws {
        let pasteboard = EmulatedPasteboard()
        let surface = EmulatedSurfaceDevice(app: SurfaceTestPhone().app, pasteboard: pasteboard)
        try SurfaceHost.withDevice(surface) { try SecurePasteboard().copy("492 771", expiresIn: 60) }
        // UIPasteboard is main-actor-isolated; off the main thread (Swift Testing's main actor
        // here) the copy is made by a main-actor task right after.
        for _ in 0..<1000 where pasteboard.string == nil { await Task.yield() }
        #expect(pasteboard.string == "492 771")
        #expect(pasteboard.universalClipboardString == nil)
    }

    @Test("PrivacyCoverController puts a window above alerts over the scene on willDeactivate and removes it on didActivate")
    func privacyCover() {
        let scene = UIWindowScene(activationState: .foregroundActive)
        let controller = PrivacyCoverController(windowScene: scene)
        #expect(!controller.isCoverShown)
        #expect(scene.windows.isEmpty)
        scene.transition(to: .foregroundInactive)
        #expect(controller.isCoverShown)
        #expect(scene.windows.map(\.windowLevel) == [UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)])
        #expect(scene.windows.first?.rootViewController?.view.backgroundColor?.name == "systemBackground")
        scene.transition(to: .foregroundActive)
        #expect(!controller.isCoverShown)
        #expect(scene.windows.isEmpty)
    }

    @Test("ScreenCaptureObserver feeds the monitor from the scene's capture state and from screenshots")
    func captureObserver() {
        let scene = UIWindowScene(activationState: .foregroundActive)
        let monitor = ScreenCaptureMonitor()
        let observer = ScreenCaptureObserver(windowScene: scene, monitor: monitor)
        #expect(!monitor.hidesSecretContent)
        scene.setSceneCaptureState(.active)
        #expect(monitor.hidesSecretContent)
        scene.setSceneCaptureState(.inactive)
        #expect(!monitor.hidesSecretContent)
        var events: [ScreenCaptureEvent] = []
        _ = monitor.addObserver { events.append($0) }
        NotificationCenter.default.post(name: UIApplication.userDidTakeScreenshotNotification, object: nil)
        #expect(!events.isEmpty)
        withExtendedLifetime(observer) {}
    }

    @Test("applySecureFieldPolicy sets secure entry, the content type and every suggestion off on a password field")
    func secureField() {
        let field = UITextField()
        field.applySecureFieldPolicy(.for(.password))
        #expect(field.isSecureTextEntry)
        #expect(field.textContentType == .password)
        #expect(field.autocorrectionType == .no)
        #expect(field.spellCheckingType == .no)
        #expect(field.autocapitalizationType == .none)
        #expect(field.smartQuotesType == .no)
        #expect(!ThirdPartyKeyboardPolicy(allowsThirdPartyKeyboards: false).shouldAllowExtensionPointIdentifier(.keyboard))
    }

    @Test("SecureLog(subsystem:category:) writes through os.Logger with every dynamic value private")
    func secureLog() {
        let log = RecordedLog()
        let surface = EmulatedSurfaceDevice(app: SurfaceTestPhone().app, log: log)
        let user = "alice@example.com"
        SurfaceHost.withDevice(surface) {
            SecureLog(subsystem: "com.example.bank", category: "session").info("token refreshed for \(user), in \(300, privacy: .public) s")
        }
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.hasSuffix("token refreshed for <private>, in 300 s") == true)
        #expect(log.lines.allSatisfy { !$0.contains(user) })
    }
}
