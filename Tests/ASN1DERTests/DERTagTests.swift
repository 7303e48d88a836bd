import ASN1DER
import Testing

/// X.690 §8.1.2: identifier octets. Numbers up to 30 fit the first octet; 31 and more
/// use base-128 groups after a first octet whose low five bits are all ones.
@Suite("DER tags")
struct DERTagTests {
    @Test("The first octet gives class, constructed bit and numbers 0 to 30")
    func oneByte() throws {
        #expect(try readOne(hex("30 00")).tag == .sequence)
        #expect(try readOne(hex("31 00")).tag == .set)
        #expect(try readOne(hex("9E 00")).tag == DERTag(.contextSpecific, constructed: false, number: 30))
        #expect(try readOne(hex("A3 00")).tag == .context(3))
        #expect(try readOne(hex("61 00")).tag == DERTag(.application, constructed: true, number: 1))
        #expect(try readOne(hex("C2 00")).tag == DERTag(.private, constructed: false, number: 2))
    }

    @Test("Android's [701] and [709] are read from their multi-byte form BF 85 3D and BF 85 45")
    func androidTags() throws {
        let creation = try readOne(hex("BF 85 3D 08 02 06 01 86 0C 72 3E 80"))
        #expect(creation.tag == .context(701))
        #expect(creation.tag.description == "[701]c")
        var inner = try creation.contents()
        #expect(try inner.readInteger(Int.self) == 0x0186_0C72_3E80)
        #expect(inner.offset == 12)

        let application = try readOne(hex("BF 85 45 04 04 02 30 00"))
        #expect(application.tag == .context(709))
        #expect(Array(application.content) == hex("04 02 30 00"))
    }

    @Test("DERWriter writes multi-byte tags that DERReader reads back", arguments: [31 as UInt32, 127, 128, 701, 709, 16_383, 16_384, 0x0FFF_FFFF])
    func multiByteRoundTrip(number: UInt32) throws {
        var writer = DERWriter()
        writer.constructed(.context(number)) { $0.null() }
        #expect(try readOne(writer.bytes).tag == .context(number))
    }

    @Test("Tag number 31 and up only exist in the multi-byte form: low bits 11111 announce it")
    func thirtyOne() throws {
        #expect(try readOne(hex("9F 1F 00")).tag == DERTag(.contextSpecific, constructed: false, number: 31))
        expectDERError(.truncated, at: 1) { _ = try readOne(hex("9F")) }
    }

    @Test("A tag number under 31 in the multi-byte form is refused", arguments: [0 as UInt8, 1, 16, 30])
    func smallNumberInMultiByteForm(number: UInt8) {
        expectDERError(.invalidTag, at: 0) { _ = try readOne([0xBF, number, 0x00]) }
    }

    @Test("A multi-byte tag number that starts with a zero group (0x80) is refused as not minimal")
    func nonMinimalTagNumber() {
        expectDERError(.invalidTag, at: 0) { _ = try readOne(hex("BF 80 85 3D 00")) }
        expectDERError(.invalidTag, at: 2) {
            var reader = try DERReader(hex("30 04 9F 80 1F 00"))
            var inner = try reader.read(.sequence).contents()
            _ = try inner.read()
        }
    }

    @Test("A tag number of more than four base-128 groups is refused")
    func tooLong() {
        expectDERError(.invalidTag, at: 0) { _ = try readOne(hex("BF 81 80 80 80 00 00")) }
    }

    @Test("read(_:) refuses another tag, at the element's offset, and readOptional consumes nothing")
    func expectedTags() throws {
        var reader = try DERReader(hex("30 05 02 01 01 05 00"))
        var inner = try reader.read(.sequence).contents()
        #expect(try inner.readOptional(.boolean) == nil)
        #expect(inner.offset == 2)
        #expect(try inner.peekTag() == .integer)
        expectDERError(.unexpectedTag, at: 2) {
            var copy = inner; _ = try copy.read(.octetString)
        }
        #expect(try inner.readInteger(Int.self) == 1)
        #expect(try inner.readOptional(.null) != nil)
        #expect(try inner.peekTag() == nil)
        try reader.finish()
    }

    @Test("Tags print as [UNIVERSAL n], [n], [APPLICATION n] or [PRIVATE n], with c when constructed")
    func descriptions() {
        #expect(DERTag.sequence.description == "[UNIVERSAL 16]c")
        #expect(DERTag.integer.description == "[UNIVERSAL 2]")
        #expect(DERTag.context(0).description == "[0]c")
        #expect(DERTag(.application, constructed: false, number: 5).description == "[APPLICATION 5]")
        #expect(DERTag(.private, constructed: true, number: 9).description == "[PRIVATE 9]c")
    }
}
