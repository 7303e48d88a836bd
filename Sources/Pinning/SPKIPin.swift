import DeviceTrustCrypto
import Foundation
import X509Certificates

/// SPKI-SHA256-BASE64 pins: the standard base64 of the SHA-256 digest of a certificate's
/// DER SubjectPublicKeyInfo, the value Apple's `NSPinnedDomains`, TrustKit, Android's
/// network security config and HPKP all use.
///
/// The SubjectPublicKeyInfo is hashed exactly as it is encoded in the certificate, found by
/// parsing the certificate (pure Swift), not rebuilt from a per-key-type header: so RSA of
/// any size or exponent, P-256, P-384, P-521, Ed25519 and any other key type all work.
/// The result equals
/// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
public enum SPKIPin {
    /// The pin of the certificate `der`.
    ///
    /// - Parameter der: exactly one DER X.509 certificate, nothing before or after it.
    /// - Returns: the base64 SHA-256 of its SubjectPublicKeyInfo (44 characters).
    /// - Throws: ``PinningError`` with code ``PinningError/Code/malformedCertificate`` when
    ///   `der` is not one well-formed certificate (PEM must be decoded first).
    public static func pin(forCertificate der: Data) throws -> String {
        let certificate: Certificate
        do {
            certificate = try Certificate(der: der)
        } catch {
            throw PinningError(
                .malformedCertificate,
                "the \(der.count) bytes given are not one DER X.509 certificate (\(error)); decode PEM to DER first"
            )
        }
        return pin(forSubjectPublicKeyInfo: certificate.subjectPublicKeyInfo)
    }

    /// The pin of a DER SubjectPublicKeyInfo, hashed as given.
    static func pin(forSubjectPublicKeyInfo spki: [UInt8]) -> String {
        Data(SHA256.hash(data: spki)).base64EncodedString()
    }
}
