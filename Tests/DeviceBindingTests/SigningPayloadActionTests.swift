import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing

@Suite("The client signs only the action it shows")
struct SigningPayloadActionTests {
    @Test("a payload confirms the action it was issued for, whatever member order the client holds")
    func confirmsSameAction() throws {
        let payload = try Fixtures.challengePayload()
        #expect(payload.confirms(action: Fixtures.action))
        let reordered = try JSONValue(parsing: Data(#"{ "currency": "EUR", "to": "alice", "amount": "10.00" }"#.utf8))
        #expect(payload.confirms(action: reordered))
    }

    @Test("a payload does not confirm a different action, or no action")
    func refusesOtherAction() throws {
        let payload = try Fixtures.challengePayload()
        #expect(!payload.confirms(action: ["to": "mallory", "amount": "10.00", "currency": "EUR"]))
        #expect(!payload.confirms(action: ["to": "alice", "amount": "10.00", "currency": "EUR", "memo": ""]))
        #expect(!payload.confirms(action: nil))
    }

    @Test("a payload without an action confirms only the absence of one")
    func noAction() throws {
        let payload = try SigningPayload.challenge(
            id: "c", nonce: Fixtures.nonce, account: "a", device: "d", key: .biometric, purpose: .unlock,
            action: nil, expires: Fixtures.expires
        )
        #expect(payload.confirms(action: nil))
        #expect(!payload.confirms(action: Fixtures.action))
        #expect(!payload.confirms(action: [:]))
    }

    @Test("a signature over the rendered bytes verifies, and fails for a payload that differs in one field")
    func signatureBinding() throws {
        let key = P256.Signing.PrivateKey()
        let payload = try Fixtures.challengePayload()
        let signature = try key.signature(for: payload.rendered)
        #expect(payload.isValidSignature(signature, by: key.publicKey))
        let other = try SigningPayload.challenge(
            id: "ch_123", nonce: Fixtures.nonce, account: "acct-42", device: "dev-7", key: .biometric, purpose: .action,
            action: ["to": "mallory", "amount": "10.00", "currency": "EUR"], expires: Fixtures.expires
        )
        #expect(!other.isValidSignature(signature, by: key.publicKey))
    }
}

@Suite("An action held as a Swift type hashes like the same JSON")
struct EncodableActionTests {
    struct Payment: Encodable {
        var to: String
        var amount: String
        var currency: String
    }

    @Test("a Codable struct and the equivalent JSONValue confirm the same payload")
    func encodableAction() throws {
        let action = try JSONValue(encoding: Payment(to: "alice", amount: "10.00", currency: "EUR"))
        #expect(action == Fixtures.action)
        #expect(try Fixtures.challengePayload().confirms(action: action))
    }
}

@Suite("Enrollment and challenge round trip between a device and a server")
struct ProtocolRoundTripTests {
    @Test("a device proves its key over the enrollment payload; the server verifies what arrives on the wire")
    func enrollmentProof() throws {
        // Server: issue.
        let created = EnrollmentCreated(payload: try Fixtures.enrollmentPayload())
        let createdBody = try WireCoding.encode(created)
        // Device: parse, sign, answer.
        let payload = try WireCoding.decode(EnrollmentCreated.self, from: createdBody).decodedPayload()
        let deviceKey = P256.Signing.PrivateKey()
        let registration = KeyRegistration(key: deviceKey.publicKey, proof: try deviceKey.signature(for: payload.rendered))
        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "iPhone", deviceKey: registration, biometricKey: nil, pin: try PIN("123456")
        )
        // Server: verify.
        let received = try WireCoding.decode(EnrollmentCompletion.self, from: WireCoding.encode(completion))
        let issued = try Fixtures.enrollmentPayload()
        #expect(issued.isValidSignature(try received.deviceKey.decodedProof(), by: try received.deviceKey.decodedPublicKey()))
        #expect(received.pin == (try PIN("123456")))
    }

    @Test("a response signature decodes from the wire and verifies against the issued challenge only")
    func challengeResponse() throws {
        let key = P256.Signing.PrivateKey()
        let payload = try Fixtures.challengePayload()
        let response = ChallengeResponse(signature: SignatureEncoding.encode(try key.signature(for: payload.rendered)))
        let received = try WireCoding.decode(ChallengeResponse.self, from: WireCoding.encode(response))
        #expect(payload.isValidSignature(try received.decodedSignature(), by: key.publicKey))
        #expect(!(try Fixtures.enrollmentPayload()).isValidSignature(try received.decodedSignature(), by: key.publicKey))
    }
}
