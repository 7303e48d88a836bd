import ASN1DER
import Foundation
import Testing
import X509Certificates

/// Every field of the test PKI, against what `openssl x509 -noout -serial -dates -subject`
/// printed for the same files (recorded here; see Fixtures/README.md).
@Suite("Certificate fields of the test PKI")
struct FixtureCertificateTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        let name: String
        /// `openssl x509 -serial`, lowercased, leading zeros dropped.
        let serialHex: String
        /// The INTEGER content bytes as `openssl asn1parse` shows them.
        let serialDER: String
        let notBefore: String
        let notAfter: String
        let subject: String
        let issuer: String
        let keyAlgorithm: String
        let keyParameters: String?
        let signatureAlgorithm: String
        var testDescription: String { name }
    }

    static let ecdsaSHA256 = "1.2.840.10045.4.3.2", ecdsaSHA384 = "1.2.840.10045.4.3.3"
    static let ec = "1.2.840.10045.2.1", rsa = "1.2.840.113549.1.1.1"
    static let p256 = "1.2.840.10045.3.1.7", p384 = "1.3.132.0.34"
    static let root = "CN=DeviceTrust Test Root P-384, O=DeviceTrust Tests"
    static let intermediate = "CN=DeviceTrust Test Intermediate P-256, O=DeviceTrust Tests"

    static let all: [Expected] = [
        Expected(
            name: "root-p384", serialHex: "1", serialDER: "01", notBefore: "2024-01-01T00:00:00Z", notAfter: "2060-01-01T00:00:00Z",
            subject: root, issuer: root, keyAlgorithm: ec, keyParameters: p384, signatureAlgorithm: ecdsaSHA384),
        Expected(
            name: "intermediate-p256", serialHex: "8a3c5e7f90112233", serialDER: "00 8A 3C 5E 7F 90 11 22 33",
            notBefore: "2024-01-01T00:00:00Z", notAfter: "2040-01-01T00:00:00Z",
            subject: intermediate, issuer: root, keyAlgorithm: ec, keyParameters: p256, signatureAlgorithm: ecdsaSHA384),
        Expected(
            name: "intermediate-rsa", serialHex: "f1", serialDER: "00 F1", notBefore: "2024-01-01T00:00:00Z", notAfter: "2049-12-31T23:59:59Z",
            subject: "CN=DeviceTrust Test Intermediate RSA, O=DeviceTrust Tests", issuer: root,
            keyAlgorithm: rsa, keyParameters: nil, signatureAlgorithm: ecdsaSHA384),
        Expected(
            name: "leaf-p256", serialHex: "100", serialDER: "01 00", notBefore: "2025-01-01T00:00:00Z", notAfter: "2027-01-01T00:00:00Z",
            subject: "CN=Device Leaf, O=DeviceTrust Tests, C=CH", issuer: intermediate,
            keyAlgorithm: ec, keyParameters: p256, signatureAlgorithm: ecdsaSHA256),
        Expected(
            name: "leaf-rsa-issued", serialHex: "7fffffffffffffffffff", serialDER: "7F FF FF FF FF FF FF FF FF FF",
            notBefore: "2025-01-01T00:00:00Z", notAfter: "2027-01-01T00:00:00Z",
            subject: "CN=Leaf from the RSA intermediate, O=DeviceTrust Tests", issuer: "CN=DeviceTrust Test Intermediate RSA, O=DeviceTrust Tests",
            keyAlgorithm: ec, keyParameters: p256, signatureAlgorithm: "1.2.840.113549.1.1.11"),
        Expected(
            name: "leaf-expired", serialHex: "2", serialDER: "02", notBefore: "2024-01-01T00:00:00Z", notAfter: "2024-07-01T00:00:00Z",
            subject: "CN=Expired Leaf, O=DeviceTrust Tests", issuer: intermediate, keyAlgorithm: ec, keyParameters: p256, signatureAlgorithm: ecdsaSHA256),
        Expected(
            name: "leaf-not-yet-valid", serialHex: "3", serialDER: "03", notBefore: "2035-01-01T00:00:00Z", notAfter: "2036-01-01T00:00:00Z",
            subject: "CN=Not Yet Valid Leaf, O=DeviceTrust Tests", issuer: intermediate, keyAlgorithm: ec, keyParameters: p256, signatureAlgorithm: ecdsaSHA256),
        Expected(
            name: "other-root", serialHex: "1", serialDER: "01", notBefore: "2024-01-01T00:00:00Z", notAfter: "2060-01-01T00:00:00Z",
            subject: "CN=DeviceTrust Other Root, O=DeviceTrust Tests", issuer: "CN=DeviceTrust Other Root, O=DeviceTrust Tests",
            keyAlgorithm: ec, keyParameters: p256, signatureAlgorithm: ecdsaSHA256),
        Expected(
            name: "other-intermediate", serialHex: "8a3c5e7f90112233", serialDER: "00 8A 3C 5E 7F 90 11 22 33",
            notBefore: "2024-01-01T00:00:00Z", notAfter: "2040-01-01T00:00:00Z",
            subject: intermediate, issuer: "CN=DeviceTrust Other Root, O=DeviceTrust Tests", keyAlgorithm: ec, keyParameters: p256,
            signatureAlgorithm: ecdsaSHA256),
        Expected(
            name: "other-leaf", serialHex: "100", serialDER: "01 00", notBefore: "2025-01-01T00:00:00Z", notAfter: "2027-01-01T00:00:00Z",
            subject: "CN=Device Leaf, O=DeviceTrust Tests, C=CH", issuer: intermediate, keyAlgorithm: ec, keyParameters: p256, signatureAlgorithm: ecdsaSHA256),
    ]

    @Test("Serial, dates, names, key and algorithms match openssl's reading", arguments: all)
    func fields(expected: Expected) throws {
        let certificate = try Fixtures.certificate(expected.name)
        #expect(certificate.version == 3)
        #expect(certificate.serialNumberHex == expected.serialHex)
        #expect(certificate.serialNumber == hex(expected.serialDER))
        #expect(certificate.notBefore == utc(expected.notBefore))
        #expect(certificate.notAfter == utc(expected.notAfter))
        #expect(certificate.subjectSummary == expected.subject)
        #expect(certificate.issuerSummary == expected.issuer)
        #expect(certificate.isSelfIssued == (expected.subject == expected.issuer))
        #expect(certificate.publicKeyAlgorithm == expected.keyAlgorithm)
        #expect(certificate.publicKeyParameters == expected.keyParameters)
        #expect(certificate.signatureAlgorithm == expected.signatureAlgorithm)
        #expect(certificate.der == (try Fixtures.bytes("\(expected.name).der")))
    }

    @Test("subjectPublicKeyInfo is byte for byte `openssl x509 -pubkey | openssl pkey -pubin -outform der`", arguments: all.map(\.name))
    func subjectPublicKeyInfo(name: String) throws {
        let certificate = try Fixtures.certificate(name)
        let spki = try Fixtures.bytes("\(name).spki.der")
        #expect(certificate.subjectPublicKeyInfo == spki)
        // The key bits are the SPKI's BIT STRING: for EC, the uncompressed X9.63 point.
        #expect(spki.suffix(certificate.publicKey.count) == ArraySlice(certificate.publicKey))
        if certificate.publicKeyAlgorithm == FixtureCertificateTests.ec {
            #expect(certificate.publicKey.first == 0x04)
            #expect(certificate.publicKey.count == (certificate.publicKeyParameters == FixtureCertificateTests.p384 ? 97 : 65))
        }
    }

    @Test("The issuer and subject are the DER of the Names: a child's issuer equals its parent's subject")
    func nameChaining() throws {
        let root = try Fixtures.certificate("root-p384")
        let intermediate = try Fixtures.certificate("intermediate-p256")
        let leaf = try Fixtures.certificate("leaf-p256")
        #expect(root.issuer == root.subject)
        #expect(intermediate.issuer == root.subject)
        #expect(leaf.issuer == intermediate.subject)
        #expect(leaf.subject.first == 0x30)
    }

    @Test("Extensions keep their order, OIDs, critical flags and the DER inside extnValue")
    func extensions() throws {
        let leaf = try Fixtures.certificate("leaf-p256")
        #expect(
            leaf.extensions.map(\.oid) == [
                "2.5.29.19", "2.5.29.15", "2.5.29.37", "2.5.29.17", "2.5.29.14", "2.5.29.35", "1.2.840.113635.100.8.2",
            ])
        #expect(leaf.extensions.map(\.isCritical) == [true, true, false, false, false, false, false])
        #expect(leaf.extension("2.5.29.19")?.value == hex("30 00"))  // CA:FALSE
        #expect(leaf.extension("2.5.29.15")?.value == hex("03 02 07 80"))  // digitalSignature
        #expect(leaf.extension("2.5.29.37")?.value == hex("30 0A 06 08 2B 06 01 05 05 07 03 02"))  // clientAuth
        #expect(leaf.extension("2.5.29.17")?.value == hex("30 10 82 0E") + Array("device.example".utf8))
        let nonce = (0..<32).map { UInt8($0) }
        #expect(leaf.extension("1.2.840.113635.100.8.2")?.value == hex("30 24 A1 22 04 20") + nonce)
        #expect(leaf.extension("1.2.3.4") == nil)

        // The authority key identifier names the intermediate's subject key identifier.
        let intermediate = try Fixtures.certificate("intermediate-p256")
        let subjectKeyID = try #require(intermediate.extension("2.5.29.14")?.value)
        #expect(subjectKeyID.count == 22 && subjectKeyID.prefix(2) == [0x04, 0x14])
        #expect(leaf.extension("2.5.29.35")?.value == hex("30 16 80 14") + subjectKeyID.dropFirst(2))

        let root = try Fixtures.certificate("root-p384")
        #expect(root.extension("2.5.29.19")?.value == hex("30 03 01 01 FF"))
        #expect(root.extension("2.5.29.19")?.isCritical == true)
        #expect(root.extension("2.5.29.15")?.value == hex("03 02 01 06"))  // keyCertSign, cRLSign
    }

    @Test("notAfter from 2050 on is a GeneralizedTime, before 2050 a UTCTime; both read to the second")
    func timeEncodings() throws {
        let root = try Fixtures.certificate("root-p384")
        let rsa = try Fixtures.certificate("intermediate-rsa")
        #expect(root.der.containsSubsequence(hex("18 0F") + Array("20600101000000Z".utf8)))
        #expect(rsa.der.containsSubsequence(hex("17 0D") + Array("491231235959Z".utf8)))
        #expect(root.notAfter == Date(timeIntervalSince1970: 2_840_140_800))
        #expect(rsa.notAfter == Date(timeIntervalSince1970: 2_524_607_999))
    }

    @Test("isValid(at:) includes both ends of the validity period")
    func validity() throws {
        let leaf = try Fixtures.certificate("leaf-p256")
        #expect(leaf.isValid(at: utc("2025-01-01T00:00:00Z")))
        #expect(leaf.isValid(at: utc("2027-01-01T00:00:00Z")))
        #expect(!leaf.isValid(at: utc("2024-12-31T23:59:59Z")))
        #expect(!leaf.isValid(at: utc("2027-01-01T00:00:01Z")))
    }

    @Test("certificates(fromPEM:) returns every certificate of a bundle, in order")
    func bundle() throws {
        let text = try Fixtures.text(Fixtures.folder.appendingPathComponent("bundle.pem"))
        let certificates = try Certificate.certificates(fromPEM: text)
        #expect(
            certificates == [
                try Fixtures.certificate("root-p384"), try Fixtures.certificate("intermediate-p256"), try Fixtures.certificate("intermediate-rsa"),
            ])
        #expect(throws: CertificateError(code: .malformed)) { try Certificate.certificates(fromPEM: "no certificate") }
    }

    @Test("A certificate equals another with the same DER, and hashes by it")
    func equality() throws {
        let leaf = try Fixtures.certificate("leaf-p256")
        #expect(leaf == (try Certificate(der: Fixtures.bytes("leaf-p256.der"))))
        #expect(leaf != (try Fixtures.certificate("other-leaf")))
        #expect(Set([leaf, leaf]).count == 1)
    }
}

extension Array where Element == UInt8 {
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
