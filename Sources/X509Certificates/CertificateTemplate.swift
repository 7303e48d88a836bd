import ASN1DER
import Foundation

/// What a certificate to be issued says: for test authorities and device emulators that
/// must produce certificates shaped like Apple's and Google's, extensions included.
public struct CertificateTemplate: Sendable {
    /// The serial number, big-endian magnitude.
    public var serialNumber: [UInt8]
    /// The subject Name, DER (see ``CertificateTemplate/name(_:)``).
    public var subject: [UInt8]
    /// Start of validity.
    public var notBefore: Date
    /// End of validity.
    public var notAfter: Date
    /// The subject's key, DER SubjectPublicKeyInfo.
    public var subjectPublicKeyInfo: [UInt8]
    /// Extensions, written in this order.
    public var extensions: [CertificateExtension]

    /// A template with every field given.
    public init(
        serialNumber: [UInt8], subject: [UInt8], notBefore: Date, notAfter: Date,
        subjectPublicKeyInfo: [UInt8], extensions: [CertificateExtension] = []
    ) {
        self.serialNumber = serialNumber
        self.subject = subject
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.subjectPublicKeyInfo = subjectPublicKeyInfo
        self.extensions = extensions
    }

    /// A DER Name with one attribute per RDN, in the order given, e.g.
    /// `[("2.5.4.3", "Apple App Attestation CA 1"), ("2.5.4.10", "Apple Inc.")]`. Country
    /// (`2.5.4.6`) and serialNumber (`2.5.4.5`) values are PrintableString, others UTF8String.
    public static func name(_ attributes: [(oid: String, value: String)]) -> [UInt8] {
        var writer = DERWriter()
        writer.constructed { rdns in
            for attribute in attributes {
                rdns.constructed(.set) { set in
                    set.constructed { pair in
                        pair.objectIdentifier(attribute.oid)
                        let printable = attribute.oid == "2.5.4.6" || attribute.oid == "2.5.4.5"
                        pair.utf8String(attribute.value, tag: printable ? .printableString : .utf8String)
                    }
                }
            }
        }
        return writer.bytes
    }
}

extension CertificateExtension {
    /// An extension carrying `value` (the DER inside extnValue).
    public init(oid: String, value: [UInt8], isCritical: Bool = false) {
        self.oid = oid
        self.isCritical = isCritical
        self.value = value
    }

    /// basicConstraints (2.5.29.19), critical: `cA` true for authorities.
    public static func basicConstraints(isAuthority: Bool) -> CertificateExtension {
        var writer = DERWriter()
        writer.constructed { sequence in
            if isAuthority { sequence.boolean(true) }
        }
        return CertificateExtension(oid: "2.5.29.19", value: writer.bytes, isCritical: true)
    }

    /// keyUsage (2.5.29.15), critical: keyCertSign + cRLSign for authorities,
    /// digitalSignature otherwise.
    public static func keyUsage(isAuthority: Bool) -> CertificateExtension {
        var writer = DERWriter()
        // Named bits: digitalSignature is bit 0 (0x80); keyCertSign bit 5 (0x04), cRLSign bit 6 (0x02).
        writer.element(.bitString, content: isAuthority ? [0x01, 0x06] : [0x07, 0x80])
        return CertificateExtension(oid: "2.5.29.15", value: writer.bytes, isCritical: true)
    }
}
