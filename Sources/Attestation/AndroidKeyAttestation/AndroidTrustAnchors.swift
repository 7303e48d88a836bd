import DeviceTrustCrypto
import Foundation
import X509Certificates

/// The root keys an ``AndroidKeyAttestationVerifier`` trusts, loaded into OpenSSL once.
///
/// Keys, not certificates, are trusted: Google reissued its RSA root certificate several
/// times over one key, and chains in the wild end in any of the issues. A root that does
/// not parse, or an AOSP software attestation root, makes the set unusable (fail closed):
/// every verification then reports it.
struct AndroidTrustAnchors: Sendable {
    struct Anchor: Sendable {
        let subjectPublicKeyInfo: [UInt8]
        let key: CertificatePublicKey
    }

    private(set) var anchors: [Anchor] = []
    /// Why the configured roots cannot be used, if they cannot.
    private(set) var configurationProblem: String?

    init(rootCertificates: [Data]) {
        if rootCertificates.isEmpty { configurationProblem = "no trusted root was configured" }
        for (index, der) in rootCertificates.enumerated() {
            do {
                let certificate = try Certificate(der: der)
                let spki = certificate.subjectPublicKeyInfo
                guard !Self.isSoftwareRootKey(spki) else {
                    configurationProblem = "trusted root \(index) is an AOSP software attestation root, whose private key is public"
                    continue
                }
                guard !anchors.contains(where: { $0.subjectPublicKeyInfo == spki }) else { continue }
                anchors.append(Anchor(subjectPublicKeyInfo: spki, key: try CertificatePublicKey(subjectPublicKeyInfo: spki)))
            } catch {
                configurationProblem = "trusted root \(index) cannot be used: \(error)"
            }
        }
    }

    /// The loaded key of the trusted root whose SubjectPublicKeyInfo is `spki`.
    func key(for spki: [UInt8]) -> CertificatePublicKey? {
        anchors.first { $0.subjectPublicKeyInfo == spki }?.key
    }

    /// Whether `spki` is the key of an AOSP software attestation root.
    static func isSoftwareRootKey(_ spki: [UInt8]) -> Bool {
        let digest = SHA256.hash(data: spki).map { String(format: "%02x", $0) }.joined()
        return GoogleAttestationRoots.softwareRootKeyDigests.contains(digest)
    }
}
