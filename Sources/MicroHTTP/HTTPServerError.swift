/// Why an ``HTTPServer`` could not start.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, extensible error code.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String

        /// The host is not a numeric IPv4 address such as `127.0.0.1`.
        public static let invalidHost = Code(name: "invalidHost")
        /// A parameter such as `threads` or `maximumBodyBytes` is out of range.
        public static let invalidConfiguration = Code(name: "invalidConfiguration")
        /// `start` was called on a server that is already running.
        public static let alreadyRunning = Code(name: "alreadyRunning")
        /// libmicrohttpd refused to start (port in use, no permission, resources).
        public static let startFailed = Code(name: "startFailed")
        /// The TLS certificate or key does not parse, or the key does not belong to the
        /// certificate; the server keeps what it had.
        public static let invalidTLSCredentials = Code(name: "invalidTLSCredentials")
        /// ``HTTPServer/reloadTLS(_:)`` on a server that is stopped or was started without TLS.
        public static let notServingTLS = Code(name: "notServingTLS")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// What to do about it.
    public let reason: String

    init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The code and the reason.
    public var description: String { "HTTPServerError.\(code): \(reason)" }

    /// Errors are equal when their codes are.
    public static func == (lhs: HTTPServerError, rhs: HTTPServerError) -> Bool {
        lhs.code == rhs.code
    }
}
