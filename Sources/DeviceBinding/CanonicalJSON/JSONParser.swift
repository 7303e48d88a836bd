import Foundation

extension JSONValue {
    /// Parses JSON text strictly.
    ///
    /// Accepts RFC 8259 JSON with any top-level value and JSON whitespace around tokens, and
    /// rejects: more than ``maximumByteCount`` bytes, nesting deeper than ``maximumDepth``,
    /// duplicate member names (including names that Swift considers equal, i.e. canonically
    /// equivalent Unicode), invalid UTF-8, lone surrogate escapes, raw control characters in
    /// strings, numbers that are not finite doubles (`1E400`), a byte-order mark, and
    /// anything after the value.
    /// - Throws: ``CanonicalJSONError`` with the byte offset of the problem.
    public init<D: DataProtocol>(parsing data: D) throws(CanonicalJSONError) {
        guard data.count <= Self.maximumByteCount else {
            throw CanonicalJSONError(.tooLarge, at: nil, "JSON input is limited to \(Self.maximumByteCount) bytes")
        }
        var parser = JSONParser(bytes: Array(data))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw CanonicalJSONError(.trailingData, at: parser.index, "only whitespace may follow the JSON value")
        }
        self = value
    }
}

/// A recursive-descent JSON parser over bytes. Recursion is bounded by the depth limit.
struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ code: CanonicalJSONError.Code, _ reason: String) -> CanonicalJSONError {
        CanonicalJSONError(code, at: index, reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    mutating func value(depth: Int) throws(CanonicalJSONError) -> JSONValue {
        guard let byte = current else { throw error(.syntax, "the input ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error(.syntax, "expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(CanonicalJSONError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw error(.syntax, "expected the literal \(word)")
        }
        index += expected.count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(CanonicalJSONError) {
        guard current == byte else { throw error(.syntax, "expected \(what)") }
        index += 1
    }

    private mutating func object(depth: Int) throws(CanonicalJSONError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else {
            throw error(.tooDeep, "arrays and objects may nest at most \(JSONValue.maximumDepth) deep")
        }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard current == UInt8(ascii: "\"") else { throw error(.syntax, "expected a member name in double quotes") }
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipWhitespace()
            let member = try value(depth: depth)
            guard members.updateValue(member, forKey: key) == nil else {
                throw CanonicalJSONError(.duplicateKey, at: keyOffset, "an object names the same member twice; send each member once")
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(CanonicalJSONError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else {
            throw error(.tooDeep, "arrays and objects may nest at most \(JSONValue.maximumDepth) deep")
        }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            return .array(elements)
        }
    }

    private mutating func string() throws(CanonicalJSONError) -> String {
        let start = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error(.syntax, "a string is not closed with '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = UTF8Validation.string(utf8) else {
                    throw CanonicalJSONError(.invalidString, at: start, "a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &utf8)
            case 0x00..<0x20:
                throw error(.invalidString, "control characters in strings must be escaped")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(CanonicalJSONError) {
        guard let byte = current else { throw error(.syntax, "the input ends inside an escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hex4())
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(.invalidString, "a high surrogate escape must be followed by a low surrogate escape")
                }
                index += 2
                let low = UInt32(try hex4())
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error(.invalidString, "a high surrogate escape must be followed by a low surrogate escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error(.invalidString, "a low surrogate escape without a preceding high surrogate")
            }
            // Every value left is a valid scalar: surrogates were handled above.
            UTF8.encode(Unicode.Scalar(scalar)!) { utf8.append($0) }
        default:
            throw error(.syntax, "unknown escape; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    private mutating func hex4() throws(CanonicalJSONError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw error(.syntax, "\\u needs four hexadecimal digits") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.syntax, "\\u needs four hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws(CanonicalJSONError) -> Double {
        let start = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            guard !isDigit(current) else { throw error(.syntax, "a number may not have a leading zero") }
        } else {
            guard isDigit(current) else { throw error(.syntax, "expected a digit") }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error(.syntax, "expected a digit after the decimal point") }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error(.syntax, "expected a digit in the exponent") }
            while isDigit(current) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw CanonicalJSONError(.invalidNumber, at: start, "a number must fit in an IEEE 754 double")
        }
        return value
    }
}
