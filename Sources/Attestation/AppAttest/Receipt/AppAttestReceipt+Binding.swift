import Foundation
import X509Certificates

extension AppAttestReceipt {
    /// Checks that the receipt was issued for the attestation whose credential certificate
    /// (`x5c[0]`, DER) is `credentialCertificate`, of the app `appID`. Call it after
    /// ``verify(trustedRoots:now:)``: a receipt of another key or app is refused with
    /// `receiptMismatch`, so one genuine receipt cannot vouch for every key.
    public func verifyIssued(toCredentialCertificate credentialCertificate: Data, appID: String) throws(AttestationError) {
        guard self.appID == appID else {
            throw AttestationError(.receiptMismatch, "the receipt is for the app \(self.appID), not \(appID)")
        }
        guard attestedCertificate == credentialCertificate else {
            throw AttestationError(
                .receiptMismatch, "the receipt's attested certificate is not this attestation's credential certificate: it belongs to another key")
        }
    }

    /// Checks that the receipt was issued for `key`, as ``AppAttestVerifier/verifyAttestation(_:keyID:clientDataHash:)``
    /// returned it or as stored, of the app `appID`: its attested certificate certifies
    /// `key.publicKey`, and its environment, when present, is `key.environment`
    /// (`"sandbox"` for development). The check for refreshed receipts, whose certificate
    /// the server no longer has. Fails with `receiptMismatch`.
    public func verifyIssued(to key: AttestedKey, appID: String) throws(AttestationError) {
        guard self.appID == appID else {
            throw AttestationError(.receiptMismatch, "the receipt is for the app \(self.appID), not \(appID)")
        }
        let certificate: Certificate
        do { certificate = try Certificate(der: attestedCertificate) } catch {
            throw AttestationError(.malformed, "the receipt's attested certificate does not parse: \(error)")
        }
        guard Data(certificate.publicKey) == key.publicKey else {
            throw AttestationError(.receiptMismatch, "the receipt's attested certificate certifies another key than the one given")
        }
        let expected = key.environment == .production ? "production" : "sandbox"
        if let environment, environment != expected {
            throw AttestationError(.receiptMismatch, "the receipt is from the \(environment) environment, the key from \(key.environment)")
        }
    }
}
