import Foundation

/// `JSONValue` travels inside `Codable` messages (the `action` of a challenge request).
///
/// Decoding through a `Decoder` cannot see duplicate keys or the exact number text; for
/// untrusted bodies run ``JSONValue/init(parsing:)`` over the raw bytes first (as
/// ``WireCoding/decode(_:from:)`` does).
extension JSONValue: Codable {
    /// Decodes whichever JSON type is present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            guard value.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a JSON number must be finite")
            }
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value with the encoder's own formatting (not canonical form; use
    /// ``canonicalData()`` for that).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// The JSON value of any `Encodable`, for hashing an action a client or server holds as
    /// its own type: encoded with `JSONEncoder`, then read back with the strict parser.
    /// - Throws: `EncodingError` when `value` cannot be encoded (for example, holds NaN),
    ///   ``CanonicalJSONError`` when the result breaks a parser limit.
    public init<T: Encodable>(encoding value: T) throws {
        try self.init(parsing: JSONEncoder().encode(value))
    }
}
