/// Where an app (or one of its scenes) is in its life cycle, as `UIScene.ActivationState`
/// and SwiftUI's `ScenePhase` name the three foreground and background states.
public enum AppPhase: Sendable, Hashable, CaseIterable {
    /// In the foreground and receiving events.
    case active
    /// In the foreground but not receiving events: launching, Control Center or Notification
    /// Center pulled down, an incoming call banner, the app switcher opening, on the way to
    /// or back from the background.
    case inactive
    /// Not on screen. The system takes the app-switcher snapshot after the app enters this phase.
    case background
}

/// A life-cycle notification, with the phase it leads to. Each one has an app-wide and a
/// per-scene form; the UIKit adapter observes the scene form.
public enum AppLifecycleEvent: Sendable, Hashable, CaseIterable {
    /// `UIApplication.willResignActiveNotification`, `UIScene.willDeactivateNotification`
    /// (`sceneWillResignActive(_:)`): the app is about to become ``AppPhase/inactive``.
    case willResignActive
    /// `UIApplication.didEnterBackgroundNotification`, `UIScene.didEnterBackgroundNotification`
    /// (`sceneDidEnterBackground(_:)`): the app is now ``AppPhase/background``.
    case didEnterBackground
    /// `UIApplication.willEnterForegroundNotification`, `UIScene.willEnterForegroundNotification`
    /// (`sceneWillEnterForeground(_:)`): the app is coming back, still ``AppPhase/inactive``.
    case willEnterForeground
    /// `UIApplication.didBecomeActiveNotification`, `UIScene.didActivateNotification`
    /// (`sceneDidBecomeActive(_:)`): the app is ``AppPhase/active`` again.
    case didBecomeActive

    /// The phase the app is in once this event has been delivered.
    public var phaseAfter: AppPhase {
        switch self {
        case .willResignActive, .willEnterForeground: .inactive
        case .didEnterBackground: .background
        case .didBecomeActive: .active
        }
    }
}
