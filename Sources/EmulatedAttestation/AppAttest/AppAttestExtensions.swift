import ASN1DER
import X509Certificates

/// The Apple-specific extensions of an App Attest credential certificate.
enum AppAttestExtensions {
    /// 1.2.840.113635.100.8.2: `SEQUENCE { [1] EXPLICIT OCTET STRING (nonce) }`.
    static func nonce(_ nonce: [UInt8]) -> CertificateExtension {
        var writer = DERWriter()
        writer.constructed { sequence in
            sequence.constructed(.context(1)) { $0.octetString(nonce) }
        }
        return CertificateExtension(oid: "1.2.840.113635.100.8.2", value: writer.bytes)
    }

    /// 1.2.840.113635.100.8.5: the app identifier in clear, as Apple's certificates carry it.
    static func appIdentifier(_ appID: String) -> CertificateExtension {
        var writer = DERWriter()
        writer.constructed { sequence in
            sequence.constructed(.context(1)) { $0.utf8String(appID) }
        }
        return CertificateExtension(oid: "1.2.840.113635.100.8.5", value: writer.bytes)
    }
}
