import Foundation

/// The server clock, injectable for tests. The service reads it once per operation.
public struct ServiceClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that returns `read()`.
    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    /// The system clock.
    public static let system = ServiceClock { Date() }

    /// The current time.
    public func now() -> Date { read() }
}
