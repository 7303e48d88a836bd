#if canImport(UIKit)
import UIKit

/// Puts a cover window over a window scene whenever its ``PrivacyCoverState`` says so, from
/// the scene's life-cycle notifications. Every decision is the state machine's; this class
/// only observes and shows or hides a window.
///
/// Create one per window scene when it connects, and keep it for the scene's lifetime:
///
/// ```swift
/// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///     guard let windowScene = scene as? UIWindowScene else { return }
///     privacyCover = PrivacyCoverController(windowScene: windowScene)
/// }
/// ```
@MainActor
public final class PrivacyCoverController {
    private var state: PrivacyCoverState
    private weak var windowScene: UIWindowScene?
    private let makeCoverView: @MainActor () -> UIView
    private var coverWindow: UIWindow?
    private var observations: NotificationObservations?

    /// Whether the cover is up.
    public var isCoverShown: Bool { state.isCoverShown }

    /// Covers `windowScene` according to `policy`. The cover is `makeCoverView()` (an opaque
    /// view in the system background colour when `nil`) in a window above alerts.
    public init(windowScene: UIWindowScene, policy: PrivacyCoverPolicy = PrivacyCoverPolicy(), makeCoverView: (@MainActor () -> UIView)? = nil) {
        self.windowScene = windowScene
        self.makeCoverView = makeCoverView ?? Self.opaqueCoverView
        state = PrivacyCoverState(policy: policy, phase: Self.phase(of: windowScene.activationState))
        observations = NotificationObservations(
            events: [
                (UIScene.willDeactivateNotification, AppLifecycleEvent.willResignActive),
                (UIScene.didEnterBackgroundNotification, AppLifecycleEvent.didEnterBackground),
                (UIScene.willEnterForegroundNotification, AppLifecycleEvent.willEnterForeground),
                (UIScene.didActivateNotification, AppLifecycleEvent.didBecomeActive),
            ],
            object: windowScene
        ) { [weak self] event in
            MainActor.assumeIsolated { self?.handle(event) }
        }
        if state.isCoverShown { showCover() }
    }

    /// Tells the controller which screen is shown now (`nil`: one the policy does not name).
    public func screenDidAppear(_ screen: PrivacyScreen?) {
        perform(state.screenDidAppear(screen))
    }

    private func handle(_ event: AppLifecycleEvent) {
        perform(state.handle(event))
    }

    private func perform(_ action: PrivacyCoverAction?) {
        switch action {
        case .showCover: showCover()
        case .hideCover: hideCover()
        case nil: break
        }
    }

    private func showCover() {
        guard coverWindow == nil, let windowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)
        let controller = UIViewController()
        controller.view = makeCoverView()
        window.rootViewController = controller
        window.isHidden = false
        coverWindow = window
    }

    private func hideCover() {
        coverWindow?.isHidden = true
        coverWindow = nil
    }

    private static func opaqueCoverView() -> UIView {
        let view = UIView()
        view.backgroundColor = .systemBackground
        return view
    }

    private static func phase(of state: UIScene.ActivationState) -> AppPhase {
        switch state {
        case .foregroundActive: .active
        case .background: .background
        case .foregroundInactive, .unattached: .inactive
        @unknown default: .inactive
        }
    }
}
#endif
