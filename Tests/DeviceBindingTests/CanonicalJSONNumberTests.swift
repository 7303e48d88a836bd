import DeviceBinding
import Foundation
import Testing

@Suite("Canonical numbers are written as ECMAScript writes them (RFC 8785 §3.2.2.3)")
struct CanonicalJSONNumberTests {
    private func canonical(_ number: Double) throws -> String {
        String(decoding: try JSONValue.number(number).canonicalData(), as: UTF8.self)
    }

    /// RFC 8785 Appendix B: IEEE 754 bit patterns and their canonical text.
    @Test(
        "the RFC 8785 Appendix B table",
        arguments: [
            ("0000000000000000", "0"), ("8000000000000000", "0"),
            ("0000000000000001", "5e-324"), ("8000000000000001", "-5e-324"),
            ("7fefffffffffffff", "1.7976931348623157e+308"), ("ffefffffffffffff", "-1.7976931348623157e+308"),
            ("4340000000000000", "9007199254740992"), ("c340000000000000", "-9007199254740992"),
            ("4430000000000000", "295147905179352830000"),
            ("44b52d02c7e14af5", "9.999999999999997e+22"), ("44b52d02c7e14af6", "1e+23"),
            ("44b52d02c7e14af7", "1.0000000000000001e+23"),
            ("444b1ae4d6e2ef4e", "999999999999999700000"), ("444b1ae4d6e2ef4f", "999999999999999900000"),
            ("444b1ae4d6e2ef50", "1e+21"),
            ("3eb0c6f7a0b5ed8c", "9.999999999999997e-7"), ("3eb0c6f7a0b5ed8d", "0.000001"),
            ("41b3de4355555553", "333333333.3333332"), ("41b3de4355555554", "333333333.33333325"),
            ("41b3de4355555555", "333333333.3333333"), ("41b3de4355555556", "333333333.3333334"),
            ("41b3de4355555557", "333333333.33333343"),
            ("becbf647612f3696", "-0.0000033333333333333333"), ("43143ff3c1cb0959", "1424953923781206.2"),
        ]
    )
    func appendixB(_ bits: String, _ expected: String) throws {
        let value = Double(bitPattern: UInt64(bits, radix: 16)!)
        #expect(try canonical(value) == expected)
    }

    @Test("NaN and the infinities have no canonical form", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ value: Double) {
        let error = thrownError { () throws(CanonicalJSONError) in try JSONValue.number(value).canonicalData() }
        #expect(error?.code == .invalidNumber)
    }

    @Test(
        "number text parsed and written again takes the canonical form",
        arguments: [
            ("1e21", "1e+21"), ("1E21", "1e+21"), ("0.000001", "0.000001"), ("1e-7", "1e-7"),
            ("333333333.33333329", "333333333.3333333"), ("-0", "0"), ("-0.0", "0"), ("4.50", "4.5"),
            ("2e-3", "0.002"), ("0.000000000000000000000000001", "1e-27"), ("1E30", "1e+30"),
            ("100", "100"), ("1.0", "1"), ("-1.5", "-1.5"), ("123456789012345678901", "123456789012345680000"),
            ("1e-6", "0.000001"), ("1.5e-7", "1.5e-7"), ("12345.678e10", "123456780000000"),
            ("1e400", "error"), ("1E400", "error"), ("-1e400", "error"), ("1e-400", "0"),
        ]
    )
    func parsedNumbers(_ text: String, _ expected: String) {
        do {
            let value = try JSONValue(parsing: Data(text.utf8))
            #expect(String(decoding: try value.canonicalData(), as: UTF8.self) == expected)
        } catch {
            #expect(expected == "error")
            #expect(error.code == .invalidNumber)
        }
    }

    /// Random doubles written by V8's `JSON.stringify` (node 18), which RFC 8785 defines as
    /// the reference behaviour.
    @Test("agrees with V8 on random bit patterns", arguments: V8NumberSamples.samples)
    func v8Samples(_ sample: (bits: UInt64, text: String)) throws {
        #expect(try canonical(Double(bitPattern: sample.bits)) == sample.text)
    }
}
