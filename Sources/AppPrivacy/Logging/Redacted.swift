/// A value that never shows itself: `description`, `debugDescription`, string
/// interpolation, `print`, `dump` and `Mirror` all give `<redacted>`, so a token or a PIN
/// wrapped in it cannot reach a log, a crash report or an error message by accident.
///
/// Read the value on purpose with ``value``.
///
/// ```swift
/// let token = Redacted(response.accessToken)
/// log.info("refreshed \(token)")        // refreshed <redacted>
/// request.setValue("Bearer \(token.value)", forHTTPHeaderField: "Authorization")
/// ```
public struct Redacted<Value: Sendable>: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What every textual form shows.
    public static var placeholder: String { "<redacted>" }

    /// The wrapped value, for the code that needs it.
    public let value: Value

    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }

    public var description: String { Self.placeholder }
    public var debugDescription: String { Self.placeholder }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension Redacted: Equatable where Value: Equatable {}
extension Redacted: Hashable where Value: Hashable {}
