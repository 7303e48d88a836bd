import DeviceTrustCrypto

/// A PIN: 6 to 12 ASCII digits.
///
/// It never shows its digits in `description`, `debugDescription`, string interpolation,
/// `dump` or error messages; only ``withUnsafeBytes(_:)`` (for the server's keyed hash) and
/// ``revealedDigits`` (for the client's request body) give them. The digits are held in
/// `SymmetricKey` storage, which is zeroised when the last copy is released, and `==` runs
/// in constant time.
public struct PIN: Sendable, Equatable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The fewest digits a PIN has.
    public static let minimumLength = 6
    /// The most digits a PIN has.
    public static let maximumLength = 12

    private let digits: SymmetricKey

    /// A PIN from its digits.
    /// - Throws: ``WireFormatError/Code/invalidPIN`` unless `text` is 6 to 12 ASCII digits
    ///   `0`–`9` (no spaces, signs or other numerals). The message does not repeat the text.
    public init(_ text: String) throws(WireFormatError) {
        guard (Self.minimumLength...Self.maximumLength).contains(text.utf8.count),
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw WireFormatError(
                .invalidPIN, "a PIN is \(Self.minimumLength) to \(Self.maximumLength) ASCII digits 0-9, nothing else"
            )
        }
        var bytes = Array(text.utf8)
        digits = SymmetricKey(data: bytes)
        for index in bytes.indices { bytes[index] = 0 }
    }

    /// Read access to the ASCII digits, valid only inside `body`; for hashing. Do not copy
    /// them out.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try digits.withUnsafeBytes(body)
    }

    /// The digits as a string, for a request body. Swift strings cannot be wiped: prefer
    /// ``withUnsafeBytes(_:)`` and handle the result as a secret.
    public var revealedDigits: String {
        digits.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `PIN(redacted)`.
    public var description: String { "PIN(redacted)" }
    /// `PIN(redacted)`.
    public var debugDescription: String { "PIN(redacted)" }
    /// A mirror without children, so `dump` and reflection show no digits.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Whether two PINs have the same digits, compared in constant time.
    public static func == (lhs: PIN, rhs: PIN) -> Bool { lhs.digits == rhs.digits }

    /// Decodes from a JSON string; a malformed PIN fails without repeating it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as a JSON string of digits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(revealedDigits)
    }
}
