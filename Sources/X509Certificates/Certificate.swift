import ASN1DER
import Foundation

/// An X.509 v3 certificate (RFC 5280), parsed strictly from DER into the fields that
/// attestation and pinning need. Pure Swift, so it also runs on iOS (for pinning);
/// signature and chain checks live in `OpenSSL/` and exist where OpenSSL does.
///
/// Written by hand over ``ASN1DER`` because the parse must run without OpenSSL on
/// Apple platforms; OpenSSL still re-parses the same bytes before any signature check.
public struct Certificate: Sendable, Hashable {
    /// The certificate as received, DER.
    public let der: [UInt8]
    /// 1, 2 or 3.
    public let version: Int
    /// The serial number's INTEGER content bytes (two's complement, minimal).
    public let serialNumber: [UInt8]
    /// The DER of the issuer Name.
    public let issuer: [UInt8]
    /// The DER of the subject Name.
    public let subject: [UInt8]
    /// Start of validity.
    public let notBefore: Date
    /// End of validity (inclusive).
    public let notAfter: Date
    /// The DER SubjectPublicKeyInfo.
    public let subjectPublicKeyInfo: [UInt8]
    /// The key's algorithm OID, e.g. `1.2.840.10045.2.1` for EC.
    public let publicKeyAlgorithm: String
    /// The algorithm's parameter OID when it has one (the named curve for EC keys).
    public let publicKeyParameters: String?
    /// The subjectPublicKey bits: for EC keys, the X9.63 point.
    public let publicKey: [UInt8]
    /// The outer signature algorithm OID.
    public let signatureAlgorithm: String
    /// The extensions, in order.
    public let extensions: [CertificateExtension]
    /// Where the TBSCertificate (the signed bytes) lies in ``der``.
    let tbsRange: Range<Int>
    /// The signature bits (for ECDSA, the DER `ECDSA-Sig-Value`).
    public let signatureValue: [UInt8]

    /// The signed part of the certificate, DER TBSCertificate.
    public var tbsCertificate: ArraySlice<UInt8> { der[tbsRange] }

    /// The OID of EC public keys (`id-ecPublicKey`).
    public static let ecPublicKeyOID = "1.2.840.10045.2.1"
    /// The OID of the P-256 curve (`prime256v1`).
    public static let p256CurveOID = "1.2.840.10045.3.1.7"

    /// Parses `der`, which must be exactly one certificate with nothing after it.
    public init<Bytes: Sequence<UInt8>>(der bytes: Bytes) throws(CertificateError) {
        let der = Array(bytes)
        do {
            self = try CertificateParser.parse(der)
        } catch {
            throw CertificateError(.malformed, "the certificate does not parse: \(error)")
        }
    }

    init(
        der: [UInt8], version: Int, serialNumber: [UInt8], issuer: [UInt8], subject: [UInt8],
        notBefore: Date, notAfter: Date, subjectPublicKeyInfo: [UInt8], publicKeyAlgorithm: String,
        publicKeyParameters: String?, publicKey: [UInt8], signatureAlgorithm: String, extensions: [CertificateExtension],
        tbsRange: Range<Int>, signatureValue: [UInt8]
    ) {
        self.tbsRange = tbsRange
        self.signatureValue = signatureValue
        self.der = der
        self.version = version
        self.serialNumber = serialNumber
        self.issuer = issuer
        self.subject = subject
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.subjectPublicKeyInfo = subjectPublicKeyInfo
        self.publicKeyAlgorithm = publicKeyAlgorithm
        self.publicKeyParameters = publicKeyParameters
        self.publicKey = publicKey
        self.signatureAlgorithm = signatureAlgorithm
        self.extensions = extensions
    }

    /// Every certificate in a PEM text, in order.
    public static func certificates(fromPEM text: String) throws(CertificateError) -> [Certificate] {
        let blocks: [[UInt8]]
        do { blocks = try PEMBlocks.decode(text) } catch { throw CertificateError(.malformed, "\(error)") }
        var certificates: [Certificate] = []
        for block in blocks { certificates.append(try Certificate(der: block)) }
        return certificates
    }

    /// The extension with `oid`, if present.
    public func `extension`(_ oid: String) -> CertificateExtension? {
        extensions.first { $0.oid == oid }
    }

    /// The serial number as Google's attestation status list writes it: lowercase hex of
    /// the magnitude, no leading zeros (`0` for zero).
    public var serialNumberHex: String {
        let magnitude = serialNumber.drop(while: { $0 == 0 })
        let hex = magnitude.map { String($0, radix: 16) }.enumerated().map { index, digits in
            index == 0 || digits.count == 2 ? digits : "0" + digits
        }.joined()
        return hex.isEmpty ? "0" : hex
    }

    /// Whether `date` lies within `notBefore ... notAfter`.
    public func isValid(at date: Date) -> Bool { notBefore <= date && date <= notAfter }

    /// Whether this certificate names itself as its issuer.
    public var isSelfIssued: Bool { issuer == subject }

    /// The subject as readable text (`CN=…, O=…`), for reports and errors.
    public var subjectSummary: String { DistinguishedName.summary(of: subject) }

    /// The issuer as readable text (`CN=…, O=…`), for reports and errors.
    public var issuerSummary: String { DistinguishedName.summary(of: issuer) }

    /// Equal when the DER bytes are equal.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool { lhs.der == rhs.der }

    /// Hashes the DER bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(der) }
}

/// One certificate extension: its OID, criticality and the DER inside its OCTET STRING.
public struct CertificateExtension: Sendable, Hashable {
    /// The extension's OID in dotted form.
    public let oid: String
    /// Whether the extension is marked critical.
    public let isCritical: Bool
    /// The extension value: the DER carried inside `extnValue`.
    public let value: [UInt8]
}
