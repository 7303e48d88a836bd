import ASN1DER
import Testing

/// X.690 §8.19: the first subidentifier packs the first two arcs (40·X + Y, X ∈ {0, 1, 2},
/// Y < 40 unless X = 2); every subidentifier is minimal base 128.
@Suite("OBJECT IDENTIFIER")
struct DERObjectIdentifierTests {
    private func oid(_ content: String) throws(DERError) -> String {
        let bytes = hex(content)
        return try readAll([0x06, UInt8(bytes.count)] + bytes) { (r) throws(DERError) in try r.readObjectIdentifier() }
    }

    @Test(
        "Well-known OIDs read in dotted form",
        arguments: [
            ("2A 86 48 CE 3D 02 01", "1.2.840.10045.2.1"),
            ("2A 86 48 CE 3D 03 01 07", "1.2.840.10045.3.1.7"),
            ("2B 06 01 04 01 D6 79 02 01 11", "1.3.6.1.4.1.11129.2.1.17"),
            ("2A 86 48 86 F7 63 64 08 02", "1.2.840.113635.100.8.2"),
            ("55 1D 13", "2.5.29.19"),
        ])
    func wellKnown(content: String, dotted: String) throws {
        #expect(try oid(content) == dotted)
        #expect(DERObjectIdentifier.content(dotted: dotted) == hex(content))
    }

    @Test(
        "The first subidentifier splits into 0.Y below 40, 1.Y below 80, and 2.(n − 80) from 80 on",
        arguments: [
            ("00", "0.0"), ("27", "0.39"), ("28", "1.0"), ("4F", "1.39"), ("50", "2.0"), ("88 37", "2.999"),
            ("81 80 80 80 80 80 80 80 80 00", "2.9223372036854775728"),
        ])
    func firstArcs(content: String, dotted: String) throws {
        #expect(try oid(content) == dotted)
        #expect(DERObjectIdentifier.content(dotted: dotted) == hex(content))
    }

    @Test("Arcs up to 2⁶⁴ − 1 are read; 2⁶⁴ and more are refused")
    func largeArcs() throws {
        #expect(try oid("2A 81 FF FF FF FF FF FF FF FF 7F") == "1.2.18446744073709551615")
        #expect(DERObjectIdentifier.content(dotted: "1.2.18446744073709551615") == hex("2A 81 FF FF FF FF FF FF FF FF 7F"))
        expectDERError(.invalidContent, at: 0) { _ = try oid("2A 82 80 80 80 80 80 80 80 80 00") }
        #expect(DERObjectIdentifier.content(dotted: "1.2.18446744073709551616") == nil)
        #expect(DERObjectIdentifier.content(dotted: "2.18446744073709551615") == nil)  // 80 + arc overflows
    }

    @Test("A subidentifier with a leading 0x80 group is refused as not minimal", arguments: ["2A 80 01", "80 2A", "2A 86 48 80 CE 3D"])
    func nonMinimal(content: String) {
        expectDERError(.invalidContent, at: 0) { _ = try oid(content) }
    }

    @Test("An empty OID, or one whose last subidentifier is cut off, is refused", arguments: ["", "2A 86", "86"])
    func truncatedContent(content: String) {
        expectDERError(.invalidContent, at: 0) { _ = try oid(content) }
    }

    @Test("An error inside an OID points at the OID's element")
    func offset() {
        expectDERError(.invalidContent, at: 2) {
            _ = try readAll(hex("30 05 06 03 2A 80 01")) { (r) throws(DERError) in
                try r.readConstructed { (fields) throws(DERError) in try fields.readObjectIdentifier() }
            }
        }
    }

    @Test(
        "content(dotted:) refuses text that is not an OID",
        arguments: [
            "", "1", "3.1", "0.40", "1.40", "1..2", "1.2.", ".1.2", "01.2", "1.02", "1.2a", "1.-2", "1.+2", " 1.2",
        ])
    func invalidText(text: String) {
        #expect(DERObjectIdentifier.content(dotted: text) == nil)
    }

    @Test("DERWriter writes OIDs that read back unchanged", arguments: ["1.2.840.113549.1.1.11", "2.999.1", "0.0", "1.3.6.1.4.1.11129.2.1.30"])
    func writerRoundTrip(dotted: String) throws {
        var writer = DERWriter()
        writer.objectIdentifier(dotted)
        #expect(try readAll(writer.bytes) { (r) throws(DERError) in try r.readObjectIdentifier() } == dotted)
    }
}
