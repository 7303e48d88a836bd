/// A command line that cannot be run: the program prints the message, the command's usage
/// line and where to find its help, and exits with ``ExitStatus/usage``.
///
/// The one usage-error type of every `devicetrust` command.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the arguments, naming the option or argument and the fix.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }

    /// What the program prints for it: `<command>: <message>`, the command's usage, and
    /// where its help is.
    public func report(command: String, usage: String) -> String {
        "\(command): \(message)\n\(usage)\nSee '\(command) --help'.\n"
    }
}
