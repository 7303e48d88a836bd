@testable import Attestation
import Foundation
import Testing

/// The CBOR decoder accepts exactly one encoding of each value App Attest uses, within
/// its bounds, and refuses everything else with the rule's code.
@Suite("CBOR decoder")
struct CBORDecoderTests {
    private func decode(_ bytes: [UInt8]) throws(CBORError) -> CBORValue { try CBORDecoder.decode(bytes) }

    @Test("integers decode at every head size, negative integers as −1 − n")
    func integers() throws {
        #expect(try decode([0x00]) == .unsigned(0))
        #expect(try decode([0x17]) == .unsigned(23))
        #expect(try decode([0x18, 0x18]) == .unsigned(24))
        #expect(try decode([0x19, 0x01, 0x00]) == .unsigned(256))
        #expect(try decode([0x1A, 0x00, 0x01, 0x00, 0x00]) == .unsigned(65_536))
        #expect(try decode([0x1B, 0, 0, 0, 1, 0, 0, 0, 0]) == .unsigned(1 << 32))
        #expect(try decode([0x1B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == .unsigned(.max))
        #expect(try decode([0x20]) == .integer(-1))
        #expect(try decode([0x26]).integerValue == -7)
        #expect(try decode([0x3B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == .negative(.max))
        #expect(try decode([0x3B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]).integerValue == nil)
        #expect(try decode([0x3B, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]).integerValue == Int.min)
    }

    @Test("strings, arrays, maps and the simple values false, true and null decode")
    func structures() throws {
        #expect(try decode([0x43, 1, 2, 3]) == .byteString([1, 2, 3]))
        #expect(try decode([0x63, 0x66, 0x6D, 0x74]) == .textString("fmt"))
        #expect(try decode([0x62, 0xC3, 0xA9]) == .textString("é"))
        #expect(try decode([0x82, 0x01, 0x40]) == .array([.unsigned(1), .byteString([])]))
        let map = try #require(try decode([0xA2, 0x01, 0x02, 0x20, 0xF6]).mapValue)
        #expect(map[integer: 1] == .unsigned(2))
        #expect(map[integer: -1] == .null)
        #expect(map.keys == [.unsigned(1), .negative(0)])
        #expect(try decode([0xF4]) == .bool(false))
        #expect(try decode([0xF5]) == .bool(true))
    }

    @Test(
        "indefinite lengths and stray breaks are refused",
        arguments: [
            [0x5F, 0x41, 0x00, 0xFF], [0x7F, 0x61, 0x61, 0xFF], [0x9F, 0xFF], [0xBF, 0xFF], [0xFF],
        ] as [[UInt8]])
    func indefiniteLengths(_ bytes: [UInt8]) {
        #expect(throws: CBORError(code: .indefiniteLength)) { try decode(bytes) }
    }

    @Test(
        "an integer, length or count not in its shortest form is refused",
        arguments: [
            [0x18, 0x17], [0x19, 0x00, 0xFF], [0x1A, 0x00, 0x00, 0xFF, 0xFF], [0x1B, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x38, 0x05], [0x58, 0x01, 0x00], [0x78, 0x00], [0x98, 0x00], [0xB8, 0x00],
        ] as [[UInt8]])
    func nonCanonical(_ bytes: [UInt8]) {
        #expect(throws: CBORError(code: .nonCanonical)) { try decode(bytes) }
    }

    @Test("a map with the same key twice is refused, also when the key is a byte string")
    func duplicateKeys() {
        #expect(throws: CBORError(code: .duplicateKey)) { try decode([0xA2, 0x01, 0x00, 0x01, 0x00]) }
        #expect(throws: CBORError(code: .duplicateKey)) { try decode([0xA2, 0x41, 0x07, 0x00, 0x41, 0x07, 0x01]) }
        // Equal-looking but different keys are fine: 1 and −2, "a" and h'61'.
        #expect(throws: Never.self) { try decode([0xA2, 0x01, 0x00, 0x21, 0x00]) }
        #expect(throws: Never.self) { try decode([0xA2, 0x61, 0x61, 0x00, 0x41, 0x61, 0x00]) }
    }

    @Test(
        "a text string that is not UTF-8 is refused",
        arguments: [
            [0x61, 0xFF], [0x62, 0xC0, 0xAF], [0x63, 0xED, 0xA0, 0x80], [0x61, 0xC3],
        ] as [[UInt8]])
    func invalidUTF8(_ bytes: [UInt8]) {
        #expect(throws: CBORError(code: .invalidUTF8)) { try decode(bytes) }
    }

    @Test(
        "tags, floats, undefined and other simple values are refused",
        arguments: [
            [0xC0, 0x60], [0xD8, 0x18, 0x40], [0xF9, 0x3C, 0x00], [0xFA, 0, 0, 0, 0], [0xFB, 0, 0, 0, 0, 0, 0, 0, 0],
            [0xF7], [0xF0], [0xF8, 0x20],
        ] as [[UInt8]])
    func unsupportedTypes(_ bytes: [UInt8]) {
        #expect(throws: CBORError(code: .unsupportedType)) { try decode(bytes) }
    }

    @Test("reserved additional information 28 to 30 is refused", arguments: [0x1C, 0x3D, 0x5E, 0xFC] as [UInt8])
    func reserved(_ byte: UInt8) {
        #expect(throws: CBORError(code: .reservedValue)) { try decode([byte]) }
    }

    @Test(
        "input that ends inside an item is refused",
        arguments: [
            [], [0x18], [0x19, 0x01], [0x82, 0x81, 0x01], [0xA1, 0x81, 0x01],
        ] as [[UInt8]])
    func truncated(_ bytes: [UInt8]) {
        #expect(throws: CBORError(code: .truncated)) { try decode(bytes) }
    }

    @Test(
        "a length or count the remaining bytes cannot hold is refused before anything is read",
        arguments: [
            [0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // 2⁶⁴−1 bytes
            [0x7A, 0x7F, 0xFF, 0xFF, 0xFF, 0x61],  // 2³¹−1 bytes of text
            [0x9B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // 2⁶⁴−1 elements
            [0xBA, 0x00, 0x01, 0x00, 0x00, 0x01, 0x02],  // 65 536 entries in 2 bytes
            [0xA2, 0x01, 0x02, 0x03],  // 2 entries in 3 bytes
            [0x43, 0x01, 0x02],
        ] as [[UInt8]])
    func claimedLengths(_ bytes: [UInt8]) {
        #expect(throws: CBORError(code: .lengthTooLarge)) { try decode(bytes) }
    }

    @Test("bytes after the item are refused unless the caller asks where it ended")
    func trailingBytes() throws {
        #expect(throws: CBORError(code: .trailingBytes)) { try decode([0x01, 0x02]) }
        let (first, end) = try CBORDecoder.decodePrefix([0x01, 0xA0, 0x07])
        #expect(first == .unsigned(1) && end == 1)
        let (second, secondEnd) = try CBORDecoder.decodePrefix([0x01, 0xA0, 0x07], from: end)
        #expect(second == .map(CBORMap(entries: [])) && secondEnd == 2)
        #expect(throws: CBORError(code: .truncated)) { try CBORDecoder.decodePrefix([0x01], from: 1) }
        #expect(throws: CBORError(code: .truncated)) { try CBORDecoder.decodePrefix([0x01], from: 5) }
        #expect(throws: CBORError(code: .truncated)) { try CBORDecoder.decodePrefix([0x01], from: -1) }
    }

    @Test("input over 64 KiB is refused; 64 KiB exactly is accepted")
    func sizeLimit() throws {
        let payload = 64 * 1024 - 3
        let exact = CBORTestEncoding.head(2, UInt64(payload)) + [UInt8](repeating: 0, count: payload)
        #expect(exact.count == 64 * 1024)
        #expect(try decode(exact).byteStringValue?.count == payload)
        let over = CBORTestEncoding.head(2, UInt64(payload + 1)) + [UInt8](repeating: 0, count: payload + 1)
        #expect(throws: CBORError(code: .tooLarge)) { try decode(over) }
    }

    @Test("16 nested arrays or maps are accepted, 17 are refused")
    func depthLimit() throws {
        let sixteen = [UInt8](repeating: 0x81, count: 15) + [0x80]
        #expect(throws: Never.self) { try decode(sixteen) }
        let seventeen = [UInt8](repeating: 0x81, count: 16) + [0x80]
        #expect(throws: CBORError(code: .tooDeep)) { try decode(seventeen) }
        let sixteenMaps = nestedMaps(16)
        #expect(throws: Never.self) { try decode(sixteenMaps) }
        let seventeenMaps = nestedMaps(17)
        #expect(throws: CBORError(code: .tooDeep)) { try decode(seventeenMaps) }
        // A deep nest of 10 000 arrays stops at the limit instead of exhausting the stack.
        #expect(throws: CBORError(code: .tooDeep)) { try decode([UInt8](repeating: 0x81, count: 10_000)) }
    }

    /// `{0: {0: … {0: 0}}}`, `count` maps deep.
    private func nestedMaps(_ count: Int) -> [UInt8] {
        (0..<count).reduce(into: [UInt8]()) { bytes, _ in bytes += [0xA1, 0x00] } + [0x00]
    }

    @Test(
        "every real attestation object decodes and re-encodes to the same bytes (Apple writes preferred CBOR)",
        arguments: AppAttestVectors.attestations.filter(\.isValid))
    func realAttestationsRoundTrip(_ vector: AppAttestVectors.Attestation) throws {
        let bytes = [UInt8](vector.attestation)
        let value = try CBORDecoder.decode(bytes)
        #expect(CBORTestEncoding.encode(value) == bytes)
        let map = try #require(value.mapValue)
        #expect(map.keys == [.textString("fmt"), .textString("attStmt"), .textString("authData")])
    }

    @Test("every real assertion decodes to {signature, authenticatorData}", arguments: AppAttestVectors.assertions.filter(\.isValid))
    func realAssertions(_ vector: AppAttestVectors.Assertion) throws {
        let map = try #require(try CBORDecoder.decode([UInt8](vector.assertion)).mapValue)
        #expect(map.keys == [.textString("signature"), .textString("authenticatorData")])
    }
}
