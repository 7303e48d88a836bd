import Foundation
import X509Certificates

/// A stand-in for Google's key attestation PKI, shaped like a factory-provisioned chain:
/// a P-384 root (like Google's 2025 EC root), an intermediate, and a per-device
/// attestation certificate whose subject carries a serialNumber and the security level
/// as title, which signs the leaves. Give ``rootCertificate`` to the verifier.
public final class AndroidAttestationAuthority: Sendable {
    /// The root to trust.
    public let rootCertificate: Certificate
    /// The intermediate below the root.
    public let intermediateCertificate: Certificate
    private let intermediateKey: CertificateIssuingKey
    let clock: @Sendable () -> Date

    /// A fresh authority; `now` dates the certificates it issues.
    public init(now: @escaping @Sendable () -> Date = Date.init) throws(EmulatedAttestationError) {
        clock = now
        let start = now().addingTimeInterval(-30 * 86_400)
        do {
            let rootKey = try CertificateIssuingKey(generating: .p384)
            rootCertificate = try rootKey.selfSign(
                CertificateTemplate(
                    serialNumber: [0x01],
                    subject: CertificateTemplate.name([
                        ("2.5.4.3", "Emulated Key Attestation CA1"), ("2.5.4.11", "Android"), ("2.5.4.10", "Google LLC"), ("2.5.4.6", "US"),
                    ]),
                    notBefore: start, notAfter: start.addingTimeInterval(25 * 365 * 86_400),
                    subjectPublicKeyInfo: rootKey.subjectPublicKeyInfo,
                    extensions: [.basicConstraints(isAuthority: true), .keyUsage(isAuthority: true)]
                ))
            intermediateKey = try CertificateIssuingKey(generating: .p256)
            intermediateCertificate = try rootKey.issue(
                CertificateTemplate(
                    serialNumber: [0x00, 0xB7, 0x65, 0x5C, 0x8C, 0xFA, 0x44, 0xDB, 0x91],
                    subject: CertificateTemplate.name([("2.5.4.5", "c6047571d8f0d17c")]),
                    notBefore: start, notAfter: start.addingTimeInterval(10 * 365 * 86_400),
                    subjectPublicKeyInfo: intermediateKey.subjectPublicKeyInfo,
                    extensions: [.basicConstraints(isAuthority: true), .keyUsage(isAuthority: true)]
                ), by: rootCertificate)
        } catch {
            throw EmulatedAttestationError(.certificate, "\(error)")
        }
    }

    /// A device's attestation certificate and key, as a factory provisions them.
    func provisionDevice(
        serial: String, securityLevel: AndroidDeviceProfile.SecurityLevel
    ) throws(EmulatedAttestationError) -> (Certificate, CertificateIssuingKey) {
        let start = clock().addingTimeInterval(-7 * 86_400)
        do {
            let key = try CertificateIssuingKey(generating: .p256)
            let certificate = try intermediateKey.issue(
                CertificateTemplate(
                    serialNumber: Array(serial.utf8.prefix(8)),
                    subject: CertificateTemplate.name([
                        ("2.5.4.5", serial), ("2.5.4.12", securityLevel == .strongBox ? "StrongBox" : "TEE"),
                    ]),
                    notBefore: start, notAfter: start.addingTimeInterval(10 * 365 * 86_400),
                    subjectPublicKeyInfo: key.subjectPublicKeyInfo,
                    extensions: [.basicConstraints(isAuthority: true), .keyUsage(isAuthority: true)]
                ), by: intermediateCertificate)
            return (certificate, key)
        } catch {
            throw EmulatedAttestationError(.certificate, "\(error)")
        }
    }
}
