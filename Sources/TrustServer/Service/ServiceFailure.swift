/// A failure of the server itself rather than of the request: storage trouble, a broken
/// record, a configuration error. The HTTP layer answers 500 or 503 and logs ``description``.
///
/// Client-facing outcomes are `DeviceBinding.Problem`s instead. The reason never carries a
/// secret, token, PIN, key, signature or stored value.
public struct ServiceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure happened. Extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        /// The storage is temporarily unable to answer (busy); retrying may work.
        public static let unavailable = Code("unavailable")
        /// An unexpected internal failure (storage I/O, a malformed stored record, signing).
        public static let `internal` = Code("internal")
        /// A configuration value is out of range.
        public static let invalidConfiguration = Code("invalidConfiguration")
        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure happened.
    public let code: Code
    /// What happened and, where it helps, what to do.
    public let reason: String
    /// Where the failure was created.
    public let file: String
    /// Where the failure was created.
    public let line: Int

    /// A failure with `code` and a `reason` free of secrets.
    public init(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// `ServiceFailure.<code>: <reason> (<file>:<line>)`.
    public var description: String { "ServiceFailure.\(code): \(reason) (\(file):\(line))" }

    /// Equality on ``code`` only.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    /// Hashes ``code`` only.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
