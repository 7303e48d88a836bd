import Foundation
import Testing
import X509Certificates

/// `CertificatePublicKey`, `isSignatureValid(issuerKey:)` and `CertificateChainVerifier`
/// over the test PKI: a P-384 root, P-256 and RSA-2048 intermediates, leaves, and a second
/// PKI with the same names under another root.
@Suite("Signatures and chains")
struct SignatureAndChainTests {
    private func key(_ name: String) throws -> CertificatePublicKey {
        try CertificatePublicKey(of: Fixtures.certificate(name))
    }

    private func chain(_ names: String...) throws -> [Certificate] {
        try names.map { try Fixtures.certificate($0) }
    }

    private let inside = utc("2026-01-01T00:00:00Z")

    @Test("CertificatePublicKey loads RSA-2048, P-256 and P-384 keys and keeps their SPKI", arguments: ["intermediate-rsa", "intermediate-p256", "root-p384"])
    func loadsKeys(name: String) throws {
        let key = try key(name)
        #expect(key.subjectPublicKeyInfo == (try Fixtures.bytes("\(name).spki.der")))
    }

    @Test("CertificatePublicKey refuses bytes that are not exactly one SubjectPublicKeyInfo")
    func refusesBadKeys() throws {
        let spki = try Fixtures.bytes("leaf-p256.spki.der")
        #expect(throws: CertificateError(code: .unsupportedKey)) { try CertificatePublicKey(subjectPublicKeyInfo: spki + [0]) }
        #expect(throws: CertificateError(code: .unsupportedKey)) { try CertificatePublicKey(subjectPublicKeyInfo: Array(spki.dropLast())) }
        #expect(throws: CertificateError(code: .unsupportedKey)) { try CertificatePublicKey(subjectPublicKeyInfo: [0x30, 0x00]) }
    }

    @Test(
        "A signature verifies with the issuer's key only",
        arguments: [
            ("intermediate-p256", "root-p384", true),  // ECDSA P-384 / SHA-384
            ("intermediate-rsa", "root-p384", true),
            ("leaf-p256", "intermediate-p256", true),  // ECDSA P-256 / SHA-256
            ("leaf-rsa-issued", "intermediate-rsa", true),  // RSA PKCS#1 v1.5 / SHA-256
            ("root-p384", "root-p384", true),  // self-signed
            ("leaf-p256", "root-p384", false),
            ("leaf-rsa-issued", "intermediate-p256", false),
            ("other-intermediate", "root-p384", false),  // same names, other root
            ("other-leaf", "intermediate-p256", false),
        ])
    func signatures(child: String, issuer: String, valid: Bool) throws {
        #expect(try Fixtures.certificate(child).isSignatureValid(issuerKey: key(issuer)) == valid)
    }

    @Test("A changed byte in the signed part, or in the signature, makes the signature invalid")
    func tampered() throws {
        let issuer = try key("intermediate-p256")
        var der = try Fixtures.bytes("leaf-p256.der")
        let nameAt = try #require(der.firstRange(of: Array("Device Leaf".utf8))).lowerBound
        der[nameAt] ^= 0x20  // "device Leaf": still a valid certificate, no longer the signed one
        #expect(try !Certificate(der: der).isSignatureValid(issuerKey: issuer))
        var signature = try Fixtures.bytes("leaf-p256.der")
        signature[signature.count - 3] ^= 0x01
        #expect(try !Certificate(der: signature).isSignatureValid(issuerKey: issuer))
    }

    @Test("A chain to the trusted root verifies at a time inside every validity period")
    func accepts() throws {
        let verifier = try CertificateChainVerifier(trustedRoots: [Fixtures.certificate("root-p384")])
        try verifier.verify(chain("leaf-p256", "intermediate-p256"), at: inside)
        try verifier.verify(chain("leaf-rsa-issued", "intermediate-rsa"), at: inside)
        try verifier.verify(chain("leaf-p256", "intermediate-p256", "root-p384"), at: inside)  // the root may be sent along
        try verifier.verify(chain("intermediate-p256"), at: inside)
        try verifier.verify(chain("leaf-expired", "intermediate-p256"), at: utc("2024-03-01T00:00:00Z"))
    }

    @Test(
        "Outside any certificate's validity the chain is refused as expired",
        arguments: [
            ("leaf-p256", "2024-12-31T23:59:59Z"),  // leaf not yet valid
            ("leaf-p256", "2027-01-01T00:00:01Z"),  // leaf expired
            ("leaf-p256", "2041-01-01T00:00:00Z"),  // intermediate expired as well
            ("leaf-expired", "2026-01-01T00:00:00Z"),
            ("leaf-not-yet-valid", "2026-01-01T00:00:00Z"),
        ])
    func expired(leaf: String, time: String) throws {
        let verifier = try CertificateChainVerifier(trustedRoots: [Fixtures.certificate("root-p384")])
        #expect(throws: CertificateError(code: .expired)) { try verifier.verify(chain(leaf, "intermediate-p256"), at: utc(time)) }
    }

    @Test("A chain to another root is untrusted, even when that root is sent in the chain")
    func untrusted() throws {
        let verifier = try CertificateChainVerifier(trustedRoots: [Fixtures.certificate("root-p384")])
        #expect(throws: CertificateError(code: .untrusted)) { try verifier.verify(chain("other-leaf", "other-intermediate"), at: inside) }
        #expect(throws: CertificateError(code: .untrusted)) {
            try verifier.verify(chain("other-leaf", "other-intermediate", "other-root"), at: inside)
        }
        #expect(throws: CertificateError(code: .untrusted)) { try verifier.verify(chain("other-root"), at: inside) }
        #expect(throws: CertificateError(code: .untrusted)) { try verifier.verify(chain("leaf-p256"), at: inside) }  // intermediate missing
        #expect(throws: CertificateError(code: .untrusted)) { try verifier.verify([], at: inside) }
    }

    @Test("A leaf under an intermediate with the right name but the wrong key does not verify")
    func wrongIntermediate() throws {
        let verifier = try CertificateChainVerifier(trustedRoots: [Fixtures.certificate("root-p384")])
        do {
            try verifier.verify(chain("other-leaf", "intermediate-p256"), at: inside)
            Issue.record("a leaf signed by another key verified")
        } catch let error as CertificateError {
            #expect([CertificateError.Code.untrusted, .badSignature].contains(error.code), "\(error)")
        }
    }

    @Test("A verifier needs at least one trusted root, and trusts only the ones it is given")
    func roots() throws {
        #expect(throws: CertificateError(code: .untrusted)) { try CertificateChainVerifier(trustedRoots: []) }
        let other = try CertificateChainVerifier(trustedRoots: [Fixtures.certificate("other-root")])
        try other.verify(chain("other-leaf", "other-intermediate"), at: inside)
        #expect(throws: CertificateError(code: .untrusted)) { try other.verify(chain("leaf-p256", "intermediate-p256"), at: inside) }
        let both = try CertificateChainVerifier(trustedRoots: [Fixtures.certificate("other-root"), Fixtures.certificate("root-p384")])
        try both.verify(chain("leaf-p256", "intermediate-p256"), at: inside)
        try both.verify(chain("other-leaf", "other-intermediate"), at: inside)
    }

    @Test("An intermediate given as a trusted root is not a trust anchor")
    func intermediateAsRoot() throws {
        let verifier = try CertificateChainVerifier(trustedRoots: [Fixtures.certificate("intermediate-p256")])
        #expect(throws: CertificateError.self) { try verifier.verify(chain("leaf-p256"), at: inside) }
    }
}
