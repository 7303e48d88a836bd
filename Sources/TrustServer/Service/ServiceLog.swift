/// Where the service writes its log lines; by default nowhere.
///
/// Lines name the operation, the stable problem code and the precise reason. They never
/// carry a PIN, token, key, signature, nonce or request body.
public struct ServiceLog: Sendable {
    private let write: @Sendable (String) -> Void

    /// A log that hands each line to `write`, which must be thread-safe.
    public init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// A log that drops every line.
    public static let discard = ServiceLog { _ in }

    /// Writes one line.
    public func callAsFunction(_ line: String) { write(line) }
}
