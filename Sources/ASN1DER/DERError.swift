/// Why bytes are not the DER that was expected. The ``offset`` is from the start of the
/// outermost input, so a message points at the byte to look at.
public struct DERError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure, stable for tests and logs.
    public enum Code: String, Sendable, Hashable {
        /// The input ends inside an element.
        case truncated
        /// A length is indefinite, not minimal, or larger than the limit.
        case invalidLength
        /// An identifier is malformed (a non-minimal multi-byte tag number).
        case invalidTag
        /// A different element was expected here.
        case unexpectedTag
        /// The element's content breaks DER rules for its type.
        case invalidContent
        /// Bytes are left over where the structure should end.
        case trailingBytes
        /// Elements nest deeper than the limit.
        case tooDeep
        /// The input is larger than the limit.
        case tooLarge
    }

    /// What went wrong.
    public let code: Code
    /// Where, from the start of the outermost input.
    public let offset: Int
    /// What was expected and what was found.
    public let reason: String

    /// An error of `code` at `offset`, explained by `reason`.
    public init(_ code: Code, at offset: Int, _ reason: String) {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "DERError.\(code.rawValue) at byte \(offset): \(reason)" }
}
