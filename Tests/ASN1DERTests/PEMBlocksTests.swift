import ASN1DER
import Testing

/// RFC 7468 text encoding: the base64 bodies of every block with a given label.
@Suite("PEM blocks")
struct PEMBlocksTests {
    private let first = "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n"  // 30 00
    private let second = "-----BEGIN CERTIFICATE-----\nBQA=\n-----END CERTIFICATE-----\n"  // 05 00

    @Test("Every block is decoded in order; text between and around blocks is ignored")
    func bundle() throws {
        let text = "Bag Attributes: x\n" + first + "subject=CN=example\n\n" + second + "trailer"
        #expect(try PEMBlocks.decode(text) == [[0x30, 0x00], [0x05, 0x00]])
    }

    @Test("encode writes one block in 64-character lines that decode reads back")
    func encodeRoundTrip() throws {
        let der = (0..<100).map { UInt8($0) }
        let text = PEMBlocks.encode(der)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "-----BEGIN CERTIFICATE-----" && lines.last == "-----END CERTIFICATE-----")
        #expect(lines.dropFirst().dropLast().map(\.count) == [64, 64, 8], "136 base64 characters")
        #expect(try PEMBlocks.decode(text) == [der])
        #expect(try PEMBlocks.decode(PEMBlocks.encode(der, label: "PUBLIC KEY"), label: "PUBLIC KEY") == [der])
    }

    @Test("A body split over several lines is joined")
    func multiLine() throws {
        let text = "-----BEGIN CERTIFICATE-----\nBA\nIA\nAQ==\n-----END CERTIFICATE-----"
        #expect(try PEMBlocks.decode(text) == [[0x04, 0x02, 0x00, 0x01]])
    }

    @Test("CR LF line endings and surrounding whitespace are accepted")
    func crlf() throws {
        let text = (first + second).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try PEMBlocks.decode(text) == [[0x30, 0x00], [0x05, 0x00]])
        #expect(try PEMBlocks.decode("  " + first.replacingOccurrences(of: "\n", with: " \t\n")) == [[0x30, 0x00]])
    }

    @Test("Only blocks with the requested label are returned")
    func labels() throws {
        let key = "-----BEGIN PUBLIC KEY-----\nBQA=\n-----END PUBLIC KEY-----\n"
        #expect(try PEMBlocks.decode(key + first) == [[0x30, 0x00]])
        #expect(try PEMBlocks.decode(key + first, label: "PUBLIC KEY") == [[0x05, 0x00]])
    }

    @Test(
        "Refused: no block, an unclosed block, a block opened twice, a stray end, and a body that is not base64",
        arguments: [
            "no pem here",
            "-----BEGIN CERTIFICATE-----\nMAA=\n",
            "-----BEGIN CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n",
            "-----END CERTIFICATE-----\n",
            "-----BEGIN CERTIFICATE-----\nMA*=\n-----END CERTIFICATE-----\n",
            "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n",
            "-----BEGIN CERTIFICATE-----\nMAA=\n-----END PUBLIC KEY-----\n",
        ])
    func refused(text: String) {
        #expect(throws: PEMBlocks.Failure.self) { try PEMBlocks.decode(text) }
    }
}
