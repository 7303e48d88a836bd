import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing
@testable import TrustServer

@Suite("Challenge and response rules")
struct ChallengeServiceTests {
    @Test("a biometric unlock returns a token with the contract's claims")
    func unlockIssuesToken() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        let payload = try created.decodedPayload()
        #expect(payload.kind == .challenge)
        #expect(payload.device == phone.deviceId)
        #expect(payload.key == .biometric)
        #expect(payload.purpose == .unlock)
        #expect(payload.actionSHA256 == nil)
        #expect(payload.nonce.count == 32)
        let token = try #require(
            try fixture.service.respond(
                challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.biometricKey!))))
        #expect(token.tokenType == "Bearer")
        #expect(token.expiresIn == 300)
        let claims = try fixture.verifier().verify(token.accessToken)
        #expect(claims.subject == "acct-42")
        #expect(claims.deviceID == phone.deviceId)
        #expect(claims.key == "biometric")
        #expect(claims.purpose == "unlock")
        #expect(claims.actionSHA256 == nil)
        #expect(claims.issuer == "devicetrust" && claims.audience == "devicetrust")
        #expect(claims.expiresAt.timeIntervalSince(claims.issuedAt) <= 300)
        #expect(try fixture.store.device(id: phone.deviceId)?.lastUsedAt != nil)
    }

    @Test("lastUsedAt is written by the first accepted response, then at most once a minute")
    func lastUsedAtResolution() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        func approve() throws {
            let created = try fixture.challenge(phone, key: .biometric)
            _ = try fixture.service.respond(
                challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.biometricKey!)))
        }
        func lastUsedAt() throws -> Date? { try fixture.store.device(id: phone.deviceId)?.lastUsedAt }
        #expect(try lastUsedAt() == nil)
        let first = fixture.clock.now
        try approve()
        #expect(try lastUsedAt() == first)
        fixture.clock.advance(by: 59)
        try approve()
        #expect(try lastUsedAt() == first, "within the minute: not rewritten")
        fixture.clock.advance(by: 1)
        try approve()
        #expect(try lastUsedAt() == first.addingTimeInterval(60), "a minute later: rewritten")
    }

    @Test("a device revoked after its challenge was issued cannot answer it; the challenge is used up")
    func revokedAfterIssue() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        try fixture.store.revokeDevice(id: phone.deviceId, now: fixture.clock.now)
        let response = ChallengeResponse(signature: try fixture.sign(created, with: phone.biometricKey!))
        expectProblem(.deviceRevoked) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
        expectProblem(.challengeConsumed) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
    }

    @Test("a replayed response is refused")
    func replayRefused() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        let response = ChallengeResponse(signature: try fixture.sign(created, with: phone.biometricKey!))
        _ = try fixture.service.respond(challengeId: created.challengeId, response)
        expectProblem(.challengeConsumed) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
    }

    @Test("an action is hashed in canonical form, and action A's signature never approves action B")
    func actionBinding() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let actionA: JSONValue = ["type": "transfer", "amount": 100, "to": "alice"]
        let actionB: JSONValue = ["type": "transfer", "amount": 9_999, "to": "mallory"]
        let challengeA = try fixture.challenge(phone, key: .biometric, purpose: .action, action: actionA)
        let challengeB = try fixture.challenge(phone, key: .biometric, purpose: .action, action: actionB)
        #expect(try challengeA.decodedPayload().actionSHA256 == actionA.canonicalSHA256Hex())
        #expect(try challengeA.decodedPayload().confirms(action: actionA))
        // The signature over A's payload sent as the answer to B.
        let signatureA = try fixture.sign(challengeA, with: phone.biometricKey!)
        expectProblem(.signatureInvalid) { _ = try fixture.service.respond(challengeId: challengeB.challengeId, ChallengeResponse(signature: signatureA)) }
        // A itself is approved, and the token carries A's hash.
        let token = try #require(try fixture.service.respond(challengeId: challengeA.challengeId, ChallengeResponse(signature: signatureA)))
        let claims = try fixture.verifier().verify(token.accessToken)
        #expect(claims.purpose == "action")
        #expect(claims.actionSHA256 == (try actionA.canonicalSHA256Hex()))
    }

    @Test("purpose action needs an action, other purposes refuse one")
    func actionPresence() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        expectProblem(.malformedRequest) { _ = try fixture.challenge(phone, key: .biometric, purpose: .action) }
        expectProblem(.malformedRequest) { _ = try fixture.challenge(phone, key: .biometric, purpose: .unlock, action: ["a": 1]) }
        expectProblem(.malformedRequest) { _ = try fixture.challenge(phone, key: .biometric, purpose: .pinChange) }
    }

    @Test("a biometric challenge cannot be answered with the device key")
    func keyKindBinding() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        let response = ChallengeResponse(signature: try fixture.sign(created, with: phone.deviceKey), pin: TestPhone.pin)
        expectProblem(.signatureInvalid) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
        #expect(try fixture.failedPINAttempts(phone) == 0)
    }

    @Test("another device's key never answers this device's challenge")
    func deviceBinding() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        var other = TestPhone()
        try fixture.enroll(&phone)
        try fixture.enroll(&other)
        let created = try fixture.challenge(phone, key: .biometric)
        expectProblem(.signatureInvalid) {
            _ = try fixture.service.respond(challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: other.biometricKey!)))
        }
    }

    @Test("unknown device, missing key kind, unknown and expired challenges")
    func lookupFailures() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        phone.biometricKey = nil
        try fixture.enroll(&phone)
        expectProblem(.notFound) {
            _ = try fixture.service.createChallenge(ChallengeRequest(deviceId: "nope", key: .device, purpose: .unlock))
        }
        expectProblem(.keyNotEnrolled) { _ = try fixture.challenge(phone, key: .biometric) }
        expectProblem(.notFound) {
            _ = try fixture.service.respond(challengeId: "nope", ChallengeResponse(signature: "AA"))
        }
        let created = try fixture.challenge(phone, key: .device)
        fixture.clock.advance(by: 120)
        expectProblem(.challengeExpired) {
            _ = try fixture.service.respond(
                challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.deviceKey), pin: TestPhone.pin))
        }
    }

    @Test("the challenge TTL is configurable")
    func configurableTTL() throws {
        let fixture = try ServiceFixture(configuration: DeviceTrustConfiguration(challengeTTL: 5))
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        #expect(try created.decodedPayload().expires.secondsSince1970 == Int64(fixture.clock.now.timeIntervalSince1970) + 5)
        fixture.clock.advance(by: 6)
        expectProblem(.challengeExpired) {
            _ = try fixture.service.respond(challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.biometricKey!)))
        }
    }

    @Test("a signature that is not strict DER is malformed_request and consumes the challenge")
    func nonDERSignature() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        let raw = try phone.biometricKey!.signature(for: Base64URL.decode(created.signingPayload)).rawRepresentation
        expectProblem(.malformedRequest) {
            _ = try fixture.service.respond(challengeId: created.challengeId, ChallengeResponse(signature: Base64URL.encode(raw)))
        }
        expectProblem(.challengeConsumed) {
            _ = try fixture.service.respond(challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.biometricKey!)))
        }
    }

    @Test("50 concurrent responses to one challenge: exactly one succeeds")
    func concurrentResponses() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        let response = ChallengeResponse(signature: try fixture.sign(created, with: phone.biometricKey!))
        let tally = OutcomeTally()
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            do {
                _ = try fixture.service.respond(challengeId: created.challengeId, response)
                tally.record("success")
            } catch let problem as Problem {
                tally.record(problem.code.rawValue)
            } catch {
                tally.record("\(error)")
            }
        }
        #expect(tally.count("success") == 1)
        #expect(tally.count("challenge_consumed") == 49)
        #expect(tally.all.count == 50)
    }

    @Test("log lines never carry PINs, tokens, keys or signatures")
    func logsCarryNoSecrets() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .device)
        let signature = try fixture.sign(created, with: phone.deviceKey)
        expectProblem(.pinInvalid) {
            _ = try fixture.service.respond(challengeId: created.challengeId, ChallengeResponse(signature: signature, pin: TestPhone.wrongPIN))
        }
        let second = try fixture.challenge(phone, key: .device)
        let token = try #require(
            try fixture.service.respond(
                challengeId: second.challengeId, ChallengeResponse(signature: fixture.sign(second, with: phone.deviceKey), pin: TestPhone.pin)))
        let text = fixture.log.lines.joined(separator: "\n")
        #expect(!text.isEmpty)
        for secret in ["123456", "654321", signature, token.accessToken, PublicKeyEncoding.encode(phone.deviceKey.publicKey), created.signingPayload] {
            #expect(!text.contains(secret))
        }
    }
}
