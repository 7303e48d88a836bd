import Foundation

/// JSON encoding and strict decoding of the request and response bodies.
public enum WireCoding {
    /// Decodes a body: first the strict ``JSONValue`` parser runs over the raw bytes (64 KiB,
    /// depth 32, no duplicate members, valid UTF-8, finite numbers, no trailing data), then
    /// `JSONDecoder` maps it onto `type`. Unknown members are ignored, so the server may add
    /// fields to its answers; the server decodes requests with ``decodeRequest(_:from:)``.
    /// - Throws: ``CanonicalJSONError`` for JSON the strict parser rejects, `DecodingError`
    ///   for a missing or mistyped field. Neither repeats the body.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, parsed: JSONValue(parsing: data), from: data)
    }

    /// Decodes a request body as the server does: like ``decode(_:from:)``, and in between
    /// the member names are checked against ``StrictRequestBody/requestMembers``, so a
    /// member the API does not define, or one set to `null`, is refused rather than ignored.
    /// - Throws: ``CanonicalJSONError`` for JSON the strict parser rejects,
    ///   ``RequestMemberError`` for an unknown or null member, `DecodingError` for a missing
    ///   or mistyped field. None repeats the body.
    public static func decodeRequest<T: StrictRequestBody>(_ type: T.Type, from data: Data) throws -> T {
        let value = try JSONValue(parsing: data)
        try T.requestMembers.check(value)
        return try decode(type, parsed: value, from: data)
    }

    /// `value` (the strict parse of `data`) as `type`.
    private static func decode<T: Decodable>(_ type: T.Type, parsed value: JSONValue, from data: Data) throws -> T {
        // Fast path: map the value the strict parser already built. It succeeds only where
        // JSONDecoder would decode the same result; anything else (including every error)
        // goes through JSONDecoder, so results and errors stay JSONDecoder's.
        if let decoded = try? JSONValueDecoder.decode(type, from: value, codingPath: []) {
            return decoded
        }
        return try decoder.decode(type, from: data)
    }

    /// Encodes a body as compact JSON with sorted member names and unescaped slashes.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        // Flat messages (the server's hot-path answers): the same bytes, written directly.
        if let message = value as? any FlatWireMessage, let members = message.wireMembers {
            return try JSONValue.object(members).canonicalData()
        }
        return try encoder.encode(value)
    }

    // Shared: both are thread-safe once configured, and building them per body costs
    // more than small bodies take to code.
    private static let decoder = JSONDecoder()
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
