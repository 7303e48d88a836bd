/// What happened to the screen's exposure.
public enum ScreenCaptureEvent: Sendable, Hashable {
    /// Recording, AirPlay or mirroring started: secret content is now hidden.
    case captureStarted
    /// The last capture stopped: secret content may be shown again.
    case captureStopped
    /// The user took a screenshot. It is already saved when this arrives: nothing can
    /// prevent it, the app can only warn the user or record that it happened.
    case screenshotTaken
}

/// `UISceneCaptureState` (iOS 17 and later) in plain Swift.
public enum SceneCaptureState: Sendable, Hashable, CaseIterable {
    /// The scene is being recorded, sent over AirPlay or mirrored.
    case active
    /// It is not.
    case inactive
    /// The system has not said (a trait collection outside a scene).
    case unspecified
}

/// Whether the screen is being captured, and so whether secret content must be hidden.
///
/// Fed `UIScreen.isCaptured` (before iOS 17) or the scene's `sceneCaptureState`, it reports
/// each start and stop once, however often the system repeats the notification.
public struct ScreenCaptureState: Sendable, Hashable {
    /// Whether the screen is recorded, sent over AirPlay or mirrored now.
    public private(set) var isCaptured: Bool

    /// Whether card numbers, balances and other secret content must be hidden now: while
    /// the screen is captured.
    public var hidesSecretContent: Bool { isCaptured }

    /// A state that starts captured or not.
    public init(isCaptured: Bool = false) { self.isCaptured = isCaptured }

    /// Applies a new `isCaptured` reading.
    /// - Returns: ``ScreenCaptureEvent/captureStarted`` or ``ScreenCaptureEvent/captureStopped``
    ///   when the reading differs from the last one, `nil` when it does not.
    @discardableResult
    public mutating func captureDidChange(isCaptured: Bool) -> ScreenCaptureEvent? {
        guard isCaptured != self.isCaptured else { return nil }
        self.isCaptured = isCaptured
        return isCaptured ? .captureStarted : .captureStopped
    }

    /// Applies a new `sceneCaptureState`. ``SceneCaptureState/unspecified`` says nothing
    /// about capture, so it leaves the state as it is.
    /// - Returns: as ``captureDidChange(isCaptured:)``.
    @discardableResult
    public mutating func sceneCaptureStateDidChange(_ sceneState: SceneCaptureState) -> ScreenCaptureEvent? {
        switch sceneState {
        case .active: captureDidChange(isCaptured: true)
        case .inactive: captureDidChange(isCaptured: false)
        case .unspecified: nil
        }
    }
}
