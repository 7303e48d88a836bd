import ASN1DER
import Testing

/// X.690 §10.1: DER lengths are definite and use the fewest octets.
@Suite("DER lengths")
struct DERLengthTests {
    @Test("A short-form length (under 128) covers exactly the content that follows")
    func shortForm() throws {
        let element = try readOne(hex("04 03 AA BB CC"))
        #expect(element.tag == .octetString)
        #expect(Array(element.content) == [0xAA, 0xBB, 0xCC])
        #expect(Array(element.encoded) == hex("04 03 AA BB CC"))
    }

    @Test("A long-form length of 128 and more is read", arguments: [128, 255, 256, 1000, 65_000])
    func longForm(length: Int) throws {
        var writer = DERWriter()
        writer.octetString([UInt8](repeating: 7, count: length))
        let element = try readOne(writer.bytes)
        #expect(element.content.count == length)
        #expect(writer.bytes[1] == (length < 256 ? 0x81 : 0x82))
    }

    @Test("An indefinite length (0x80) is refused: it is BER, not DER")
    func indefinite() {
        expectDERError(.invalidLength, at: 1) { _ = try readOne(hex("30 80 02 01 01 00 00")) }
    }

    @Test("A long-form length whose first octet is zero is refused as not minimal")
    func leadingZero() {
        let bytes = hex("04 82 00 80") + [UInt8](repeating: 0, count: 128)
        expectDERError(.invalidLength, at: 1) { _ = try readOne(bytes) }
    }

    @Test("The long form for a length under 128 is refused", arguments: [0, 1, 127])
    func longFormForShortLength(length: Int) {
        let bytes = [0x04, 0x81, UInt8(length)] + [UInt8](repeating: 0, count: length)
        expectDERError(.invalidLength, at: 1) { _ = try readOne(bytes) }
    }

    @Test("A length beyond the remaining input is truncated, reported at the element's first byte")
    func beyondInput() {
        expectDERError(.truncated, at: 0) { _ = try readOne(hex("30 05 02 01 01")) }
        // Inside a SEQUENCE, the bound is the SEQUENCE's content, not the whole input.
        expectDERError(.truncated, at: 2) {
            var outer = try DERReader(hex("30 03 04 05 00 00 00 00 00"))
            var inner = try outer.read(.sequence).contents()
            _ = try inner.read()
        }
    }

    @Test("Input that ends inside the identifier or the length is truncated where the byte is missing")
    func endsInsideHeader() {
        expectDERError(.truncated, at: 1) { _ = try readOne(hex("04")) }
        expectDERError(.truncated, at: 3) { _ = try readOne(hex("04 82 01")) }
        expectDERError(.truncated, at: 2) { _ = try readOne(hex("BF 85")) }
    }

    @Test("A length over the size limit is refused, whatever the number of length octets")
    func overLimit() {
        expectDERError(.invalidLength, at: 1) { _ = try readOne(hex("04 83 01 00 01") + [0, 0]) }  // 65 537 > 64 KiB
        expectDERError(.invalidLength, at: 1) { _ = try readOne(hex("04 84 7F FF FF FF")) }
        expectDERError(.invalidLength, at: 1) { _ = try readOne(hex("04 88 7F FF FF FF FF FF FF FF")) }
        expectDERError(.invalidLength, at: 1) { _ = try readOne(hex("04 FF") + [UInt8](repeating: 0xFF, count: 127)) }
        expectDERError(.invalidLength, at: 1) {
            _ = try readOne(hex("04 82 01 00") + [UInt8](repeating: 0, count: 250), limits: .init(maximumSize: 255))
        }
    }

    @Test("A reader with a larger size limit reads lengths of four octets")
    func largeLimit() throws {
        let content = [UInt8](repeating: 1, count: 1 << 24)
        let element = try readOne(hex("04 84 01 00 00 00") + content, limits: .init(maximumSize: 1 << 25))
        #expect(element.content.count == 1 << 24)
    }
}
