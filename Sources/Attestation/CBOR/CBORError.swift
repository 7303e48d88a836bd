/// Why ``CBORDecoder`` refused its input: a ``Code`` per strictness rule, the offset of
/// the offending byte and a reason that names the rule. The reason never quotes the
/// input's content, only its structure.
///
/// Equality compares the ``code`` only, as for the package's other errors. Kept free of
/// other modules so the decoder's files compile on their own (the fuzz harness).
public struct CBORError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One strictness rule or limit.
    public enum Code: String, Sendable, Hashable {
        /// The input ends inside a data item.
        case truncated
        /// The input is over ``CBORDecoder/Limits/maximumSize``.
        case tooLarge
        /// Arrays and maps nest deeper than ``CBORDecoder/Limits/maximumDepth``.
        case tooDeep
        /// An indefinite length, or a stray "break" byte.
        case indefiniteLength
        /// An integer or length not written in its shortest form.
        case nonCanonical
        /// An additional-information value RFC 8949 reserves (28 to 30).
        case reservedValue
        /// A tag, a float, `undefined` or another simple value this decoder refuses.
        case unsupportedType
        /// A text string that is not valid UTF-8.
        case invalidUTF8
        /// A map holds the same key twice.
        case duplicateKey
        /// A length or count larger than the bytes that remain.
        case lengthTooLarge
        /// Bytes follow the one data item the caller asked for.
        case trailingBytes
    }

    /// The rule broken.
    public let code: Code
    /// The offset in the input where the offending item or byte starts.
    public let offset: Int
    private let reason: String

    /// An error with `code` at `offset` and a reason naming the rule.
    public init(_ code: Code, at offset: Int, _ reason: String) {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    /// An error with `code` only, to compare with thrown errors.
    public init(code: Code) {
        self.init(code, at: 0, "")
    }

    /// Equal when the codes are equal.
    public static func == (lhs: CBORError, rhs: CBORError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code, the offset and the reason.
    public var description: String { "CBORError.\(code.rawValue) at byte \(offset): \(reason)" }
}
