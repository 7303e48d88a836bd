/// A value on the wire does not have the exact form the protocol requires.
///
/// Equality compares ``code`` only, so tests and callers match on the kind of failure while
/// ``description`` carries the precise reason and the source location that raised it. The
/// reason names the field and what was wrong with it; it never contains the offending
/// value, because that value may be a PIN or a signature.
public struct WireFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of value was malformed.
    public let code: Code
    private let reason: String
    private let file: String
    private let line: UInt

    init(_ code: Code, _ reason: String, file: String = #fileID, line: UInt = #line) {
        self.code = code
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// The code and the reason, without the offending value.
    public var description: String { "WireFormatError.\(code): \(reason) (\(file):\(line))" }

    /// Two errors are equal when their codes are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The kind of malformed value. New codes may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// Not base64url without padding in its one canonical form.
        public static let invalidBase64URL = Code("invalidBase64URL")
        /// Not lowercase hexadecimal of the expected length.
        public static let invalidHex = Code("invalidHex")
        /// Not an RFC 3339 UTC timestamp of the form `YYYY-MM-DDTHH:MM:SSZ`.
        public static let invalidTimestamp = Code("invalidTimestamp")
        /// A date outside the years 0000–9999 that the timestamp form can express.
        public static let timestampOutOfRange = Code("timestampOutOfRange")
        /// Not a P-256 public key as SPKI DER or a 65-byte X9.63 point on the curve.
        public static let invalidPublicKey = Code("invalidPublicKey")
        /// Not a strict-DER ECDSA P-256 signature.
        public static let invalidSignature = Code("invalidSignature")
        /// Not a PIN of 6 to 12 ASCII digits.
        public static let invalidPIN = Code("invalidPIN")

        /// The code's name.
        public var description: String { name }
    }
}
