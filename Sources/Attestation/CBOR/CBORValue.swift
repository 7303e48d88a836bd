/// One decoded CBOR (RFC 8949) data item, limited to the types attestation formats use.
///
/// Integers keep CBOR's own split: major type 0 is ``unsigned(_:)`` and major type 1 is
/// ``negative(_:)``, whose payload `n` stands for the value −1 − n, so every CBOR integer
/// (−2⁶⁴ … 2⁶⁴ − 1) is representable without overflow. Use ``integerValue`` for an `Int`.
///
/// Tags, floating-point numbers, `undefined` and other simple values are not represented:
/// ``CBORDecoder`` refuses them because no App Attest structure contains them, and every
/// type a decoder does not need is attack surface it does not have to carry.
public enum CBORValue: Sendable, Hashable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the negative integer −1 − `n` (so `.negative(0)` is −1).
    case negative(UInt64)
    /// Major type 2: a byte string.
    case byteString([UInt8])
    /// Major type 3: a text string, validated as UTF-8.
    case textString(String)
    /// Major type 4: an array.
    case array([CBORValue])
    /// Major type 5: a map, in the order of the encoding, without duplicate keys.
    case map(CBORMap)
    /// Simple values 20 and 21.
    case bool(Bool)
    /// Simple value 22.
    case null

    /// The CBOR integer for `value`: ``unsigned(_:)`` from 0 up, ``negative(_:)`` below.
    public static func integer(_ value: Int) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-(value + 1)))
    }

    /// The value as an `Int` when it is an integer that fits; nil otherwise.
    public var integerValue: Int? {
        switch self {
        case .unsigned(let value):
            return value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let n):
            // −1 − n fits Int when n ≤ Int.max.
            return n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default:
            return nil
        }
    }

    /// The bytes of a byte string; nil for any other type.
    public var byteStringValue: [UInt8]? {
        if case .byteString(let bytes) = self { return bytes }
        return nil
    }

    /// The text of a text string; nil for any other type.
    public var textStringValue: String? {
        if case .textString(let text) = self { return text }
        return nil
    }

    /// The elements of an array; nil for any other type.
    public var arrayValue: [CBORValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The map; nil for any other type.
    public var mapValue: CBORMap? {
        if case .map(let map) = self { return map }
        return nil
    }
}

/// A decoded CBOR map: its entries in the order they were encoded, keys unique.
public struct CBORMap: Sendable, Hashable {
    /// One key and its value.
    public struct Entry: Sendable, Hashable {
        /// The entry's key.
        public let key: CBORValue
        /// The entry's value.
        public let value: CBORValue

        /// An entry mapping `key` to `value`.
        public init(key: CBORValue, value: CBORValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in encoding order.
    public let entries: [Entry]

    /// A map of `entries`; the decoder guarantees their keys are unique.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The value stored under `key`, if any.
    public subscript(key: CBORValue) -> CBORValue? {
        entries.first { $0.key == key }?.value
    }

    /// The value stored under the text-string key `key`, if any.
    public subscript(text key: String) -> CBORValue? {
        self[.textString(key)]
    }

    /// The value stored under the integer key `key` (COSE labels), if any.
    public subscript(integer key: Int) -> CBORValue? {
        self[.integer(key)]
    }

    /// The keys, in encoding order.
    public var keys: [CBORValue] { entries.map(\.key) }
}
