import Foundation

/// A JSON value (RFC 8259) that can be written in RFC 8785 canonical form.
///
/// The action a challenge approves is a `JSONValue`; its canonical bytes are what
/// `action-sha256` in a ``SigningPayload`` hashes. Numbers are IEEE 754 doubles, as in
/// I-JSON (RFC 7493) and RFC 8785. Equality is Swift's: strings compare by canonical
/// Unicode equivalence, and `0` equals `-0`, both of which canonicalise the same way only
/// for numbers — compare ``canonicalData()`` when byte identity matters.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number. NaN and infinities cannot be serialised.
    case number(Double)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([JSONValue])
    /// An object. Member order carries no meaning; canonical form sorts by UTF-16 code units.
    case object([String: JSONValue])

    /// The largest input, in bytes, that ``init(parsing:)`` accepts: 64 KiB.
    public static let maximumByteCount = 64 * 1024
    /// The deepest nesting of arrays and objects that ``init(parsing:)`` accepts.
    public static let maximumDepth = 32
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object. A repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
