/// A failure of ``LoopbackHTTPClient``: a refused address, a socket call that failed (with
/// its `errno`), a timeout, or a malformed answer.
public struct LoopbackHTTPError: Error, CustomStringConvertible, Sendable {
    /// What failed, e.g. `connect() to 127.0.0.1 port 8080 failed: errno 111`.
    public var description: String
    /// The `errno` of the failed socket call, or 0.
    public var errnoValue: Int32

    /// A failure described by `description`, with the `errno` of the failed call (or 0).
    public init(description: String, errnoValue: Int32 = 0) {
        self.description = description
        self.errnoValue = errnoValue
    }
}
