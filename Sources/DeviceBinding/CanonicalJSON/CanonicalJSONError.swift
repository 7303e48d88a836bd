/// JSON text was rejected by the strict parser, or a value cannot be put in canonical form.
///
/// Equality compares ``code`` only. ``byteOffset`` says where in the input the problem was
/// found; ``description`` adds the reason. Neither repeats the input, which may be a
/// request body.
public struct CanonicalJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem was found.
    public let code: Code
    /// The zero-based byte offset in the input at which parsing stopped, or `nil` when the
    /// error comes from serialising a value.
    public let byteOffset: Int?
    private let reason: String
    private let file: String
    private let line: UInt

    init(_ code: Code, at byteOffset: Int?, _ reason: String, file: String = #fileID, line: UInt = #line) {
        self.code = code
        self.byteOffset = byteOffset
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// The code, the offset and the reason.
    public var description: String {
        let position = byteOffset.map { " at byte \($0)" } ?? ""
        return "CanonicalJSONError.\(code)\(position): \(reason) (\(file):\(line))"
    }

    /// Two errors are equal when their codes are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The kind of problem. New codes may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The input is not JSON (RFC 8259) at all: an unexpected character or early end.
        public static let syntax = Code("syntax")
        /// Arrays and objects nest deeper than ``JSONValue/maximumDepth``.
        public static let tooDeep = Code("tooDeep")
        /// The input is larger than ``JSONValue/maximumByteCount``.
        public static let tooLarge = Code("tooLarge")
        /// An object names the same member twice.
        public static let duplicateKey = Code("duplicateKey")
        /// A string holds invalid UTF-8, a lone surrogate escape or a raw control character.
        public static let invalidString = Code("invalidString")
        /// A number is out of the range of an IEEE 754 double, or is NaN or infinite.
        public static let invalidNumber = Code("invalidNumber")
        /// Something follows the top-level value.
        public static let trailingData = Code("trailingData")

        /// The code's name.
        public var description: String { name }
    }
}
