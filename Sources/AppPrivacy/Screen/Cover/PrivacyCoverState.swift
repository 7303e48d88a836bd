/// What the privacy cover must do after an event.
public enum PrivacyCoverAction: Sendable, Hashable {
    /// Put the cover over the app's windows now.
    case showCover
    /// Take the cover away now.
    case hideCover
}

/// The privacy cover's state machine: fed life-cycle events and screen changes, it says
/// when to show and hide the cover so that the app-switcher snapshot never shows a
/// sensitive screen.
///
/// The cover goes up when the app leaves ``AppPhase/active`` (on the policy's trigger) while
/// a sensitive screen is shown, and it comes down only when the app is active again, even if
/// the app moves to a harmless screen in between.
///
/// ```swift
/// var cover = PrivacyCoverState(policy: PrivacyCoverPolicy(sensitiveScreens: .only(["balance"])))
/// cover.screenDidAppear("balance")
/// cover.handle(.willResignActive)   // .showCover
/// cover.handle(.didEnterBackground) // nil: already shown when the snapshot is taken
/// cover.handle(.didBecomeActive)    // .hideCover
/// ```
///
/// ``PrivacyCoverController`` drives one from UIKit's scene notifications; a SwiftUI app
/// can feed `scenePhase` changes to ``enter(_:)``.
public struct PrivacyCoverState: Sendable, Hashable {
    /// The policy this state applies.
    public let policy: PrivacyCoverPolicy
    /// The app's current phase.
    public private(set) var phase: AppPhase
    /// The screen shown now, `nil` when the app has not named it.
    public private(set) var screen: PrivacyScreen?
    /// Whether the cover is up.
    public private(set) var isCoverShown = false
    /// Whether the app has been in the background since it was last active.
    private var hasBeenInBackground: Bool

    /// A state for an app in `phase` showing `screen`; the cover starts up when that
    /// situation calls for it (an app created in the background on a sensitive screen).
    public init(policy: PrivacyCoverPolicy = PrivacyCoverPolicy(), phase: AppPhase = .active, screen: PrivacyScreen? = nil) {
        self.policy = policy
        self.phase = phase
        self.screen = screen
        hasBeenInBackground = phase == .background
        isCoverShown = coverIsCalledFor
    }

    /// Applies a life-cycle event.
    /// - Returns: what to do with the cover, `nil` when it stays as it is.
    @discardableResult
    public mutating func handle(_ event: AppLifecycleEvent) -> PrivacyCoverAction? {
        enter(event.phaseAfter)
    }

    /// Moves to `phase` (for SwiftUI, whose `scenePhase` reports phases, not events).
    /// - Returns: what to do with the cover, `nil` when it stays as it is.
    @discardableResult
    public mutating func enter(_ phase: AppPhase) -> PrivacyCoverAction? {
        self.phase = phase
        switch phase {
        case .active:
            hasBeenInBackground = false
            return setCover(false)
        case .background:
            hasBeenInBackground = true
        case .inactive:
            break
        }
        return coverIsCalledFor ? setCover(true) : nil
    }

    /// Records that `screen` is now shown (`nil`: a screen the app does not name).
    /// - Returns: ``PrivacyCoverAction/showCover`` when a sensitive screen appears while the
    ///   cover is called for and not up; otherwise `nil` (a shown cover stays up until the
    ///   app is active again).
    @discardableResult
    public mutating func screenDidAppear(_ screen: PrivacyScreen?) -> PrivacyCoverAction? {
        self.screen = screen
        return coverIsCalledFor ? setCover(true) : nil
    }

    /// Whether the phase and screen call for the cover.
    private var coverIsCalledFor: Bool {
        guard phase != .active, policy.isSensitive(screen) else { return false }
        return policy.trigger == .resignActive || hasBeenInBackground
    }

    private mutating func setCover(_ shown: Bool) -> PrivacyCoverAction? {
        guard shown != isCoverShown else { return nil }
        isCoverShown = shown
        return shown ? .showCover : .hideCover
    }
}
