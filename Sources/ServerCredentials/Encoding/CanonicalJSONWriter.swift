/// Writes one flat JSON object with members in the order given, no whitespace, and one
/// fixed escaping: `"` and `\` escaped, control characters as `\n`-style or `\u00XX`
/// escapes, everything else as UTF-8.
///
/// Tokens are written with this so that the bytes depend only on the claims, on every
/// platform and Foundation version; the verifier re-writes what it parsed and requires the
/// same bytes, which refuses duplicate members, unknown members and odd encodings.
struct CanonicalJSONWriter {
    private var text = "{"
    private var isFirst = true

    /// Adds a string member.
    mutating func add(_ name: String, _ value: String) {
        addName(name)
        Self.appendString(value, to: &text)
    }

    /// Adds an integer member.
    mutating func add(_ name: String, _ value: Int64) {
        addName(name)
        text += String(value)
    }

    /// Adds a member whose value is already JSON (an array or object written by us).
    mutating func add(_ name: String, json value: String) {
        addName(name)
        text += value
    }

    /// The finished object.
    var json: String { text + "}" }

    private mutating func addName(_ name: String) {
        if !isFirst { text += "," }
        isFirst = false
        Self.appendString(name, to: &text)
        text += ":"
    }

    private static func appendString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
