import SwiftSyntax
import AuditKit

extension PlatformATTPromptAtLaunch {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                @main
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        FirebaseApp.configure()
                        ↓ATTrackingManager.requestTrackingAuthorization { status in
                            Analytics.setConsent(status == .authorized)
                        }
                        return true
                    }
                }
                """),
            .swift(
                """
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        requestTrackingConsent()
                    }

                    private func requestTrackingConsent() {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                            ↓ATTrackingManager.requestTrackingAuthorization { _ in }
                        }
                    }
                }
                """),
            .swift(
                """
                @main
                struct BankApp: App {
                    init() {
                        ↓ATTrackingManager.requestTrackingAuthorization { _ in }
                    }
                    var body: some Scene {
                        WindowGroup {
                            RootView()
                                .task { _ = await ↓ATTrackingManager.requestTrackingAuthorization() }
                        }
                    }
                }
                struct RootView: View {
                    var body: some View {
                        Text("Welcome").onAppear { ↓ATTrackingManager.requestTrackingAuthorization { _ in } }
                    }
                }
                """),
            .swift(
                """
                // Asked in context: after onboarding, when the user turns on personalised offers.
                struct OffersSettingsView: View {
                    @State private var personalised = false
                    var body: some View {
                        Toggle("Personalised offers", isOn: $personalised)
                            .onChange(of: personalised) { _, enabled in
                                if enabled { Task { _ = await ATTrackingManager.requestTrackingAuthorization() } }
                            }
                    }
                }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func sceneDidBecomeActive(_ scene: UIScene) {
                        guard onboarding.isFinished else { return }
                        ATTrackingManager.requestTrackingAuthorization { _ in }
                    }
                }
                """),
            .objectiveC(
                """
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    [ATTrackingManager ↓requestTrackingAuthorizationWithCompletionHandler:^(ATTrackingManagerAuthorizationStatus status) {}];
                    return YES;
                }
                """),
            .objectiveC(
                """
                - (void)offersScreenDidAppear {
                    [ATTrackingManager requestTrackingAuthorizationWithCompletionHandler:^(ATTrackingManagerAuthorizationStatus status) {}];
                }
                """),
        ]
    }
}
