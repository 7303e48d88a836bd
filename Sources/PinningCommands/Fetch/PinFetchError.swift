/// Why `pin fetch` could not look at a server's chain at all (as opposed to a chain that
/// was fetched but did not verify, which is a ``PinFetchResult``).
///
/// An open domain: a struct with an extensible ``Code``; equality compares codes only.
struct PinFetchError: Error, Equatable, CustomStringConvertible {
    /// What failed.
    struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The arguments are wrong.
        static let usage = Code(name: "usage")
        /// The host name did not resolve.
        static let dns = Code(name: "DNS")
        /// No TCP connection could be made to any address of the host.
        static let connect = Code(name: "connect")
        /// TCP worked but the TLS handshake did not.
        static let handshake = Code(name: "handshake")
        /// OpenSSL could not be set up (memory, a CA file that does not load).
        static let setup = Code(name: "setup")
        var description: String { name }
    }

    /// What failed.
    let code: Code
    /// A sentence that names the input and, where possible, the fix.
    let reason: String

    init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    var description: String { "\(code) failed: \(reason)" }

    static func == (lhs: PinFetchError, rhs: PinFetchError) -> Bool { lhs.code == rhs.code }
}
