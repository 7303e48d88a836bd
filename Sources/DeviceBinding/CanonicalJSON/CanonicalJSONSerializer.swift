import DeviceTrustCrypto
import Foundation

extension JSONValue {
    /// The RFC 8785 (JSON Canonicalization Scheme) bytes of this value: no whitespace,
    /// object members sorted by the UTF-16 code units of their names, strings with only the
    /// mandatory escapes, numbers as ECMAScript writes them.
    /// - Throws: ``CanonicalJSONError/Code/invalidNumber`` when the value holds NaN or an
    ///   infinity, which have no JSON form.
    public func canonicalData() throws(CanonicalJSONError) -> Data {
        var out: [UInt8] = []
        try CanonicalJSONSerializer.write(self, into: &out)
        return Data(out)
    }

    /// The lowercase hex SHA-256 of ``canonicalData()``: the `action-sha256` of a payload
    /// that approves this value as its action.
    /// - Throws: ``CanonicalJSONError/Code/invalidNumber`` for NaN or infinities.
    public func canonicalSHA256Hex() throws(CanonicalJSONError) -> String {
        LowercaseHex.encode(SHA256.hash(data: try canonicalData()))
    }
}

/// RFC 8785 §3.2 serialisation.
enum CanonicalJSONSerializer {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func write(_ value: JSONValue, into out: inout [UInt8]) throws(CanonicalJSONError) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            guard number.isFinite else {
                throw CanonicalJSONError(.invalidNumber, at: nil, "NaN and infinities have no JSON form")
            }
            out.append(contentsOf: ECMAScriptNumber.format(number).utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let names = members.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            for (offset, name) in names.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                writeString(name, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(members[name]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A string with the mandatory escapes only. Byte by byte over the UTF-8: every byte
    /// of a multi-byte sequence is 0x80 or above, so only ASCII is ever escaped and the
    /// rest is copied as it is.
    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings (identifiers, base64url, ISO dates) need no escape: copied whole.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22: out.append(contentsOf: #"\""#.utf8)
            case 0x5C: out.append(contentsOf: #"\\"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
