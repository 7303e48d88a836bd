/// Why the server could not prepare its data directory, database or secrets.
///
/// The message names the path and the fix; it never contains a secret.
public struct BootstrapError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and what to do.
    public let reason: String

    /// An error with a secret-free `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
