@testable import Attestation
import DeviceTrustCrypto
import Foundation
import Testing
import X509Certificates

/// The built-in trust anchor is Apple's App Attestation Root CA, byte for byte.
@Suite("App Attest built-in root")
struct AppAttestRootCATests {
    @Test("the built-in root's DER hashes to Apple's published SHA-256 and equals the vendored PEM")
    func pinnedRoot() throws {
        let builtIn = try Certificate.certificates(fromPEM: AppleAppAttestationRootCA.pem)
        #expect(builtIn.count == 1)
        let root = try #require(builtIn.first)
        let hex = SHA256.hash(data: root.der).map { String(format: "%02x", $0) }.joined()
        #expect(hex == "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932")
        #expect(try Certificate.certificates(fromPEM: AppAttestVectors.rootPEM) == builtIn)
        #expect(root.subjectSummary.contains("Apple App Attestation Root CA"))
    }

    @Test("passing the same root explicitly gives the same verdicts as the built-in default")
    func explicitRoot() throws {
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        let root = try #require(try Certificate.certificates(fromPEM: AppleAppAttestationRootCA.pem).first)
        let date = vector.date
        let verifier = AppAttestVerifier(appID: vector.appId, environment: .production, trustedRoots: [Data(root.der)], now: { date })
        let key = try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        #expect(key.publicKey == vector.publicKey)
    }

    @Test("roots that do not parse, or none at all, fail every attestation closed with chain")
    func unusableRoots() throws {
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        let date = vector.date
        for roots in [[Data([0x30, 0x00])], []] {
            let verifier = AppAttestVerifier(appID: vector.appId, environment: .production, trustedRoots: roots, now: { date })
            #expect(throws: AttestationError(code: .chain)) {
                try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
            }
        }
    }
}
