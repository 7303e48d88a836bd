/// Why `devicetrust audit` could not run: exit status 2.
public enum AuditUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The command line is wrong.
    case usage(String)
    /// An input cannot be read (a missing path, an unreadable file or baseline).
    case unreadable(String)

    public var description: String {
        switch self {
        case .usage(let message): "usage error: \(message)"
        case .unreadable(let message): "cannot read input: \(message)"
        }
    }
}
