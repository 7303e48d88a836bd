@testable import Attestation
import Foundation
import Testing

/// Receipts signed under a test PKI (`Vectors/receipt-test-pki/`, see its README): the
/// `trustedRoots` path, a refreshed receipt's fields end to end, and a signer that chains
/// to a trusted root but is not a receipt signer.
@Suite("App Attest receipts under a test PKI")
struct AppAttestReceiptTestPKITests {
    static let folder = AppAttestVectors.directory.deletingLastPathComponent().appendingPathComponent("receipt-test-pki")

    static func file(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// 2024-05-01T00:00:00Z: inside every test receipt's validity.
    static let moment = Date(timeIntervalSince1970: 1_714_521_600)

    @Test("a receipt signed under the given root verifies with that root only, never under the built-in Apple Root CA - G3")
    func givenRoot() throws {
        let receipt = try AppAttestReceipt(der: Self.file("attest-test-pki.der"))
        try receipt.verify(trustedRoots: [Self.file("root.der")], now: Self.moment)
        #expect(throws: AttestationError(code: .chain)) { try receipt.verify(now: Self.moment) }
        let genuine = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        #expect(throws: AttestationError(code: .chain)) {
            try AppAttestReceipt(der: genuine.receiptBytes).verify(trustedRoots: [Self.file("root.der")], now: Self.moment)
        }
    }

    @Test("a signer under a trusted root without Apple's receipt-signing extension is refused with chain")
    func signerWithoutTheMarker() throws {
        let receipt = try AppAttestReceipt(der: Self.file("attest-test-pki-unmarked-signer.der"))
        #expect(throws: AttestationError(code: .chain)) { try receipt.verify(trustedRoots: [Self.file("root.der")], now: Self.moment) }
    }

    @Test("a refreshed receipt gives its risk metric and not-before time, verifies for its key, and expires")
    func refreshedReceipt() throws {
        let receipt = try AppAttestReceipt(der: Self.file("refreshed-test-pki.der"))
        let roots = [try Self.file("root.der")]
        #expect(receipt.type == "RECEIPT")
        #expect(receipt.riskMetric == 7)
        #expect(receipt.notBefore == ReceiptTimestamp.date("2024-04-19T17:00:00.5Z"))
        #expect(receipt.creationTime == ReceiptTimestamp.date("2024-04-18T17:00:00.5Z"))
        #expect(receipt.expirationTime == ReceiptTimestamp.date("2024-07-17T17:00:00.5Z"))
        #expect(receipt.token == "refreshed-token")
        #expect(receipt.environment == "production")
        try receipt.verify(trustedRoots: roots, now: Self.moment)
        // The not-before time is when to refresh, not when validity starts.
        try receipt.verify(trustedRoots: roots, now: receipt.creationTime.addingTimeInterval(60))
        #expect(throws: AttestationError(code: .receiptExpired)) { try receipt.verify(trustedRoots: roots, now: receipt.expirationTime) }
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        try receipt.verifyIssued(to: vector.attestedKey, appID: vector.appId)
        try receipt.verifyIssued(toCredentialCertificate: vector.credentialCertificate, appID: vector.appId)
        #expect(receipt.attestedCertificate == (try Self.file("apple-guide-leaf.der")))
    }
}
