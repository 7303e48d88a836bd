/// A family of errors that share a ``CodedError`` shape; its name prefixes descriptions.
public protocol ErrorDomain: Sendable {
    /// The name shown in descriptions, e.g. `PINHashError`.
    static var name: String { get }
}

/// One kind of failure in a domain: an open set of named values, so a domain can add
/// codes without breaking callers' `switch`es. Domains declare theirs as static members
/// in an `extension ErrorCode where Domain == …`.
public struct ErrorCode<Domain: ErrorDomain>: Sendable, Hashable, CustomStringConvertible {
    /// The code's name, e.g. `pepperTooShort`.
    public let name: String

    /// A code named `name`.
    public init(_ name: String) { self.name = name }

    /// The code's name.
    public var description: String { name }
}

/// An error with an extensible ``code``, a private reason and the place it was thrown,
/// as in swift-certificates: equality and hashing look at the code only, so tests can
/// write `#expect(throws: SomeError(code: .x))`, and the reason (which names the input
/// and the fix, never a secret) reaches logs through ``description``.
public struct CodedError<Domain: ErrorDomain>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The domain's codes.
    public typealias Code = ErrorCode<Domain>

    /// What kind of failure this is.
    public let code: Code
    private let reason: String
    private let file: String
    private let line: Int

    /// An error with `code` and no reason, to compare with thrown errors.
    public init(code: Code) {
        self.init(code, "")
    }

    /// An error with `code`, a reason that names the input and the fix (never a secret),
    /// and the place it was made.
    public init(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// Equal when the codes are equal; the reason and location do not count.
    public static func == (lhs: CodedError, rhs: CodedError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The domain, the code, the reason and the place.
    public var description: String { "\(Domain.name).\(code): \(reason) (\(file):\(line))" }
}
