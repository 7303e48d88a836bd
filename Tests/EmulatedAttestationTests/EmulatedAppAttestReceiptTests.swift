import Attestation
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import Testing

/// The emulated attestation's receipt is what Apple's is: CMS signed by a receipt-signing
/// certificate (with Apple's marker extension) under the authority's root, naming the app,
/// the credential certificate and the client data hash.
@Suite("Emulated App Attest receipts")
struct EmulatedAppAttestReceiptTests {
    let authority = try! AppAttestAuthority()
    static let appID = "ABCDE12345.com.example.bank"

    @Test("the receipt verifies under the authority's root and belongs to the attested key and app, and to no other")
    func receiptVerifies() throws {
        let service = EmulatedAppAttestService(appID: Self.appID, environment: .development, authority: authority)
        let verifier = AppAttestVerifier(appID: Self.appID, environment: .development, trustedRoots: [Data(authority.rootCertificate.der)])
        let hash = Data(SHA256.hash(data: Data("enrollment".utf8)))
        let keyId = service.generateKey()
        let key = try verifier.verifyAttestation(
            try service.attestKey(keyId, clientDataHash: hash), keyID: Data(base64Encoded: keyId)!, clientDataHash: hash)

        let receipt = try AppAttestReceipt(der: key.receipt)
        #expect(receipt.type == "ATTEST" && receipt.appID == Self.appID && receipt.environment == "sandbox")
        #expect(receipt.clientHash == hash)
        #expect(receipt.expirationTime > receipt.creationTime.addingTimeInterval(89 * 86_400))
        try receipt.verify(trustedRoots: [Data(authority.rootCertificate.der)], now: Date())
        try receipt.verifyIssued(to: key, appID: Self.appID)

        #expect(throws: AttestationError.self, "Apple's root does not sign emulated receipts") { try receipt.verify(now: Date()) }
        #expect(throws: AttestationError.self, "another authority's root") {
            try receipt.verify(trustedRoots: [Data(try AppAttestAuthority().rootCertificate.der)], now: Date())
        }
        #expect(throws: AttestationError.self, "expired") {
            try receipt.verify(trustedRoots: [Data(authority.rootCertificate.der)], now: receipt.expirationTime)
        }
        #expect(throws: AttestationError.self, "another app") { try receipt.verifyIssued(to: key, appID: "ABCDE12345.com.example.other") }
        let otherId = service.generateKey()
        let other = try verifier.verifyAttestation(
            try service.attestKey(otherId, clientDataHash: hash), keyID: Data(base64Encoded: otherId)!, clientDataHash: hash)
        #expect(throws: AttestationError.self, "another key's receipt") { try AppAttestReceipt(der: other.receipt).verifyIssued(to: key, appID: Self.appID) }
    }
}
