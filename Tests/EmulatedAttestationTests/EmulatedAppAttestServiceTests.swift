import ASN1DER
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import Testing
import X509Certificates

@Suite("An emulated App Attest service produces what a device produces")
struct EmulatedAppAttestServiceTests {
    let authority: AppAttestAuthority
    let service: EmulatedAppAttestService

    init() throws {
        authority = try AppAttestAuthority()
        service = EmulatedAppAttestService(appID: "TEAMID1234.com.example.bank", environment: .development, authority: authority)
    }

    @Test("generateKey returns base64 of SHA-256 of a 65-byte point, unique per key")
    func keyIdentifiers() {
        let first = service.generateKey()
        let second = service.generateKey()
        #expect(first != second)
        #expect(Data(base64Encoded: first)?.count == 32)
    }

    @Test("the attestation object is CBOR {fmt, attStmt, authData} in Apple's key order")
    func attestationObjectLayout() throws {
        let keyID = service.generateKey()
        let object = try service.attestKey(keyID, clientDataHash: Data(SHA256.hash(data: Data("challenge".utf8))))
        // a3: map of 3; 63 'fmt'; 6f 'apple-appattest'; 67 'attStmt'
        #expect(Array(object.prefix(5)) == [0xA3, 0x63, 0x66, 0x6D, 0x74])
        #expect(object.range(of: Data("apple-appattest".utf8)) != nil)
        #expect(object.range(of: Data("authData".utf8)) != nil)
    }

    @Test("the credential certificate chains to the authority's root and carries the nonce extension")
    func credentialCertificateChains() throws {
        let keyID = service.generateKey()
        let object = try service.attestKey(keyID, clientDataHash: Data(repeating: 7, count: 32))
        let leafDER = try #require(Self.firstCertificate(in: object))
        let leaf = try Certificate(der: leafDER)
        let verifier = try CertificateChainVerifier(trustedRoots: [authority.rootCertificate])
        try verifier.verify([leaf, authority.intermediateCertificate], at: Date())
        #expect(leaf.extension("1.2.840.113635.100.8.2") != nil)
        #expect(Data(SHA256.hash(data: Data(leaf.publicKey))).base64EncodedString() == keyID)
    }

    @Test("a key is attested once, and assertions need an attested key")
    func attestOnce() throws {
        let keyID = service.generateKey()
        #expect(throws: EmulatedAttestationError(code: .notAttested)) {
            try service.generateAssertion(keyID, clientDataHash: Data(repeating: 1, count: 32))
        }
        _ = try service.attestKey(keyID, clientDataHash: Data(repeating: 1, count: 32))
        #expect(throws: EmulatedAttestationError(code: .alreadyAttested)) {
            try service.attestKey(keyID, clientDataHash: Data(repeating: 1, count: 32))
        }
        #expect(throws: EmulatedAttestationError(code: .invalidKey)) {
            try service.attestKey("bm8ta2V5", clientDataHash: Data(repeating: 1, count: 32))
        }
    }

    @Test("assertions count up from 1 and are signed over SHA-256(authData ‖ clientDataHash)")
    func assertionsCountUp() throws {
        let keyID = service.generateKey()
        let object = try service.attestKey(keyID, clientDataHash: Data(repeating: 2, count: 32))
        let leaf = try Certificate(der: try #require(Self.firstCertificate(in: object)))
        let publicKey = try P256.Signing.PublicKey(x963Representation: Data(leaf.publicKey))
        for expected in UInt32(1)...3 {
            let clientDataHash = Data(SHA256.hash(data: Data("request \(expected)".utf8)))
            let assertion = try service.generateAssertion(keyID, clientDataHash: clientDataHash)
            // {"signature": bytes, "authenticatorData": bytes(37)}: the last 37 bytes.
            let authData = assertion.suffix(37)
            #expect(Array(authData.dropFirst(33).prefix(4)) == withUnsafeBytes(of: expected.bigEndian, Array.init))
            #expect(authData[authData.startIndex + 32] == 0x40)
            let nonce = Data(SHA256.hash(data: Data(authData) + clientDataHash))
            let signatureDER = try #require(Self.byteString(after: "signature", in: assertion))
            let signature = try P256.Signing.ECDSASignature(derRepresentation: signatureDER)
            #expect(publicKey.isValidSignature(signature, for: nonce))
        }
    }

    /// The first certificate in x5c: the first byte string that starts with a DER SEQUENCE
    /// header after the text "x5c".
    static func firstCertificate(in object: Data) -> [UInt8]? {
        guard let x5c = object.range(of: Data("x5c".utf8)) else { return nil }
        let bytes = [UInt8](object[x5c.upperBound...])
        // 82 (array of 2), then 59 hh ll (byte string, 2-byte length).
        guard bytes.count > 4, bytes[0] == 0x82, bytes[1] == 0x59 else { return nil }
        let length = Int(bytes[2]) << 8 | Int(bytes[3])
        return Array(bytes[4..<(4 + length)])
    }

    static func byteString(after key: String, in object: Data) -> Data? {
        guard let range = object.range(of: Data(key.utf8)) else { return nil }
        let bytes = [UInt8](object[range.upperBound...])
        guard bytes.count > 2, bytes[0] == 0x58 else { return nil }
        return Data(bytes[2..<(2 + Int(bytes[1]))])
    }
}
