import ASN1DER
import Testing

/// The typed reads: each checks the DER rules of its universal type.
@Suite("DER values")
struct DERValueTests {
    // MARK: BOOLEAN (X.690 §11.1)

    @Test("A BOOLEAN is FF for true and 00 for false")
    func booleans() throws {
        #expect(try readAll(hex("01 01 FF")) { (r) throws(DERError) in try r.readBoolean() })
        #expect(try !readAll(hex("01 01 00")) { (r) throws(DERError) in try r.readBoolean() })
        #expect(try readAll(hex("81 01 FF")) { (r) throws(DERError) in try r.readBoolean(tag: .context(1, constructed: false)) })
    }

    @Test("A BOOLEAN other than FF or 00, or not one byte long, is refused", arguments: ["01 01 01", "01 01 7F", "01 00", "01 02 FF FF"])
    func invalidBooleans(encoding: String) {
        expectDERError(.invalidContent, at: 0) { _ = try readAll(hex(encoding)) { (r) throws(DERError) in try r.readBoolean() } }
    }

    // MARK: INTEGER (X.690 §8.3)

    @Test(
        "An INTEGER is minimal two's complement",
        arguments: [
            ("02 01 00", 0), ("02 01 7F", 127), ("02 02 00 80", 128), ("02 02 01 00", 256),
            ("02 01 FF", -1), ("02 01 80", -128), ("02 02 FF 7F", -129), ("02 02 FF 00", -256),
            ("02 08 7F FF FF FF FF FF FF FF", Int.max), ("02 08 80 00 00 00 00 00 00 00", Int.min),
        ])
    func integers(encoding: String, value: Int) throws {
        #expect(try readAll(hex(encoding)) { (r) throws(DERError) in try r.readInteger(Int.self) } == value)
    }

    @Test(
        "An INTEGER with a redundant leading 00 or FF, or with no content, is refused",
        arguments: [
            "02 02 00 7F", "02 02 00 00", "02 03 00 00 80", "02 02 FF 80", "02 02 FF FF", "02 00",
        ])
    func nonMinimalIntegers(encoding: String) {
        expectDERError(.invalidContent, at: 0) { _ = try readAll(hex(encoding)) { (r) throws(DERError) in try r.readIntegerBytes() } }
    }

    @Test("readIntegerBytes returns the content, leading 00 included")
    func integerBytes() throws {
        let bytes = try readAll(hex("02 03 00 8A 3C")) { (r) throws(DERError) in try r.readIntegerBytes() }
        #expect(Array(bytes) == hex("00 8A 3C"))
    }

    @Test("readInteger refuses a value that does not fit the type")
    func integerRanges() throws {
        #expect(try readAll(hex("02 01 80")) { (r) throws(DERError) in try r.readInteger(Int8.self) } == -128)
        #expect(try readAll(hex("02 02 00 FF")) { (r) throws(DERError) in try r.readInteger(UInt8.self) } == 255)
        #expect(try readAll(hex("02 09 00 FF FF FF FF FF FF FF FF")) { (r) throws(DERError) in try r.readInteger(UInt64.self) } == .max)
        let tooBig: [(String, (inout DERReader) throws(DERError) -> Void)] = [
            ("02 02 00 80", { (r) throws(DERError) in _ = try r.readInteger(Int8.self) }),  // 128
            ("02 02 FF 7F", { (r) throws(DERError) in _ = try r.readInteger(Int8.self) }),  // -129
            ("02 01 80", { (r) throws(DERError) in _ = try r.readInteger(UInt8.self) }),  // negative
            ("02 02 01 00", { (r) throws(DERError) in _ = try r.readInteger(UInt8.self) }),  // 256
            ("02 09 01 00 00 00 00 00 00 00 00", { (r) throws(DERError) in _ = try r.readInteger(Int.self) }),
            ("02 09 00 80 00 00 00 00 00 00 00", { (r) throws(DERError) in _ = try r.readInteger(Int.self) }),  // 2^63
            ("02 09 FF 7F FF FF FF FF FF FF FF", { (r) throws(DERError) in _ = try r.readInteger(Int.self) }),  // -2^63 - 1
        ]
        for (encoding, read) in tooBig {
            expectDERError(.invalidContent, at: 0) { _ = try readAll(hex(encoding), read) }
        }
    }

    @Test("An ENUMERATED reads like an INTEGER under its own tag")
    func enumerated() throws {
        #expect(try readAll(hex("0A 01 02")) { (r) throws(DERError) in try r.readInteger(Int.self, tag: .enumerated) } == 2)
        expectDERError(.unexpectedTag, at: 0) { _ = try readAll(hex("0A 01 02")) { (r) throws(DERError) in try r.readInteger(Int.self) } }
    }

    // MARK: NULL, OCTET STRING, strings

    @Test("A NULL has no content")
    func null() throws {
        try readAll(hex("05 00")) { (r) throws(DERError) in try r.readNull() }
        expectDERError(.invalidContent, at: 0) { try readAll(hex("05 01 00")) { (r) throws(DERError) in try r.readNull() } }
    }

    @Test("An OCTET STRING's content is returned as it is")
    func octetString() throws {
        #expect(Array(try readAll(hex("04 02 00 FF")) { (r) throws(DERError) in try r.readOctetString() }) == [0x00, 0xFF])
    }

    @Test("UTF8String, PrintableString and IA5String read as text; other string types and bad UTF-8 are refused")
    func strings() throws {
        #expect(try readAll(hex("0C 03 C3 A9 61")) { (r) throws(DERError) in try r.readString() } == "éa")
        #expect(try readAll(hex("13 02 41 42")) { (r) throws(DERError) in try r.readString() } == "AB")
        #expect(try readAll(hex("16 01 40")) { (r) throws(DERError) in try r.readString() } == "@")
        #expect(try readAll(hex("80 01 41")) { (r) throws(DERError) in try r.readString(tag: .context(0, constructed: false)) } == "A")
        expectDERError(.unexpectedTag, at: 0) { _ = try readAll(hex("14 01 41")) { (r) throws(DERError) in try r.readString() } }
        expectDERError(.unexpectedTag, at: 0) { _ = try readAll(hex("04 01 41")) { (r) throws(DERError) in try r.readString() } }
        expectDERError(.invalidContent, at: 0) { _ = try readAll(hex("0C 02 C3 28")) { (r) throws(DERError) in try r.readString() } }
    }

    // MARK: BIT STRING (X.690 §11.2)

    @Test("readBitStringBytes returns whole bytes and refuses unused bits or a missing unused-bits octet")
    func bitStringBytes() throws {
        #expect(Array(try readAll(hex("03 03 00 AB CD")) { (r) throws(DERError) in try r.readBitStringBytes() }) == [0xAB, 0xCD])
        #expect(try readAll(hex("03 01 00")) { (r) throws(DERError) in try r.readBitStringBytes() }.isEmpty)
        expectDERError(.invalidContent, at: 0) { _ = try readAll(hex("03 02 01 FE")) { (r) throws(DERError) in try r.readBitStringBytes() } }
        expectDERError(.invalidContent, at: 0) { _ = try readAll(hex("03 00")) { (r) throws(DERError) in try r.readBitStringBytes() } }
    }

    @Test("readBitString returns bytes and unused bits: at most 7, none in an empty string, and all zero")
    func bitStrings() throws {
        let keyUsage = try readAll(hex("03 02 07 80")) { (r) throws(DERError) in try r.readBitString() }
        #expect(Array(keyUsage.bytes) == [0x80] && keyUsage.unusedBits == 7)
        let certSign = try readAll(hex("03 02 01 06")) { (r) throws(DERError) in try r.readBitString() }
        #expect(Array(certSign.bytes) == [0x06] && certSign.unusedBits == 1)
        let empty = try readAll(hex("03 01 00")) { (r) throws(DERError) in try r.readBitString() }
        #expect(empty.bytes.isEmpty && empty.unusedBits == 0)
        for invalid in ["03 02 08 00", "03 01 01", "03 02 01 01", "03 02 07 C0", "03 00"] {
            expectDERError(.invalidContent, at: 0) { _ = try readAll(hex(invalid)) { (r) throws(DERError) in try r.readBitString() } }
        }
    }
}
