/// A screen of the app, named by the app (`"balance"`, `"card-details"`), so that a
/// ``PrivacyCoverPolicy`` can say which screens show secrets.
public struct PrivacyScreen: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The app's name for the screen.
    public let name: String

    /// The screen called `name`.
    public init(_ name: String) { self.name = name }

    /// The screen called `value`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The screen's name.
    public var description: String { name }
}

/// When the privacy cover goes up, and over which screens.
///
/// The app-switcher snapshot is taken after the app enters the background, so a cover put
/// up on ``Trigger/enterBackground`` is in the snapshot. ``Trigger/resignActive`` (the
/// default) puts it up earlier, as soon as the app stops being active: the secrets are then
/// also hidden while Control Center or a call banner is over the app, at the cost of a
/// cover the user sees more often.
public struct PrivacyCoverPolicy: Sendable, Hashable {
    /// The life-cycle moment that puts the cover up.
    public enum Trigger: Sendable, Hashable {
        /// On ``AppLifecycleEvent/willResignActive``: every time the app stops being active.
        case resignActive
        /// On ``AppLifecycleEvent/didEnterBackground``: only when the app leaves the screen.
        case enterBackground
    }

    /// Which screens count as sensitive.
    public enum SensitiveScreens: Sendable, Hashable {
        /// Every screen (the default).
        case all
        /// Only these screens.
        case only(Set<PrivacyScreen>)
        /// Every screen but these (a login or onboarding screen, say).
        case allExcept(Set<PrivacyScreen>)
    }

    /// When the cover goes up.
    public var trigger: Trigger
    /// Over which screens it goes up.
    public var sensitiveScreens: SensitiveScreens

    /// A policy covering `sensitiveScreens` on `trigger`; by default every screen as soon as
    /// the app resigns active.
    public init(trigger: Trigger = .resignActive, sensitiveScreens: SensitiveScreens = .all) {
        self.trigger = trigger
        self.sensitiveScreens = sensitiveScreens
    }

    /// Whether `screen` is covered. A screen the app has not named (`nil`) is covered
    /// whatever the policy says: an unknown screen may show a secret.
    public func isSensitive(_ screen: PrivacyScreen?) -> Bool {
        guard let screen else { return true }
        switch sensitiveScreens {
        case .all: return true
        case .only(let screens): return screens.contains(screen)
        case .allExcept(let screens): return !screens.contains(screen)
        }
    }
}
