import Foundation

/// JSON encoding and strict decoding of the request and response bodies.
public enum WireCoding {
    /// Decodes a body: first the strict ``JSONValue`` parser runs over the raw bytes (64 KiB,
    /// depth 32, no duplicate members, valid UTF-8, finite numbers, no trailing data), then
    /// `JSONDecoder` maps it onto `type`. Unknown members are ignored, so the server may add
    /// fields.
    /// - Throws: ``CanonicalJSONError`` for JSON the strict parser rejects, `DecodingError`
    ///   for a missing or mistyped field. Neither repeats the body.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        _ = try JSONValue(parsing: data)
        return try JSONDecoder().decode(type, from: data)
    }

    /// Encodes a body as compact JSON with sorted member names and unescaped slashes.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
