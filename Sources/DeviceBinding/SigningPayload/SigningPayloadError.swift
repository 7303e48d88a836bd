/// A signing payload was rejected, while parsing or while being constructed.
///
/// ``line`` (1-based) and ``field`` say where; ``description`` says why. Equality compares
/// ``code`` only. The message never repeats a field's value.
public struct SigningPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of deviation was found.
    public let code: Code
    /// The 1-based line of the payload text, or `nil` when the error is not tied to a line
    /// (the whole input, or a value passed to an initialiser).
    public let line: Int?
    /// The name of the field concerned (`nonce`, `expires`, …), when there is one.
    public let field: String?
    private let reason: String
    private let file: String
    private let sourceLine: UInt

    init(
        _ code: Code, line: Int? = nil, field: String? = nil, _ reason: String,
        file: String = #fileID, sourceLine: UInt = #line
    ) {
        self.code = code
        self.line = line
        self.field = field
        self.reason = reason
        self.file = file
        self.sourceLine = sourceLine
    }

    /// The code, the line, the field and the reason.
    public var description: String {
        var place = ""
        if let line { place += " on line \(line)" }
        if let field { place += " (field `\(field)`)" }
        return "SigningPayloadError.\(code)\(place): \(reason) (\(file):\(sourceLine))"
    }

    /// Two errors are equal when their codes are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The kind of deviation. New codes may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The payload is larger than ``SigningPayload/maximumByteCount``.
        public static let tooLarge = Code("tooLarge")
        /// The payload is not valid UTF-8.
        public static let notUTF8 = Code("notUTF8")
        /// The first line is a different protocol version.
        public static let unsupportedVersion = Code("unsupportedVersion")
        /// A line is not the one expected at that position: a wrong or misspelt field name,
        /// fields out of order, extra whitespace around the name, or an extra line.
        public static let unexpectedLine = Code("unexpectedLine")
        /// The payload ends before all ten lines, or its last line lacks the final `\n`.
        public static let missingLine = Code("missingLine")
        /// A carriage return; lines end with `\n` only.
        public static let carriageReturn = Code("carriageReturn")
        /// A field's value is malformed: bad base64url, a nonce that is not 32 bytes, bad
        /// hex, a time that is not `YYYY-MM-DDTHH:MM:SSZ`, an unknown kind, key or purpose,
        /// or an identifier that is empty, too long, has control characters or surrounding
        /// whitespace.
        public static let invalidValue = Code("invalidValue")
        /// Fields contradict each other: an enrollment with a device, key, purpose other than
        /// `enroll` or action hash; a challenge without device or key; an `action` challenge
        /// without an action hash.
        public static let inconsistentFields = Code("inconsistentFields")

        /// The code's name.
        public var description: String { name }
    }
}
