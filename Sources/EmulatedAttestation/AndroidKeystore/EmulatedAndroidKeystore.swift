import DeviceTrustCrypto
import Foundation
import X509Certificates

/// An emulated Android Keystore on one device: `KeyPairGenerator` with
/// `setAttestationChallenge` gives an EC P-256 signing key and the certificate chain a
/// real device returns (leaf with KeyDescription, attestation certificate, intermediate,
/// root), byte for byte in form.
public final class EmulatedAndroidKeystore: Sendable {
    /// What this device states in its attestations.
    public let profile: AndroidDeviceProfile
    private let authority: AndroidAttestationAuthority
    private let attestationCertificate: Certificate
    private let attestationKey: CertificateIssuingKey

    /// A device provisioned by `authority`, describing itself by `profile`.
    public init(profile: AndroidDeviceProfile = AndroidDeviceProfile(), authority: AndroidAttestationAuthority) throws(EmulatedAttestationError) {
        self.profile = profile
        self.authority = authority
        let serial = (0..<16).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        (attestationCertificate, attestationKey) = try authority.provisionDevice(serial: serial, securityLevel: profile.securityLevel)
    }

    /// A new signing key attested over `challenge`. `biometricPerUse` mirrors
    /// `setUserAuthenticationRequired(true)` with `setUserAuthenticationParameters(0,
    /// AUTH_BIOMETRIC_STRONG)`: userAuthType biometric and no timeout.
    public func generateKey(attestationChallenge challenge: Data, biometricPerUse: Bool = false) throws(EmulatedAttestationError) -> EmulatedAndroidKey {
        let privateKey = P256.Signing.PrivateKey()
        let now = authority.clock()
        let keyDescription = KeyDescriptionWriter.extensionValue(
            profile: profile,
            key: .init(challenge: [UInt8](challenge), biometricPerUse: biometricPerUse, creationTime: now)
        )
        let leaf: Certificate
        do {
            leaf = try attestationKey.issue(
                CertificateTemplate(
                    serialNumber: [0x01],
                    subject: CertificateTemplate.name([("2.5.4.3", "Android Keystore Key")]),
                    notBefore: now.addingTimeInterval(-1), notAfter: Date(timeIntervalSince1970: 2_461_449_600),  // 2048-01-01
                    subjectPublicKeyInfo: [UInt8](privateKey.publicKey.derRepresentation),
                    extensions: [
                        .keyUsage(isAuthority: false),
                        CertificateExtension(oid: "1.3.6.1.4.1.11129.2.1.17", value: keyDescription),
                    ]
                ), by: attestationCertificate)
        } catch {
            throw EmulatedAttestationError(.certificate, "\(error)")
        }
        let chain = [leaf, attestationCertificate, authority.intermediateCertificate, authority.rootCertificate]
        return EmulatedAndroidKey(privateKey: privateKey, certificateChain: chain.map { Data($0.der) })
    }
}

/// A key made by ``EmulatedAndroidKeystore``: its chain and its signatures.
public struct EmulatedAndroidKey: Sendable {
    private let privateKey: P256.Signing.PrivateKey
    /// The chain `KeyStore.getCertificateChain` returns: DER, leaf first, root last.
    public let certificateChain: [Data]

    init(privateKey: P256.Signing.PrivateKey, certificateChain: [Data]) {
        self.privateKey = privateKey
        self.certificateChain = certificateChain
    }

    /// The public key as `getEncoded()` gives it: SPKI DER.
    public var publicKey: Data { privateKey.publicKey.derRepresentation }

    /// A `SHA256withECDSA` signature (DER) over `data`.
    public func signature(for data: Data) throws -> Data {
        try privateKey.signature(for: data).derRepresentation
    }
}
