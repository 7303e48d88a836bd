/// A command line that cannot be run: `devicetrust` exits with status 2 and prints the
/// message and the usage.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the arguments, naming the option.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
