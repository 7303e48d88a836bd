import ASN1DER
import Foundation
import Testing
import X509Certificates

/// RFC 5280 syntax rules the parser enforces, each shown on a certificate that breaks only
/// that rule (see `CertificateTemplate`).
@Suite("Malformed certificates")
struct MalformedCertificateTests {
    private func parses(_ template: CertificateTemplate) -> Bool {
        (try? Certificate(der: template.der)) != nil
    }

    @Test("The template itself parses, with the fields it was given")
    func template() throws {
        let certificate = try Certificate(der: CertificateTemplate().der)
        #expect(certificate.version == 3)
        #expect(certificate.serialNumberHex == "8a3c")
        #expect(certificate.subjectSummary == "CN=Template")
        #expect(certificate.notBefore == utc("2025-01-01T00:00:00Z"))
        #expect(certificate.notAfter == utc("2050-01-01T00:00:00Z"))
        #expect(certificate.extensions.count == 1)
    }

    @Test("The version is v1 (absent), v2 (1) or v3 (2); any other INTEGER is refused, Int.max included")
    func versions() {
        #expect(parses(CertificateTemplate(version: { _ in })))
        #expect(parses(CertificateTemplate(version: { $0.constructed(.context(0)) { $0.integer(1) } })))
        for value in [0, 3, -1, Int.max, Int.min] {
            #expect(!parses(CertificateTemplate(version: { $0.constructed(.context(0)) { $0.integer(value) } })), "version INTEGER \(value)")
        }
    }

    @Test("v1 (no [0]) parses as version 1")
    func versionOne() throws {
        #expect(try Certificate(der: CertificateTemplate(version: { _ in }).der).version == 1)
    }

    @Test("The TBSCertificate's signature algorithm must equal the certificate's")
    func algorithmsAgree() {
        #expect(!parses(CertificateTemplate(innerAlgorithm: "1.2.840.10045.4.3.3")))
    }

    @Test("An extension may appear only once")
    func duplicateExtension() {
        #expect(!parses(CertificateTemplate(extensions: [("2.5.29.19", true, [0x30, 0x00]), ("2.5.29.19", false, [0x30, 0x00])])))
        #expect(parses(CertificateTemplate(extensions: [("2.5.29.19", true, [0x30, 0x00]), ("2.5.29.15", true, [0x03, 0x02, 0x07, 0x80])])))
    }

    @Test("critical defaults to false; an extension value need not be DER (the Huawei CRL DP quirk)")
    func extensionFields() throws {
        let certificate = try Certificate(der: CertificateTemplate(extensions: [("2.5.29.31", nil, [0x00])]).der)
        #expect(certificate.extensions.first?.isCritical == false)
        #expect(certificate.extensions.first?.value == [0x00])
    }

    @Test("UTCTime years 50–99 are 1950–1999 and 00–49 are 2000–2049")
    func utcCentury() throws {
        let old = try Certificate(der: CertificateTemplate(notBefore: (.utcTime, "691231235959Z")).der)
        #expect(old.notBefore == utc("1969-12-31T23:59:59Z"))
        let late = try Certificate(der: CertificateTemplate(notBefore: (.utcTime, "491231235959Z")).der)
        #expect(late.notBefore == utc("2049-12-31T23:59:59Z"))
        let leap = try Certificate(der: CertificateTemplate(notBefore: (.generalizedTime, "20240229120000Z")).der)
        #expect(leap.notBefore == utc("2024-02-29T12:00:00Z"))
    }

    @Test(
        "A time that is not YYMMDDHHMMSSZ / YYYYMMDDHHMMSSZ, or names a day that does not exist, is refused",
        arguments: [
            (DERTag.utcTime, "2501010000Z"), (.utcTime, "250101000000"), (.utcTime, "250101000000+0100"), (.utcTime, "20250101000000Z"),
            (.generalizedTime, "250101000000Z"), (.generalizedTime, "20250101000000.5Z"), (.utcTime, "251301000000Z"),
            (.utcTime, "250132000000Z"), (.utcTime, "250230000000Z"), (.utcTime, "250229000000Z"), (.utcTime, "250431000000Z"),
            (.generalizedTime, "21000229000000Z"), (.utcTime, "250101240000Z"), (.utcTime, "250101006000Z"), (.utcTime, "250101000060Z"),
            (.utcTime, "2501-1000000Z"), (.octetString, "250101000000Z"),
        ])
    func badTimes(tag: DERTag, text: String) {
        #expect(!parses(CertificateTemplate(notBefore: (tag, text))))
    }

    @Test("Bytes after the certificate, a truncated certificate and a non-certificate are refused")
    func framing() throws {
        let der = CertificateTemplate().der
        #expect(throws: CertificateError(code: .malformed)) { try Certificate(der: der + [0x00]) }
        #expect(throws: CertificateError(code: .malformed)) { try Certificate(der: der.dropLast()) }
        #expect(throws: CertificateError(code: .malformed)) { try Certificate(der: [0x30, 0x00]) }
        #expect(throws: CertificateError(code: .malformed)) { try Certificate(der: []) }
    }

    @Test("Every truncation of a real certificate is refused, without a trap")
    func everyTruncation() throws {
        let der = try Fixtures.bytes("leaf-p256.der")
        for count in 0..<der.count {
            #expect(throws: CertificateError.self) { try Certificate(der: der.prefix(count)) }
        }
    }

    @Test(
        "serialNumberHex is lowercase hex of the magnitude without leading zeros, 0 for zero",
        arguments: [
            ([0x00] as [UInt8], "0"), ([0x01], "1"), ([0x0A, 0x0B], "a0b"), ([0x01, 0x00, 0x0F], "1000f"),
            ([0xB7, 0x65, 0x5C, 0x8C, 0xFA, 0x44, 0xDB, 0x91, 0xBD, 0xF4, 0x18, 0xD4, 0x0B, 0x31, 0xC0, 0x8C], "b7655c8cfa44db91bdf418d40b31c08c"),
        ])
    func serialHex(magnitude: [UInt8], expected: String) throws {
        let certificate = try Certificate(der: CertificateTemplate(serialMagnitude: magnitude).der)
        #expect(certificate.serialNumberHex == expected)
    }
}
