/// The app's observable view of screen capture and screenshots: views read
/// ``hidesSecretContent``, and observers are told of every ``ScreenCaptureEvent``.
///
/// ```swift
/// let capture = ScreenCaptureMonitor()
/// capture.addObserver { event in
///     if event == .screenshotTaken { showScreenshotWarning() }
///     balanceLabel.isHidden = capture.hidesSecretContent
/// }
/// ```
///
/// ``ScreenCaptureObserver`` feeds it from UIKit; tests and other platforms call its
/// methods directly.
@MainActor
public final class ScreenCaptureMonitor {
    /// Identifies an observer for ``removeObserver(_:)``.
    public struct Observer: Sendable, Hashable {
        fileprivate let id: Int
    }

    /// The capture state now.
    public private(set) var state: ScreenCaptureState
    private var observers: [(id: Int, handler: @MainActor (ScreenCaptureEvent) -> Void)] = []
    private var nextObserverID = 0

    /// Whether secret content must be hidden now (the screen is captured).
    public var hidesSecretContent: Bool { state.hidesSecretContent }

    /// A monitor starting from `state` (not captured by default).
    public init(state: ScreenCaptureState = ScreenCaptureState()) { self.state = state }

    /// Calls `handler` after every event, once the state is updated; in the order added.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (ScreenCaptureEvent) -> Void) -> Observer {
        nextObserverID += 1
        observers.append((nextObserverID, handler))
        return Observer(id: nextObserverID)
    }

    /// Stops calling the observer `observer`.
    public func removeObserver(_ observer: Observer) {
        observers.removeAll { $0.id == observer.id }
    }

    /// Applies an `isCaptured` reading; see ``ScreenCaptureState/captureDidChange(isCaptured:)``.
    public func captureDidChange(isCaptured: Bool) {
        notify(state.captureDidChange(isCaptured: isCaptured))
    }

    /// Applies a `sceneCaptureState`; see ``ScreenCaptureState/sceneCaptureStateDidChange(_:)``.
    public func sceneCaptureStateDidChange(_ sceneState: SceneCaptureState) {
        notify(state.sceneCaptureStateDidChange(sceneState))
    }

    /// Reports a screenshot (`userDidTakeScreenshotNotification`), which is already saved.
    public func screenshotWasTaken() {
        notify(.screenshotTaken)
    }

    private func notify(_ event: ScreenCaptureEvent?) {
        guard let event else { return }
        for observer in observers { observer.handler(event) }
    }
}
