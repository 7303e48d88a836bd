import ASN1DER
import Foundation
import X509Certificates

/// A stand-in for Apple's App Attestation CA: a P-384 root and a P-384 intermediate named
/// like Apple's, which certify App Attest keys with credential certificates shaped like
/// the ones real devices receive (P-256 key, ecdsa-with-SHA256, the nonce extension
/// 1.2.840.113635.100.8.2). Give ``rootCertificate`` to the verifier as its trusted root.
public final class AppAttestAuthority: Sendable {
    /// The root to trust, DER. (Apple's real one is "Apple App Attestation Root CA".)
    public let rootCertificate: Certificate
    /// The intermediate that issues credential certificates ("Apple App Attestation CA 1").
    public let intermediateCertificate: Certificate
    /// The certificate that signs receipts ("Application Attestation Fraud Receipt
    /// Signing"), issued by the root and carrying Apple's receipt-signing extension.
    public let receiptSigningCertificate: Certificate
    private let intermediateKey: CertificateIssuingKey
    private let receiptSigningKey: CertificateIssuingKey
    private let clock: @Sendable () -> Date

    /// A fresh authority; `now` dates the certificates it issues.
    public init(now: @escaping @Sendable () -> Date = Date.init) throws(EmulatedAttestationError) {
        clock = now
        let start = now().addingTimeInterval(-86_400)
        do {
            let rootKey = try CertificateIssuingKey(generating: .p384)
            rootCertificate = try rootKey.selfSign(
                CertificateTemplate(
                    serialNumber: [0x0B, 0xF3, 0xBE, 0x0E, 0xF1, 0xCD, 0xD2, 0xE0, 0xFB, 0x8C, 0x6E, 0x72, 0x1F, 0x62, 0x17, 0x98],
                    subject: CertificateTemplate.name([
                        ("2.5.4.3", "Emulated App Attestation Root CA"), ("2.5.4.10", "Apple Inc."), ("2.5.4.8", "California"),
                    ]),
                    notBefore: start, notAfter: start.addingTimeInterval(25 * 365 * 86_400),
                    subjectPublicKeyInfo: rootKey.subjectPublicKeyInfo,
                    extensions: [.basicConstraints(isAuthority: true), .keyUsage(isAuthority: true)]
                ))
            intermediateKey = try CertificateIssuingKey(generating: .p384)
            intermediateCertificate = try rootKey.issue(
                CertificateTemplate(
                    serialNumber: [0x09, 0xBA, 0xC5, 0xE1, 0xBC, 0x40, 0x1A, 0xD9, 0xD4, 0x53, 0x95, 0xBC, 0x38, 0x1A, 0x08, 0x54],
                    subject: CertificateTemplate.name([
                        ("2.5.4.3", "Emulated App Attestation CA 1"), ("2.5.4.10", "Apple Inc."), ("2.5.4.8", "California"),
                    ]),
                    notBefore: start, notAfter: start.addingTimeInterval(10 * 365 * 86_400),
                    subjectPublicKeyInfo: intermediateKey.subjectPublicKeyInfo,
                    extensions: [.basicConstraints(isAuthority: true), .keyUsage(isAuthority: true)]
                ), by: rootCertificate)
            receiptSigningKey = try CertificateIssuingKey(generating: .p256)
            receiptSigningCertificate = try rootKey.issue(
                CertificateTemplate(
                    serialNumber: [0x5C, 0x9A, 0x1F, 0x22, 0x6D, 0x3B, 0x80, 0x11],
                    subject: CertificateTemplate.name([
                        ("2.5.4.3", "Emulated Application Attestation Fraud Receipt Signing"), ("2.5.4.10", "Apple Inc."),
                    ]),
                    notBefore: start, notAfter: start.addingTimeInterval(2 * 365 * 86_400),
                    subjectPublicKeyInfo: receiptSigningKey.subjectPublicKeyInfo,
                    extensions: [
                        .basicConstraints(isAuthority: false), .keyUsage(isAuthority: false),
                        CertificateExtension(oid: "1.2.840.113635.100.12.15", value: [0x05, 0x00]),
                    ]
                ), by: rootCertificate)
        } catch {
            throw EmulatedAttestationError(.certificate, "\(error)")
        }
    }

    /// An attestation receipt as Apple returns it with an attestation: a CMS SignedData
    /// without signed attributes over the DER SET of `(type, version, value)` attributes
    /// (2 app id, 3 the credential certificate, 4 the client hash, 5 a token, 6 `ATTEST`,
    /// 7 the environment, 12 the creation time, 21 the expiry, 90 days later), signed by
    /// ``receiptSigningCertificate``.
    func receipt(appID: String, credentialCertificate: Certificate, clientHash: [UInt8], environment: String) throws(EmulatedAttestationError) -> [UInt8] {
        let now = clock()
        return try signedReceipt([
            (2, Array(appID.utf8)), (3, credentialCertificate.der), (4, clientHash),
            (5, Array("emulated-\(UUID().uuidString)".utf8)), (6, Array("ATTEST".utf8)), (7, Array(environment.utf8)),
            (12, Array(Self.timestamp(now).utf8)), (21, Array(Self.timestamp(now.addingTimeInterval(90 * 86_400)).utf8)),
        ])
    }

    /// A refreshed receipt, as Apple's `attestationData` endpoint answers: type `RECEIPT`,
    /// the risk metric (field 17), a not-before one day on (field 19), an expiry 90 days on,
    /// and the client hash altered (Apple replaces invalid UTF-8), for the key whose
    /// credential certificate (DER) the earlier receipt named.
    public func refreshedReceipt(
        appID: String, attestedCertificate: [UInt8], environment: String, riskMetric: Int
    ) throws(EmulatedAttestationError) -> [UInt8] {
        let now = clock()
        return try signedReceipt([
            (2, Array(appID.utf8)), (3, attestedCertificate), (4, Array("\u{FFFD}refreshed".utf8)),
            (5, Array("emulated-\(UUID().uuidString)".utf8)), (6, Array("RECEIPT".utf8)), (7, Array(environment.utf8)),
            (12, Array(Self.timestamp(now).utf8)), (17, Array(String(riskMetric).utf8)),
            (19, Array(Self.timestamp(now.addingTimeInterval(86_400)).utf8)),
            (21, Array(Self.timestamp(now.addingTimeInterval(90 * 86_400)).utf8)),
        ])
    }

    /// The CMS receipt holding `fields` as the DER SET of `(type, 1, value)`.
    private func signedReceipt(_ fields: [(Int, [UInt8])]) throws(EmulatedAttestationError) -> [UInt8] {
        var payload = DERWriter()
        payload.constructed(.set) { set in
            for (type, value) in fields {
                set.constructed { attribute in
                    attribute.integer(type)
                    attribute.integer(1)
                    attribute.octetString(value)
                }
            }
        }
        do {
            return try receiptSigningKey.signCMS(payload.bytes, signer: receiptSigningCertificate)
        } catch {
            throw EmulatedAttestationError(.certificate, "\(error)")
        }
    }

    /// `2024-04-18T16:14:54.209Z`, as receipts write times.
    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The credential certificate for an App Attest key: subject CN = hex of the key
    /// identifier, valid for three days from now (as Apple's have been), with the nonce.
    func credentialCertificate(publicKeyInfo: [UInt8], keyID: [UInt8], nonce: [UInt8], appID: String) throws(EmulatedAttestationError) -> Certificate {
        let now = clock()
        let nonceExtension = AppAttestExtensions.nonce(nonce)
        let serial = Array(keyID.prefix(8))
        do {
            return try intermediateKey.issue(
                CertificateTemplate(
                    serialNumber: serial,
                    subject: CertificateTemplate.name([
                        ("2.5.4.3", keyID.map { String(format: "%02x", $0) }.joined()),
                        ("2.5.4.11", "AAA Certification"), ("2.5.4.10", "Apple Inc."), ("2.5.4.8", "California"),
                    ]),
                    notBefore: now.addingTimeInterval(-60), notAfter: now.addingTimeInterval(3 * 86_400),
                    subjectPublicKeyInfo: publicKeyInfo,
                    extensions: [
                        .basicConstraints(isAuthority: false),
                        .keyUsage(isAuthority: false),
                        AppAttestExtensions.appIdentifier(appID),
                        nonceExtension,
                    ]
                ), by: intermediateCertificate)
        } catch {
            throw EmulatedAttestationError(.certificate, "\(error)")
        }
    }
}
