@testable import Attestation
import DeviceTrustCrypto
import Foundation
import Testing
import X509Certificates

/// Apple's receipts from every App Attest vector: parsed field by field, verified under
/// Apple Root CA - G3 where their signature is Apple's, and refused when expired, altered,
/// under another root, or checked against another key.
@Suite("App Attest receipts")
struct AppAttestReceiptTests {
    @Test("every vector's receipt parses: its app, its key's certificate, type ATTEST, 90 days of validity", arguments: AppAttestReceiptVectors.all)
    func parses(_ vector: AppAttestVectors.Attestation) throws {
        let receipt = try AppAttestReceipt(der: vector.receiptBytes)
        #expect(receipt.appID == vector.appId)
        #expect(receipt.type == "ATTEST")
        #expect(receipt.riskMetric == nil)
        #expect(receipt.notBefore == nil)
        #expect(!receipt.token.isEmpty)
        #expect(!receipt.clientHash.isEmpty)
        #expect(receipt.expirationTime.timeIntervalSince(receipt.creationTime) == 90 * 86_400)
        let certificate = try Certificate(der: receipt.attestedCertificate)
        #expect(Data(certificate.publicKey) == vector.publicKey)
        if !vector.name.contains("--NEG-") {
            #expect(receipt.attestedCertificate == vector.credentialCertificate)
        }
    }

    @Test(
        "a valid vector's receipt carries the environment and creation time openssl asn1parse shows", arguments: AppAttestVectors.attestations.filter(\.isValid)
    )
    func pinnedFields(_ vector: AppAttestVectors.Attestation) throws {
        let pinned = try #require(AppAttestReceiptVectors.pinned[vector.name], "pin \(vector.name)'s receipt fields")
        let receipt = try AppAttestReceipt(der: vector.receiptBytes)
        #expect(receipt.environment == pinned.environment)
        #expect(receipt.creationTime == ReceiptTimestamp.date(pinned.creationTime))
        #expect(receipt.environment == (vector.environment == "production" ? "production" : "sandbox"))
    }

    @Test(
        "a receipt verifies under the built-in Apple Root CA - G3 exactly when its CMS signature is Apple's (receipt_cms_signature_ok)",
        arguments: AppAttestReceiptVectors.all)
    func signatureVerdict(_ vector: AppAttestVectors.Attestation) throws {
        let receipt = try AppAttestReceipt(der: vector.receiptBytes)
        let now = AppAttestReceiptVectors.moment(of: receipt)
        if vector.receiptCmsSignatureOk {
            try receipt.verify(now: now)
            try receipt.verifyIssued(toCredentialCertificate: receipt.attestedCertificate, appID: vector.appId)
        } else {
            #expect(throws: AttestationError(code: .receiptSignature)) { try receipt.verify(now: now) }
        }
    }

    @Test("at today's date and after its expiration time every receipt is refused", arguments: AppAttestReceiptVectors.all.filter(\.receiptCmsSignatureOk))
    func expiry(_ vector: AppAttestVectors.Attestation) throws {
        let receipt = try AppAttestReceipt(der: vector.receiptBytes)
        for now in [Date(), receipt.expirationTime, receipt.expirationTime.addingTimeInterval(1)] {
            // `chain` when the signer's certificate expired first (2024-04-06 for the early-2024 receipts).
            #expect(throws: AttestationError.self) { try receipt.verify(now: now) }
            #expect(!Self.verifies(receipt, now: now))
        }
    }

    @Test("a receipt whose signer is still valid is refused after its expiration time with receiptExpired")
    func expiredWithValidSigner() throws {
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        let receipt = try AppAttestReceipt(der: vector.receiptBytes)
        try receipt.verify(now: receipt.expirationTime.addingTimeInterval(-1))
        #expect(throws: AttestationError(code: .receiptExpired)) { try receipt.verify(now: receipt.expirationTime) }
        #expect(throws: AttestationError(code: .receiptExpired)) { try receipt.verify(now: receipt.expirationTime.addingTimeInterval(86_400)) }
    }

    @Test("under another root (App Attest's own), no root, or a root that does not parse, a genuine receipt fails with chain")
    func wrongRoot() throws {
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        let receipt = try AppAttestReceipt(der: vector.receiptBytes)
        let now = AppAttestReceiptVectors.moment(of: receipt)
        let appAttestRoot = try #require(try Certificate.certificates(fromPEM: AppleAppAttestationRootCA.pem).first)
        for roots in [[Data(appAttestRoot.der)], [], [Data([0x30, 0x00])]] {
            #expect(throws: AttestationError(code: .chain)) { try receipt.verify(trustedRoots: roots, now: now) }
        }
        let g3 = try #require(try Certificate.certificates(fromPEM: AppleRootCAG3.pem).first)
        try receipt.verify(trustedRoots: [Data(g3.der)], now: now)
    }

    @Test("a receipt is refused for another key's credential certificate, another app, or another environment")
    func anotherKeysReceipt() throws {
        let mine = try #require(AppAttestVectors.attestation("veehaitch-ios-14.2-dev"))
        let other = try #require(AppAttestVectors.attestation("veehaitch-ios-14.3-dev"))
        #expect(mine.appId == other.appId)
        let receipt = try AppAttestReceipt(der: mine.receiptBytes)
        try receipt.verify(now: AppAttestReceiptVectors.moment(of: receipt))

        try receipt.verifyIssued(toCredentialCertificate: mine.credentialCertificate, appID: mine.appId)
        try receipt.verifyIssued(to: mine.attestedKey, appID: mine.appId)
        #expect(throws: AttestationError(code: .receiptMismatch)) {
            try receipt.verifyIssued(toCredentialCertificate: other.credentialCertificate, appID: other.appId)
        }
        #expect(throws: AttestationError(code: .receiptMismatch)) { try receipt.verifyIssued(to: other.attestedKey, appID: other.appId) }
        #expect(throws: AttestationError(code: .receiptMismatch)) {
            try receipt.verifyIssued(toCredentialCertificate: mine.credentialCertificate, appID: "ABCDE12345.com.example.other")
        }
        #expect(throws: AttestationError(code: .receiptMismatch)) { try receipt.verifyIssued(to: mine.attestedKey, appID: "ABCDE12345.com.example.other") }
        let asProduction = AttestedKey(publicKey: mine.publicKey, counter: 0, receipt: mine.receiptBytes, environment: .production)
        #expect(throws: AttestationError(code: .receiptMismatch)) { try receipt.verifyIssued(to: asProduction, appID: mine.appId) }
    }

    @Test("every receipt verifies for the key its own attestation verifies to", arguments: AppAttestVectors.attestations.filter(\.isValid))
    func receiptOfTheAttestedKey(_ vector: AppAttestVectors.Attestation) throws {
        let environment = try #require(AppAttestVerifier.Environment(rawValue: vector.environment))
        let date = vector.date
        let key = try AppAttestVerifier(appID: vector.appId, environment: environment, now: { date })
            .verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        let receipt = try AppAttestReceipt(der: key.receipt)
        try receipt.verifyIssued(to: key, appID: vector.appId)
    }

    @Test("one byte flipped anywhere in the signed payload: the receipt no longer parses or no longer verifies")
    func flippedPayloadByte() throws {
        let (bytes, now) = try Self.appleGuideReceipt()
        let content = try CMSSignedMessage(ber: bytes).content
        let start = try #require(bytes.firstRange(of: content.prefix(64))?.lowerBound)
        let run = zip(bytes[start...], content).prefix { $0.0 == $0.1 }.count
        #expect(run >= 900, "the payload's first BER chunk is \(run) bytes")
        var refusedBySignature = 0
        for offset in start..<(start + run) {
            var mutated = bytes
            mutated[offset] ^= 0x01
            guard let parsed = try? AppAttestReceipt(der: Data(mutated)) else { continue }
            #expect(throws: AttestationError(code: .receiptSignature), "byte \(offset) flipped") { try parsed.verify(now: now) }
            refusedBySignature += 1
        }
        #expect(refusedBySignature > run / 2, "most flips parse and must then fail on the signature")
    }

    @Test("one byte flipped in the signature or the signer's certificate: refused")
    func flippedSignatureByte() throws {
        let (bytes, now) = try Self.appleGuideReceipt()
        let signer = try #require(try CMSSignedMessage(ber: bytes).certificates.first)
        let signerStart = try #require(bytes.firstRange(of: signer.der)?.lowerBound)
        // The last bytes are the signature value's (then the end-of-contents octets).
        let signatureByte = bytes.count - 20
        for offset in [signatureByte, signerStart + signer.der.count - 10, signerStart + 200] {
            var mutated = bytes
            mutated[offset] ^= 0x01
            #expect(!Self.verifies(Data(mutated), now: now), "byte \(offset) flipped")
        }
    }

    @Test("bytes that are not one CMS SignedData message are malformed: empty, garbage, truncated, trailing, oversized")
    func malformedEnvelopes() throws {
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        let bytes = vector.receiptBytes
        for input in [Data(), Data("not a receipt".utf8), bytes.prefix(bytes.count / 2), bytes + [0x00], Data(count: AppAttestReceipt.maximumSize + 1)] {
            #expect(throws: AttestationError(code: .malformed)) { try AppAttestReceipt(der: input) }
        }
    }

    @Test("the built-in Apple Root CA - G3 hashes to Apple's published fingerprint and is the root every real receipt carries")
    func builtInRoot() throws {
        let roots = try Certificate.certificates(fromPEM: AppleRootCAG3.pem)
        let root = try #require(roots.first)
        #expect(roots.count == 1)
        #expect(SHA256.hash(data: root.der).map { String(format: "%02x", $0) }.joined() == "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179")
        #expect(root.subjectSummary.contains("Apple Root CA - G3"))
        for vector in AppAttestReceiptVectors.all {
            #expect(try CMSSignedMessage(ber: [UInt8](vector.receiptBytes)).certificates.last == root, "\(vector.name)")
        }
    }

    /// The receipt of Apple's guide sample, and a moment at which it verifies.
    static func appleGuideReceipt() throws -> (bytes: [UInt8], now: Date) {
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        let receipt = try AppAttestReceipt(der: vector.receiptBytes)
        return ([UInt8](vector.receiptBytes), AppAttestReceiptVectors.moment(of: receipt))
    }

    static func verifies(_ receipt: AppAttestReceipt, now: Date) -> Bool { (try? receipt.verify(now: now)) != nil }

    static func verifies(_ bytes: Data, now: Date) -> Bool {
        guard let receipt = try? AppAttestReceipt(der: bytes) else { return false }
        return verifies(receipt, now: now)
    }
}
