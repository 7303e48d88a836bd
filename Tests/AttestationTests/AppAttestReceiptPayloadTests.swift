import ASN1DER
@testable import Attestation
import Foundation
import Testing

/// The receipt payload's own ASN.1 (a DER SET of `(type, version, value)`), built here for
/// the cases real receipts do not show: a refreshed receipt's risk metric and not-before
/// time, and hostile layouts.
@Suite("App Attest receipt payload")
struct AppAttestReceiptPayloadTests {
    /// A payload with `attributes` as `(type, value)`, version 1 each.
    static func payload(_ attributes: [(Int, String)]) -> [UInt8] {
        var writer = DERWriter()
        writer.constructed(.set) { set in
            for (type, value) in attributes {
                set.constructed(.sequence) { attribute in
                    attribute.integer(type)
                    attribute.integer(1)
                    attribute.octetString(Array(value.utf8))
                }
            }
        }
        return writer.bytes
    }

    static let refreshed: [(Int, String)] = [
        (2, "TEAMID1234.com.example.bank"), (4, "hash"), (5, "token"), (6, "RECEIPT"), (7, "production"),
        (12, "2026-11-01T10:00:00.5Z"), (17, "7"), (19, "2026-11-02T10:00:00.000Z"), (21, "2027-01-30T10:00:00Z"), (99, "a field Apple added"),
    ]

    @Test("a refreshed receipt's payload gives the risk metric, the not-before time, the other fields, and skips unknown fields")
    func refreshedFields() throws {
        let payload = try AppAttestReceiptPayload(Self.payload(Self.refreshed))
        #expect(try payload.text(2, "app id") == "TEAMID1234.com.example.bank")
        #expect(try payload.optionalCount(17, "risk metric") == 7)
        #expect(try payload.optionalDate(19, "not before") == ReceiptTimestamp.date("2026-11-02T10:00:00Z"))
        #expect(try payload.date(12, "creation time").timeIntervalSince(ReceiptTimestamp.date("2026-11-01T10:00:00Z")!) == 0.5)
        #expect(try payload.optionalCount(3, "absent") == nil)
        #expect(throws: AttestationError(code: .malformed)) { try payload.bytes(3, "attested certificate") }
    }

    @Test("an attestation receipt's empty risk metric and not-before fields read as absent")
    func emptyOptionalFields() throws {
        let payload = try AppAttestReceiptPayload(Self.payload([(17, ""), (19, "")]))
        #expect(try payload.optionalCount(17, "risk metric") == nil)
        #expect(try payload.optionalDate(19, "not before") == nil)
    }

    @Test("a risk metric that is not a short decimal count is malformed", arguments: ["-1", "1e3", " 1", "0x10", "1234567890", "１"])
    func badRiskMetric(_ text: String) throws {
        let payload = try AppAttestReceiptPayload(Self.payload([(17, text)]))
        #expect(throws: AttestationError(code: .malformed)) { try payload.optionalCount(17, "risk metric") }
    }

    @Test(
        "timestamps other than YYYY-MM-DDTHH:MM:SS[.1-9 digits]Z in UTC are refused",
        arguments: [
            "2024-04-18T16:14:54", "2024-04-18 16:14:54Z", "2024-04-18T16:14:54+00:00", "2024-02-30T00:00:00Z", "2024-13-01T00:00:00Z",
            "2024-04-18T24:00:00Z", "2024-04-18T16:14:54.Z", "2024-04-18T16:14:54.1234567890Z", "24-04-18T16:14:54Z", "2024-04-18T16:14:5aZ",
        ])
    func badTimestamps(_ text: String) {
        #expect(ReceiptTimestamp.date(text) == nil)
    }

    @Test("real timestamps keep their fraction of a second")
    func goodTimestamps() throws {
        let whole = try #require(ReceiptTimestamp.date("2021-01-25T09:24:12Z"))
        #expect(whole == Date(timeIntervalSince1970: 1_611_566_652))
        let fraction = try #require(ReceiptTimestamp.date("2021-01-25T09:24:12.76Z")).timeIntervalSince(whole)
        #expect(abs(fraction - 0.76) < 1e-6)
    }

    @Test("a field twice, a field that is not UTF-8 where text is due, or a missing field is malformed")
    func duplicateAndBadFields() throws {
        #expect(throws: AttestationError(code: .malformed)) { try AppAttestReceiptPayload(Self.payload([(2, "a"), (2, "b")])) }
        var writer = DERWriter()
        writer.constructed(.set) { set in
            set.constructed(.sequence) { attribute in
                attribute.integer(5)
                attribute.integer(1)
                attribute.octetString([0xFF, 0xFE])
            }
        }
        let payload = try AppAttestReceiptPayload(writer.bytes)
        #expect(throws: AttestationError(code: .malformed)) { try payload.text(5, "token") }
        #expect(throws: AttestationError(code: .malformed)) { try payload.text(6, "type") }
    }

    @Test("layouts other than a SET of (INTEGER, INTEGER, OCTET STRING) are malformed: a SEQUENCE, nesting, trailing bytes, too many attributes")
    func hostileLayouts() throws {
        var sequence = Self.payload([(2, "a")])
        sequence[0] = 0x30
        var nested = DERWriter()
        nested.constructed(.set) { set in
            set.constructed(.sequence) { attribute in
                attribute.integer(2)
                attribute.integer(1)
                attribute.constructed(.sequence) { deeper in deeper.constructed(.sequence) { $0.octetString([1]) } }
            }
        }
        let many = Self.payload((0..<(AppAttestReceiptPayload.maximumAttributes + 1)).map { ($0 + 100, "x") })
        let oversized = Self.payload([(2, String(repeating: "a", count: AppAttestReceiptPayload.limits.maximumSize))])
        for input in [sequence, nested.bytes, Self.payload([(2, "a")]) + [0x00], many, oversized, []] {
            #expect(throws: AttestationError(code: .malformed)) { try AppAttestReceiptPayload(input) }
        }
        _ = try AppAttestReceiptPayload(Self.payload((0..<AppAttestReceiptPayload.maximumAttributes).map { ($0 + 100, "x") }))
    }
}
