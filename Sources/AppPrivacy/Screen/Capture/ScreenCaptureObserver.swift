#if canImport(UIKit)
import UIKit

/// Feeds a ``ScreenCaptureMonitor`` from UIKit for one window scene: the scene's
/// `sceneCaptureState` trait on iOS 17 and later, `UIScreen.isCaptured` and
/// `UIScreen.capturedDidChangeNotification` before, and
/// `UIApplication.userDidTakeScreenshotNotification`. Every decision is the monitor's.
///
/// ```swift
/// captureObserver = ScreenCaptureObserver(windowScene: windowScene, monitor: capture)
/// ```
@MainActor
public final class ScreenCaptureObserver {
    /// The monitor this observer feeds.
    public let monitor: ScreenCaptureMonitor
    private var observations: NotificationObservations?

    /// Starts feeding `monitor` with `windowScene`'s capture state (read once now) and the
    /// app's screenshots, for as long as this object lives.
    public init(windowScene: UIWindowScene, monitor: ScreenCaptureMonitor) {
        self.monitor = monitor
        var events: [(Notification.Name, Signal)] = [(UIApplication.userDidTakeScreenshotNotification, .screenshot)]
        if #available(iOS 17.0, tvOS 17.0, *) {
            monitor.sceneCaptureStateDidChange(SceneCaptureState(windowScene.traitCollection.sceneCaptureState))
            windowScene.registerForTraitChanges([UITraitSceneCaptureState.self]) { [weak self] (scene: UIWindowScene, _: UITraitCollection) in
                self?.monitor.sceneCaptureStateDidChange(SceneCaptureState(scene.traitCollection.sceneCaptureState))
            }
        } else {
            monitor.captureDidChange(isCaptured: windowScene.screen.isCaptured)
            events.append((UIScreen.capturedDidChangeNotification, .capturedDidChange))
        }
        observations = NotificationObservations(events: events, object: nil) { [weak self, weak windowScene] signal in
            MainActor.assumeIsolated {
                switch signal {
                case .screenshot: self?.monitor.screenshotWasTaken()
                case .capturedDidChange:
                    if let windowScene { self?.monitor.captureDidChange(isCaptured: windowScene.screen.isCaptured) }
                }
            }
        }
    }

    private enum Signal: Sendable {
        case screenshot, capturedDidChange
    }
}

@available(iOS 17.0, tvOS 17.0, *)
extension SceneCaptureState {
    init(_ state: UISceneCaptureState) {
        switch state {
        case .active: self = .active
        case .inactive: self = .inactive
        case .unspecified: self = .unspecified
        @unknown default: self = .unspecified
        }
    }
}
#endif
