import DeviceBinding
import Foundation
import Testing

@Suite("Canonical JSON follows RFC 8785")
struct CanonicalJSONSerializationTests {
    private func canonical(_ value: JSONValue) throws -> String {
        String(decoding: try value.canonicalData(), as: UTF8.self)
    }

    private func canonical(parsing text: String) throws -> String {
        try canonical(JSONValue(parsing: Data(text.utf8)))
    }

    @Test("the RFC 8785 §3.2.2 example: whitespace removed, members sorted, numbers and strings normalised")
    func rfcMainExample() throws {
        let input = #"""
            {
              "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
              "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
              "literals": [null, true, false]
            }
            """#
        let expected = #"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
        #expect(try canonical(parsing: input) == expected)
    }

    @Test("the RFC 8785 §3.2.3 sorting example orders member names by UTF-16 code units")
    func rfcSortingExample() throws {
        let input = #"""
            {
              "\u20ac": "Euro Sign",
              "\r": "Carriage Return",
              "\ufb33": "Hebrew Letter Dalet With Dagesh",
              "1": "One",
              "\ud83d\ude00": "Emoji: Grinning Face",
              "\u0080": "Control",
              "\u00f6": "Latin Small Letter O With Diaeresis"
            }
            """#
        let expected =
            "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u{80}\":\"Control\","
            + "\"\u{F6}\":\"Latin Small Letter O With Diaeresis\",\"\u{20AC}\":\"Euro Sign\","
            + "\"\u{1F600}\":\"Emoji: Grinning Face\",\"\u{FB33}\":\"Hebrew Letter Dalet With Dagesh\"}"
        #expect(try canonical(parsing: input) == expected)
    }

    @Test("UTF-16 order puts a supplementary character before U+FFxx, unlike scalar order")
    func utf16NotScalarOrder() throws {
        #expect(try canonical(["\u{FF21}": 1, "\u{1F600}": 2]) == "{\"\u{1F600}\":2,\"\u{FF21}\":1}")
    }

    @Test("only the mandatory escapes are written, with lowercase hex for other controls")
    func stringEscapes() throws {
        #expect(try canonical(.string("\u{8}\u{C}\n\r\t\"\\")) == #""\b\f\n\r\t\"\\""#)
        #expect(try canonical(.string("\u{0}\u{1F}\u{1B}")) == #""\u0000\u001f\u001b""#)
        #expect(try canonical(.string("/ \u{7F} é \u{2028} 😀")) == "\"/ \u{7F} é \u{2028} 😀\"")
    }

    @Test("no whitespace, nested structures canonicalised at every level")
    func nested() throws {
        let value: JSONValue = ["b": [1, 2.5, ["z": nil, "a": true]], "a": [:], "c": []]
        #expect(try canonical(value) == #"{"a":{},"b":[1,2.5,{"a":true,"z":null}],"c":[]}"#)
    }

    @Test("canonicalisation is idempotent")
    func idempotent() throws {
        let once = try canonical(parsing: #"{"b": [1.0, "x\u0041"], "a": {"d": -0, "c": 1e2}}"#)
        #expect(try canonical(parsing: once) == once)
        #expect(once == #"{"a":{"c":100,"d":0},"b":[1,"xA"]}"#)
    }

    @Test("the action hash is the lowercase hex SHA-256 of the canonical bytes")
    func actionHash() throws {
        #expect(try Fixtures.action.canonicalSHA256Hex() == Fixtures.actionSHA256)
    }
}
