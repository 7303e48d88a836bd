import DeviceBinding
import Foundation

/// The app's signed-in state: the access token, in memory only, and the rules that drop it.
///
/// The token is never written anywhere, so a process restart starts locked: a new
/// `Session` holds nothing. The session also locks (drops the token)
/// - when the token expires (`expiresIn` seconds after ``store(_:)``), and
/// - when the app returns to the foreground after more than
///   ``backgroundLockInterval`` (60 s) in the background, so a phone left with the app
///   open does not stay signed in.
///
/// After a lock the app asks for biometry again (``DeviceTrustClient/unlock(deviceId:)``).
/// The clock is injectable for tests.
public actor Session {
    /// How long the app may stay in the background and still find the token: 60 seconds.
    public static let backgroundLockInterval: TimeInterval = 60

    private let clock: @Sendable () -> Date
    private var token: TokenResponse?
    private var tokenExpiry: Date?
    private var backgroundedAt: Date?

    /// A locked session reading the time from `clock` (the system clock by default).
    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// Keeps `token` in memory until it expires, the session locks, or another is stored.
    public func store(_ token: TokenResponse) {
        self.token = token
        tokenExpiry = clock().addingTimeInterval(TimeInterval(token.expiresIn))
    }

    /// The token, or `nil` when locked or the token has expired (which locks).
    public var currentToken: TokenResponse? {
        dropIfStale()
        return token
    }

    /// Whether the session holds no usable token.
    public var isLocked: Bool { currentToken == nil }

    /// Drops the token now, e.g. on sign-out.
    public func lock() {
        token = nil
        tokenExpiry = nil
    }

    /// Call from the app's did-enter-background hook: starts the background timer.
    public func appDidEnterBackground() {
        if backgroundedAt == nil { backgroundedAt = clock() }
    }

    /// Call from the app's will-enter-foreground hook: locks when the app was in the
    /// background for more than ``backgroundLockInterval``.
    public func appWillEnterForeground() {
        dropIfStale()
        backgroundedAt = nil
    }

    /// Locks when the token expired or the app has been in the background too long.
    private func dropIfStale() {
        let now = clock()
        if let tokenExpiry, now >= tokenExpiry { lock() }
        if let backgroundedAt, now.timeIntervalSince(backgroundedAt) > Self.backgroundLockInterval { lock() }
    }
}
