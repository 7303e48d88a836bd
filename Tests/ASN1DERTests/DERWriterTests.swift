import ASN1DER
import Testing

/// Whatever DERWriter writes, DERReader reads back to the same value.
@Suite("DERWriter")
struct DERWriterTests {
    @Test(
        "Integers are written minimal and read back",
        arguments: [
            0, 1, 127, 128, 255, 256, -1, -128, -129, -256, 0x7FFF, 0x8000, Int.max, Int.min,
        ])
    func integers(value: Int) throws {
        var writer = DERWriter()
        writer.integer(value)
        #expect(try readAll(writer.bytes) { (r) throws(DERError) in try r.readInteger(Int.self) } == value)
    }

    @Test("Unsigned integers above Int64.max are written (with a leading 00) and read back")
    func largeUnsigned() throws {
        var writer = DERWriter()
        writer.integer(UInt64.max)
        #expect(writer.bytes == hex("02 09 00 FF FF FF FF FF FF FF FF"))
        #expect(try readAll(writer.bytes) { (r) throws(DERError) in try r.readInteger(UInt64.self) } == .max)
        writer = DERWriter()
        writer.integer(UInt8(200))
        #expect(writer.bytes == hex("02 02 00 C8"))
    }

    @Test("Known encodings: INTEGER 128, -129, a serial magnitude, BOOLEAN, NULL, BIT STRING")
    func encodings() {
        var writer = DERWriter()
        writer.integer(128)
        writer.integer(-129)
        writer.unsignedInteger(magnitude: hex("00 00 8A 3C"))
        writer.unsignedInteger(magnitude: [])
        writer.boolean(true)
        writer.null()
        writer.bitString([0xAB])
        #expect(writer.bytes == hex("02 02 00 80  02 02 FF 7F  02 03 00 8A 3C  02 01 00  01 01 FF  05 00  03 02 00 AB"))
    }

    @Test("Lengths are minimal: short form under 128, long form with the fewest octets from 128")
    func lengths() throws {
        for count in [0, 127, 128, 255, 256, 65_535, 65_536] {
            var writer = DERWriter()
            writer.octetString([UInt8](repeating: 0, count: count))
            let header = writer.bytes.count - count
            #expect(header == (count < 128 ? 2 : count < 256 ? 3 : count < 65_536 ? 4 : 5))
            let element = try readOne(writer.bytes, limits: .init(maximumSize: 1 << 20))
            #expect(element.content.count == count)
        }
    }

    @Test("A nested structure with multi-byte tags reads back field by field")
    func nested() throws {
        var writer = DERWriter()
        writer.constructed { sequence in
            sequence.integer(3)
            sequence.constructed(.context(701)) { $0.integer(1_700_000_000_000) }
            sequence.constructed(.context(709)) { $0.octetString(hex("30 00")) }
            sequence.utf8String("Android Keystore Key")
        }
        try readAll(writer.bytes) { (reader) throws(DERError) in
            try reader.readConstructed { (fields) throws(DERError) in
                #expect(try fields.readInteger(Int.self) == 3)
                let created = try fields.readConstructed(.context(701)) { (inner) throws(DERError) in try inner.readInteger(Int.self) }
                #expect(created == 1_700_000_000_000)
                let application = try fields.readConstructed(.context(709)) { (inner) throws(DERError) in try inner.readOctetString() }
                #expect(Array(application) == hex("30 00"))
                #expect(try fields.readString() == "Android Keystore Key")
            }
        }
    }
}
