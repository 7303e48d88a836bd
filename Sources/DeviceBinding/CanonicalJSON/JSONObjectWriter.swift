import Foundation

/// Writes one JSON object member by member, in the order given, with no whitespace and
/// the string escaping of RFC 8785 (``JSONValue/canonicalData()``): `"` and `\` escaped,
/// control characters as `\n`-style or `\u00xx` escapes, everything else as UTF-8.
///
/// Members added in sorted order give canonical JSON without building a ``JSONValue``
/// first. Access tokens are written with this, so their bytes depend only on the claims,
/// on every platform and Foundation version.
///
/// ```swift
/// var writer = JSONObjectWriter()
/// writer.add("alg", "ES256")
/// writer.add("exp", 1_800_000_000 as Int64)
/// writer.json  // {"alg":"ES256","exp":1800000000}
/// ```
public struct JSONObjectWriter: Sendable {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    /// An empty object.
    public init() {}

    /// Adds a string member.
    public mutating func add(_ name: String, _ value: String) {
        addName(name)
        CanonicalJSONSerializer.writeString(value, into: &bytes)
    }

    /// Adds an integer member, written in full (no exponent, no rounding).
    public mutating func add(_ name: String, _ value: Int64) {
        addName(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Adds a member whose value is already JSON (an array or object written by the caller).
    public mutating func add(_ name: String, json value: String) {
        addName(name)
        bytes.append(contentsOf: value.utf8)
    }

    /// The finished object as UTF-8 bytes.
    public var data: Data { Data(bytes + [UInt8(ascii: "}")]) }

    /// The finished object as text.
    public var json: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }

    private mutating func addName(_ name: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        CanonicalJSONSerializer.writeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}
