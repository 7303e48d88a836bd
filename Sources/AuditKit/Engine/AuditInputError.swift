/// An input of the audit cannot be read: a missing path, an unreadable folder or file, a
/// baseline that is not one, a report or baseline that cannot be written. The command
/// exits 2 for it, as for a usage error.
public struct AuditInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What cannot be read or written, and where.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "cannot read input: \(message)" }
}
