import Foundation
import X509Certificates

/// Apple's App Attest receipt: the CMS message that comes with every attestation
/// (`attStmt.receipt`, ``AttestedKey/receipt``) and that Apple's `attestationData`
/// endpoint exchanges for a fresh one carrying the fraud-risk metric.
///
/// ```swift
/// let receipt = try AppAttestReceipt(der: key.receipt)
/// try receipt.verify(now: Date())                                   // Apple signed it, not expired
/// try receipt.verifyIssued(to: key, appID: "TEAMID.com.example.app") // for this key and app
/// ```
///
/// `init(der:)` parses: the CMS SignedData envelope (BER, as Apple sends it) through
/// OpenSSL, its payload, a DER SET of `(type, version, value)` attributes, through
/// `ASN1DER`, both under size and depth limits. Nothing is trusted until ``verify(trustedRoots:now:)``
/// has passed. Failures are ``AttestationError``s: `malformed` (does not parse),
/// `receiptSignature` (the content was altered), `chain` (not issued under the trusted
/// root, or a certificate not valid at `now`), `receiptExpired`, `receiptMismatch`.
///
/// A refreshed receipt's ``clientHash`` is not the bytes the app sent: Apple replaces every
/// byte that is not valid UTF-8. Never compare it with the original.
public struct AppAttestReceipt: Sendable {
    /// Largest receipt accepted, in bytes (real ones are about 3.7 KB).
    public static let maximumSize = 64 * 1024

    /// Field 2: the app identifier, `TEAMID.bundle.id`.
    public let appID: String
    /// Field 3: the DER of the credential certificate the attestation carried (`x5c[0]`).
    public let attestedCertificate: Data
    /// Field 4: the client data hash of the attestation (altered by Apple in refreshed receipts).
    public let clientHash: Data
    /// Field 5: Apple's token for this receipt.
    public let token: String
    /// Field 6: `"ATTEST"` for the receipt of an attestation, `"RECEIPT"` for a refreshed one.
    public let type: String
    /// Field 7: `"production"` or `"sandbox"` (the development environment), when present.
    public let environment: String?
    /// Field 12: when Apple made the receipt.
    public let creationTime: Date
    /// Field 17, refreshed receipts only: Apple's approximate count of attestations made on
    /// this device for this app in the last 30 days. A high count suggests a device that
    /// attests for others; it proves nothing about one request.
    public let riskMetric: Int?
    /// Field 19, refreshed receipts only: the time after which the receipt can be refreshed
    /// at Apple's endpoint (not the start of its validity).
    public let notBefore: Date?
    /// Field 21: when the receipt expires; ``verify(trustedRoots:now:)`` refuses it after.
    public let expirationTime: Date

    private let message: CMSSignedMessage

    /// Parses a receipt: the CMS SignedData bytes (BER or DER) exactly as Apple sent them.
    /// Throws `malformed`, naming what is wrong, when the envelope or a field does not parse.
    public init(der: Data) throws(AttestationError) {
        do {
            message = try CMSSignedMessage(ber: [UInt8](der), maximumSize: Self.maximumSize)
        } catch {
            throw AttestationError(.malformed, "the receipt is not a CMS SignedData message with one signer and its content: \(error)")
        }
        let payload = try AppAttestReceiptPayload(message.content)
        appID = try payload.text(2, "app id")
        attestedCertificate = try payload.bytes(3, "attested certificate")
        do { _ = try Certificate(der: attestedCertificate) } catch {
            throw AttestationError(.malformed, "the receipt's attested certificate (field 3) does not parse: \(error)")
        }
        clientHash = try payload.bytes(4, "client hash")
        token = try payload.text(5, "token")
        type = try payload.text(6, "type")
        guard type == "ATTEST" || type == "RECEIPT" else {
            throw AttestationError(.malformed, "the receipt's type (field 6) is \"\(type)\", not ATTEST or RECEIPT")
        }
        environment = try payload.optionalText(7, "environment")
        creationTime = try payload.date(12, "creation time")
        riskMetric = try payload.optionalCount(17, "risk metric")
        notBefore = try payload.optionalDate(19, "not before")
        expirationTime = try payload.date(21, "expiration time")
    }

    /// Verifies the receipt: its CMS signature, its signer (which must carry
    /// ``receiptSigningExtension``) and the signer's chain to Apple Root CA - G3 (built in) or
    /// to `trustedRoots` (DER) with every certificate valid at `now`, and that it has not
    /// expired at `now`.
    ///
    /// - Parameters:
    ///   - trustedRoots: DER roots that replace Apple Root CA - G3 (tests, private PKI).
    ///     Roots that do not parse, or none, fail with `chain`.
    ///   - now: the verification time; inject it in tests.
    public func verify(trustedRoots: [Data]? = nil, now: Date) throws(AttestationError) {
        let signer: Certificate
        do { signer = try message.verifySignature() } catch {
            throw AttestationError(.receiptSignature, "the receipt's signature does not verify, so its content was altered: \(error)")
        }
        guard signer.extension(Self.receiptSigningExtension) != nil else {
            throw AttestationError(
                .chain,
                "the receipt's signer \(signer.subjectSummary) lacks Apple's receipt-signing extension \(Self.receiptSigningExtension): other certificates under the root do not sign receipts"
            )
        }
        let verifier = try Self.chainVerifier(trustedRoots)
        let chain = [signer] + message.certificates.filter { $0 != signer }
        do { try verifier.verify(chain, at: now) } catch {
            throw AttestationError(.chain, "the receipt's signer \(signer.subjectSummary) does not verify to a trusted root at \(now): \(error)")
        }
        guard now < expirationTime else {
            throw AttestationError(.receiptExpired, "the receipt expired at \(expirationTime) (now \(now)): refresh it at Apple's attestationData endpoint")
        }
    }

    /// The extension Apple's receipt signer ("Application Attestation Fraud Receipt
    /// Signing") carries. Apple Root CA - G3 also anchors certificates whose keys others
    /// hold (Apple Pay merchants'), so a chain to the root alone does not make a signer.
    public static let receiptSigningExtension = "1.2.840.113635.100.12.15"

    /// The verifier for `roots`, or for the built-in Apple Root CA - G3.
    private static func chainVerifier(_ roots: [Data]?) throws(AttestationError) -> CertificateChainVerifier {
        guard let roots else { return try builtInVerifier.get() }
        do {
            return try CertificateChainVerifier(trustedRoots: roots.map { (der) throws(CertificateError) in try Certificate(der: der) })
        } catch {
            throw AttestationError(.chain, "a configured receipt root is not usable: \(error)")
        }
    }

    /// Apple Root CA - G3, parsed once.
    private static let builtInVerifier: Result<CertificateChainVerifier, AttestationError> = Result { () throws(AttestationError) in
        do { return try CertificateChainVerifier(trustedRoots: Certificate.certificates(fromPEM: AppleRootCAG3.pem)) } catch {
            throw AttestationError(.chain, "the built-in Apple Root CA - G3 is not usable: \(error)")
        }
    }
}
