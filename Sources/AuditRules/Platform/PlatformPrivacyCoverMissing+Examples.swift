import SwiftSyntax
import AuditKit

extension PlatformPrivacyCoverMissing {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            // Reported once per project, at its first place.
            .swift(
                """
                final class VaultLock {
                    func unlock() {
                        let context = ↓LAContext()
                        context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your vault") { _, _ in }
                    }
                    func unlockWithBiometrics() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, _ in }
                    }
                }
                """),
            .objectiveC(
                """
                - (void)unlock {
                    LAContext *context = [↓LAContext new];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Unlock" reply:^(BOOL ok, NSError *error) {}];
                }
                """),
            // A context made only to name the biometry in a settings label locks nothing.
            .swift(
                """
                struct BiometrySettingsRow {
                    var title: String { LAContext().biometryType == .faceID ? "Unlock with Face ID" : "Unlock with Touch ID" }
                }
                """),
            // The app puts up a cover in another file.
            .swift(
                """
                final class VaultLock {
                    func unlock() { LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { _, _ in } }
                }
                """,
                otherFiles: [
                    "App/SceneDelegate.swift": """
                    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                        func sceneWillResignActive(_ scene: UIScene) { PrivacyCover.show(over: window) }
                    }
                    """
                ]),
            .swift(
                """
                @main struct VaultApp: App {
                    @Environment(\\.scenePhase) private var phase
                    var body: some Scene { WindowGroup { VaultView().redacted(reason: phase == .active ? [] : .privacy) } }
                }
                final class VaultLock {
                    func unlock() { LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { _, _ in } }
                }
                """),
            // A password field alone: its text is masked in the snapshot.
            .swift(
                """
                struct LoginForm: View {
                    @State private var password = ""
                    var body: some View { SecureField("Password", text: $password) }
                }
                """),
        ]
    }
}
