import ASN1DER
import Foundation
import X509Certificates

/// The certificate path checks of Android key attestation (README rules 1 to 7), in the
/// order Google's verifier runs them, done by hand because `X509_verify_cert` rejects
/// genuine chains (CA:FALSE intermediates, leaves with odd extensions or validity).
struct AndroidAttestationChain {
    /// The OID of the KeyDescription extension.
    static let keyDescriptionOID = "1.3.6.1.4.1.11129.2.1.17"
    /// Real chains are 3 (software) to 6 (RKP with ATTEST_KEY) long; anything much longer is not a device's.
    static let maximumLength = 10

    let certificates: [Certificate]

    /// Parses `chain` (DER, leaf first) after checking its length (rule 1).
    init(_ chain: [Data]) throws(AttestationError) {
        guard chain.count >= 3 else {
            throw AttestationError(.chain, "the chain has \(chain.count) certificates; a device sends at least 3 (leaf, intermediate, root)")
        }
        guard chain.count <= Self.maximumLength else {
            throw AttestationError(.chain, "the chain has \(chain.count) certificates, more than \(Self.maximumLength)")
        }
        var certificates: [Certificate] = []
        for (index, der) in chain.enumerated() {
            do { certificates.append(try Certificate(der: der)) } catch {
                throw AttestationError(.malformed, "certificate \(index) of the chain does not parse: \(error)")
            }
        }
        self.certificates = certificates
    }

    var leaf: Certificate { certificates[0] }
    private var root: Certificate { certificates[certificates.count - 1] }

    /// Rules 2 to 7: a self-issued last certificate whose key is trusted, each link's name
    /// and signature, the validity of the intermediates, the extension on the leaf alone,
    /// and no revoked serial.
    func verify(anchors: AndroidTrustAnchors, at now: Date, revokedSerials: Set<String>) throws(AttestationError) {
        try verifyRoot(anchors: anchors)
        try verifyLinks(anchors: anchors)
        try verifyValidity(at: now)
        try verifyExtensionPlacement()
        try verifyNotRevoked(revokedSerials)
    }

    private func verifyRoot(anchors: AndroidTrustAnchors) throws(AttestationError) {
        if let problem = anchors.configurationProblem {
            throw AttestationError(.chain, "the verifier's trusted roots are unusable: \(problem)")
        }
        guard root.isSelfIssued else {
            throw AttestationError(.chain, "the last certificate (\(root.subjectSummary)) is not self-issued: the chain has no root")
        }
        guard !AndroidTrustAnchors.isSoftwareRootKey(root.subjectPublicKeyInfo) else {
            throw AttestationError(.chain, "the chain ends in the AOSP software attestation root: the key is not in secure hardware")
        }
        guard anchors.key(for: root.subjectPublicKeyInfo) != nil else {
            throw AttestationError(.chain, "the root's public key (\(root.subjectSummary)) is not a trusted root key")
        }
    }

    private func verifyLinks(anchors: AndroidTrustAnchors) throws(AttestationError) {
        for index in 0..<(certificates.count - 1) {
            let child = certificates[index], issuer = certificates[index + 1]
            guard child.issuer == issuer.subject else {
                throw AttestationError(
                    .chain, "certificate \(index) names \(child.issuerSummary) as issuer, but certificate \(index + 1) is \(issuer.subjectSummary)")
            }
            let key: CertificatePublicKey
            if index + 1 == certificates.count - 1, let rootKey = anchors.key(for: issuer.subjectPublicKeyInfo) {
                key = rootKey
            } else {
                do { key = try CertificatePublicKey(of: issuer) } catch {
                    throw AttestationError(.chain, "the key of certificate \(index + 1) (\(issuer.subjectSummary)) cannot be loaded: \(error)")
                }
            }
            guard child.isSignatureValid(issuerKey: key) else {
                throw AttestationError(
                    .chain, "the signature of certificate \(index) does not verify with the key of certificate \(index + 1) (\(issuer.subjectSummary))")
            }
        }
    }

    /// Rule 5: the leaf's validity is the device's choice and the root is an anchor, so
    /// only the certificates between them are checked. A factory-provisioned chain (the
    /// certificate below the root has a serialNumber attribute) outlives its intermediates:
    /// for it, expiry is ignored, not-yet-valid is not.
    private func verifyValidity(at now: Date) throws(AttestationError) {
        let isFactoryProvisioned = X509Name.hasSerialNumberAttribute(certificates[certificates.count - 2].subject)
        for index in 1..<(certificates.count - 1) {
            let certificate = certificates[index]
            guard now >= certificate.notBefore else {
                throw AttestationError(.chain, "certificate \(index) (\(certificate.subjectSummary)) is not valid before \(certificate.notBefore)")
            }
            guard now <= certificate.notAfter || isFactoryProvisioned else {
                throw AttestationError(.chain, "certificate \(index) (\(certificate.subjectSummary)) expired at \(certificate.notAfter)")
            }
        }
    }

    /// Rule 6. A chain that carries the extension above the leaf could let an attacker
    /// who holds an attested key present their own "attestation" below it.
    private func verifyExtensionPlacement() throws(AttestationError) {
        guard leaf.extension(Self.keyDescriptionOID) != nil else {
            throw AttestationError(.extension, "the leaf has no key attestation extension (\(Self.keyDescriptionOID))")
        }
        for (index, certificate) in certificates.enumerated().dropFirst() where certificate.extension(Self.keyDescriptionOID) != nil {
            throw AttestationError(
                .extension, "certificate \(index) (\(certificate.subjectSummary)) also carries the key attestation extension; only the leaf may")
        }
    }

    private func verifyNotRevoked(_ revokedSerials: Set<String>) throws(AttestationError) {
        guard !revokedSerials.isEmpty else { return }
        for (index, certificate) in certificates.dropLast().enumerated() where revokedSerials.contains(certificate.serialNumberHex) {
            throw AttestationError(.revoked, "certificate \(index) (serial \(certificate.serialNumberHex)) is revoked or suspended in the status list")
        }
    }
}

/// Reading an X.501 Name's attributes, for the factory-provisioning test.
enum X509Name {
    /// The OID of the `serialNumber` attribute type.
    static let serialNumberOID = "2.5.4.5"

    /// Whether the Name (DER) has a `serialNumber` attribute; false when it does not parse.
    static func hasSerialNumberAttribute(_ name: [UInt8]) -> Bool {
        guard var reader = try? DERReader(name) else { return false }
        let found = try? reader.readConstructed { (rdns) throws(DERError) -> Bool in
            var found = false
            while !rdns.isAtEnd {
                try rdns.readConstructed(.set) { (set) throws(DERError) in
                    while !set.isAtEnd {
                        try set.readConstructed { (attribute) throws(DERError) in
                            if try attribute.readObjectIdentifier() == serialNumberOID { found = true }
                            _ = try attribute.read()
                        }
                    }
                }
            }
            return found
        }
        return found ?? false
    }
}
