import DeviceBinding
import Foundation
import Testing

@Suite("The JSON parser is strict")
struct JSONParserTests {
    private func error(_ text: String) -> CanonicalJSONError? {
        error(Data(text.utf8))
    }

    private func error(_ data: Data) -> CanonicalJSONError? {
        thrownError { () throws(CanonicalJSONError) in try JSONValue(parsing: data) }
    }

    @Test("accepts every JSON type and whitespace between tokens")
    func acceptsJSON() throws {
        let value = try JSONValue(parsing: Data(" {\"a\" :\t[1, -2.5e3, \"x\", true, false, null, {}, []]\r\n} ".utf8))
        #expect(value == ["a": [1, -2500, "x", true, false, nil, [:], []]])
        #expect(try JSONValue(parsing: Data("\"top-level string\"".utf8)) == "top-level string")
    }

    @Test(
        "rejects syntax errors",
        arguments: [
            "", "{", "[1,]", "{\"a\":1,}", "{a:1}", "'x'", "01", "1.", ".5", "+1", "-", "1e", "NaN", "Infinity",
            "-Infinity", "tru", "nul", "[1 2]", "{\"a\" 1}", "\"\\x\"", "\"\\u12\"", "\u{FEFF}{}", "\"abc",
        ]
    )
    func syntax(_ text: String) {
        #expect(error(text) != nil)
    }

    @Test("rejects anything after the value")
    func trailing() {
        #expect(error("{} {}")?.code == .trailingData)
        #expect(error("1 x")?.code == .trailingData)
        #expect(error("{}\u{0}")?.code == .trailingData)
    }

    @Test("rejects duplicate member names, even when spelt with escapes, and reports their offset")
    func duplicates() {
        let plain = error(#"{"a":1,"a":2}"#)
        #expect(plain?.code == .duplicateKey)
        #expect(plain?.byteOffset == 7)
        #expect(error(#"{"a":1,"\u0061":2}"#)?.code == .duplicateKey)
        #expect(error(#"{"x":{"a":1,"b":{},"a":2}}"#)?.code == .duplicateKey)
    }

    @Test("rejects member names that differ only in Unicode normalisation")
    func canonicallyEquivalentNames() {
        #expect(error("{\"\u{E9}\":1,\"e\u{301}\":2}")?.code == .duplicateKey)
    }

    @Test("rejects lone surrogates and raw control characters")
    func invalidStrings() throws {
        for text in [#""\ud800""#, #""\udc00""#, #""\ud800x""#, #""\ud800\u0041""#, "\"a\u{1}b\"", "\"tab\tinside\""] {
            #expect(error(text)?.code == .invalidString, "\(text.debugDescription)")
        }
        #expect(try JSONValue(parsing: Data(#""\ud83d\ude00""#.utf8)) == "😀")
    }

    @Test("rejects invalid UTF-8: stray continuation, overlong form, encoded surrogate, truncation")
    func invalidUTF8() {
        for bytes: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xFF]] {
            let data = Data([0x22] + bytes + [0x22])
            #expect(error(data)?.code == .invalidString)
        }
    }

    @Test("accepts nesting 32 deep and rejects 33")
    func depth() throws {
        let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(throws: Never.self) { try JSONValue(parsing: Data(ok.utf8)) }
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(error(deep)?.code == .tooDeep)
        let deepObjects = String(repeating: "{\"a\":", count: 33) + "1" + String(repeating: "}", count: 33)
        #expect(error(deepObjects)?.code == .tooDeep)
        // Far deeper input fails cleanly instead of exhausting the stack.
        #expect(error(String(repeating: "[", count: 60_000))?.code == .tooDeep)
    }

    @Test("accepts 64 KiB and rejects one byte more")
    func size() throws {
        let limit = JSONValue.maximumByteCount
        let fits = "\"" + String(repeating: "a", count: limit - 2) + "\""
        #expect(throws: Never.self) { try JSONValue(parsing: Data(fits.utf8)) }
        let tooBig = "\"" + String(repeating: "a", count: limit - 1) + "\""
        #expect(error(tooBig)?.code == .tooLarge)
    }

    @Test("errors never repeat the input")
    func errorsAreQuiet() {
        let message = String(describing: error(#"{"pin":"123456","pin":"654321"}"#)!)
        #expect(!message.contains("123456") && !message.contains("654321"))
    }

    @Test("a value decoded through JSONDecoder keeps every type")
    func codable() throws {
        let data = Data(#"{"a":[1,true,"s",null,{"b":-0.5}]}"#.utf8)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == (try JSONValue(parsing: data)))
        let encoded = try JSONEncoder().encode(JSONValue(parsing: data))
        #expect(try JSONValue(parsing: encoded) == (try JSONValue(parsing: data)))
    }
}
