@testable import Attestation
import DeviceTrustCrypto
import Foundation
import Testing

/// Assertion checks beyond the vectors: counters, signature hashing, structure.
@Suite("App Attest assertion checks")
struct AppAttestAssertionTests {
    static let vector = AppAttestVectors.assertion("webauthn4j-kayak-assertion-c1")

    private func verify(
        _ vector: AppAttestVectors.Assertion, assertion: Data? = nil, clientData: Data? = nil,
        publicKey: Data? = nil, previousCounter: UInt32? = nil
    ) throws(AttestationError) -> UInt32 {
        try AppAttestVerifier(appID: vector.appId, environment: .production).verifyAssertion(
            assertion ?? vector.assertion, clientData: clientData ?? vector.clientData,
            publicKey: publicKey ?? vector.publicKey, previousCounter: previousCounter ?? vector.previousCounter
        )
    }

    @Test("a counter equal to the stored one is refused with counter; one below it is accepted")
    func counterMustGrow() throws {
        let vector = try #require(Self.vector)
        #expect(try verify(vector, previousCounter: vector.expectedCounter - 1) == vector.expectedCounter)
        #expect(throws: AttestationError(code: .counter)) { try verify(vector, previousCounter: vector.expectedCounter) }
        #expect(throws: AttestationError(code: .counter)) { try verify(vector, previousCounter: .max) }
    }

    @Test("a signature checked as if over a prehashed nonce would not verify: Apple signs the nonce as the message")
    func nonceIsTheMessage() throws {
        let vector = try #require(Self.vector)
        let object = try AppAttestAssertionObject([UInt8](vector.assertion))
        let key = try P256.Signing.PublicKey(x963Representation: vector.publicKey)
        let signature = try P256.Signing.ECDSASignature(derRepresentation: object.signature)
        let nonce = SHA256.hash(data: object.authenticatorData + Array(SHA256.hash(data: vector.clientData)))
        #expect(key.isValidSignature(signature, for: Array(nonce)))
        #expect(!key.isValidSignature(signature, for: nonce))
    }

    @Test("a stored key that is not a P-256 point fails with keyType")
    func storedKeyNotAPoint() throws {
        let vector = try #require(Self.vector)
        for key in [Data(), vector.publicKey.dropLast(), Data([0x04] + [UInt8](repeating: 0, count: 64))] {
            #expect(throws: AttestationError(code: .keyType)) { try verify(vector, publicKey: key) }
        }
    }

    @Test("an assertion with extra fields, a missing field, or trailing bytes fails with malformed")
    func malformed() throws {
        let vector = try #require(Self.vector)
        let map = try #require(try CBORDecoder.decode([UInt8](vector.assertion)).mapValue)
        let extra = Data(CBORTestEncoding.encode(.map(CBORTestEncoding.replacing("extra", with: .null, in: map))))
        let missing = Data(CBORTestEncoding.encode(.map(CBORMap(entries: map.entries.filter { $0.key != .textString("signature") }))))
        for assertion in [extra, missing, vector.assertion + [0], vector.assertion.dropLast(), Data()] {
            #expect(throws: AttestationError(code: .malformed)) { try verify(vector, assertion: assertion) }
        }
    }

    @Test("a signature that is not DER fails with signature")
    func signatureNotDER() throws {
        let vector = try #require(Self.vector)
        let map = try #require(try CBORDecoder.decode([UInt8](vector.assertion)).mapValue)
        let raw = CBORTestEncoding.replacing("signature", with: .byteString([UInt8](repeating: 1, count: 64)), in: map)
        #expect(throws: AttestationError(code: .signature)) { try verify(vector, assertion: Data(CBORTestEncoding.encode(.map(raw)))) }
    }

    @Test("altered authenticator data breaks the signature", arguments: [0, 32, 36])
    func alteredAuthenticatorData(index: Int) throws {
        let vector = try #require(Self.vector)
        let map = try #require(try CBORDecoder.decode([UInt8](vector.assertion)).mapValue)
        var authenticatorData = try #require(map[text: "authenticatorData"]?.byteStringValue)
        authenticatorData[index] ^= 0x01
        let changed = CBORTestEncoding.replacing("authenticatorData", with: .byteString(authenticatorData), in: map)
        #expect(throws: AttestationError(code: .signature)) { try verify(vector, assertion: Data(CBORTestEncoding.encode(.map(changed)))) }
    }
}
