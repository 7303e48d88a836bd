import Attestation
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation

/// App Attest verification through `AppAttestVerifier`'s public API, on objects an
/// emulated device made under an emulated Apple CA (P-384 root and intermediate, P-256
/// leaf: the shape of Apple's). One verifier is made before the timed loops and reused,
/// as a server does, so its chain cache holds the intermediate after the first call.
struct AttestationWorkloads {
    private let verifier: AppAttestVerifier
    private let attestationObject: Data
    private let keyID: Data
    private let clientDataHash: Data
    private let assertion: Data
    private let clientData: Data
    private let publicKey: Data

    struct SetupFailed: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        let now = Date()
        let authority = try AppAttestAuthority(now: { now })
        let appID = "TEAMID1234.com.example.bank"
        let service = EmulatedAppAttestService(appID: appID, environment: .production, authority: authority)
        let keyIdentifier = service.generateKey()
        guard let keyID = Data(base64Encoded: keyIdentifier) else { throw SetupFailed(description: "the key id is not base64") }
        clientDataHash = Data(SHA256.hash(data: Data("devicetrust-v1 enrollment payload".utf8)))
        attestationObject = try service.attestKey(keyIdentifier, clientDataHash: clientDataHash)
        self.keyID = keyID
        clientData = Data(#"{"challenge":"approve transfer 25 EUR"}"#.utf8)
        assertion = try service.generateAssertion(keyIdentifier, clientDataHash: Data(SHA256.hash(data: clientData)))
        verifier = AppAttestVerifier(appID: appID, environment: .production, trustedRoots: [Data(authority.rootCertificate.der)], now: { now })
        let attested = try verifier.verifyAttestation(attestationObject, keyID: keyID, clientDataHash: clientDataHash)
        publicKey = attested.publicKey
        guard try verifier.verifyAssertion(assertion, clientData: clientData, publicKey: publicKey, previousCounter: 0) == 1 else {
            throw SetupFailed(description: "the first assertion does not carry counter 1")
        }
    }

    /// Attestation objects verified per second (all of Apple's steps, chain included).
    func attestations(seconds: Int) throws -> Double {
        try RateMeter.measure(seconds: seconds) {
            blackHole(try verifier.verifyAttestation(attestationObject, keyID: keyID, clientDataHash: clientDataHash))
        }.perSecond
    }

    /// Assertions verified per second (CBOR, nonce, ECDSA P-256, rpIdHash, counter).
    func assertions(seconds: Int) throws -> Double {
        try RateMeter.measure(seconds: seconds) {
            blackHole(try verifier.verifyAssertion(assertion, clientData: clientData, publicKey: publicKey, previousCounter: 0))
        }.perSecond
    }
}
