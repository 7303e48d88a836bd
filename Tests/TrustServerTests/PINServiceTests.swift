import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing
@testable import TrustServer

@Suite("PIN rules")
struct PINServiceTests {
    private func deviceResponse(
        _ fixture: ServiceFixture, _ phone: TestPhone, pin: PIN?, purpose: Purpose = .unlock
    ) throws -> (ChallengeCreated, ChallengeResponse) {
        let created = try fixture.challenge(phone, key: .device, purpose: purpose)
        return (created, ChallengeResponse(signature: try fixture.sign(created, with: phone.deviceKey), pin: pin))
    }

    @Test("a device-key response needs the PIN; without it: malformed_request, consumed, not an attempt")
    func missingPIN() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let (created, response) = try deviceResponse(fixture, phone, pin: nil)
        expectProblem(.malformedRequest) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
        #expect(try fixture.failedPINAttempts(phone) == 0)
        var withPIN = response
        withPIN.pin = TestPhone.pin
        expectProblem(.challengeConsumed) { _ = try fixture.service.respond(challengeId: created.challengeId, withPIN) }
    }

    @Test("the PIN is checked only after a valid signature")
    func pinAfterSignature() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .device)
        let forged = ChallengeResponse(signature: try fixture.sign(created, with: P256.Signing.PrivateKey()), pin: TestPhone.wrongPIN)
        expectProblem(.signatureInvalid) { _ = try fixture.service.respond(challengeId: created.challengeId, forged) }
        #expect(try fixture.failedPINAttempts(phone) == 0)
    }

    @Test("five wrong PINs revoke the device; the fifth and every later use get device_revoked")
    func fiveWrongPINsRevoke() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        for remaining in [4, 3, 2, 1] {
            let (created, response) = try deviceResponse(fixture, phone, pin: TestPhone.wrongPIN)
            expectProblem(.pinInvalid, attemptsRemaining: remaining) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
        }
        // One more challenge issued before the fifth failure, answered afterwards.
        let (late, lateResponse) = try deviceResponse(fixture, phone, pin: TestPhone.pin)
        let (created, response) = try deviceResponse(fixture, phone, pin: TestPhone.wrongPIN)
        expectProblem(.deviceRevoked) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
        #expect(try fixture.store.device(id: phone.deviceId)?.isRevoked == true)
        expectProblem(.deviceRevoked) { _ = try fixture.service.respond(challengeId: late.challengeId, lateResponse) }
        expectProblem(.deviceRevoked) { _ = try fixture.challenge(phone, key: .biometric) }
        expectProblem(.deviceRevoked) { _ = try fixture.challenge(phone, key: .device) }
    }

    @Test("a correct PIN resets the count")
    func successResets() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        for remaining in [4, 3, 2, 1] {
            let (created, response) = try deviceResponse(fixture, phone, pin: TestPhone.wrongPIN)
            expectProblem(.pinInvalid, attemptsRemaining: remaining) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
        }
        let (good, goodResponse) = try deviceResponse(fixture, phone, pin: TestPhone.pin)
        let token = try #require(try fixture.service.respond(challengeId: good.challengeId, goodResponse))
        #expect(try fixture.verifier().verify(token.accessToken).key == "device")
        #expect(try fixture.failedPINAttempts(phone) == 0)
        let (created, response) = try deviceResponse(fixture, phone, pin: TestPhone.wrongPIN)
        expectProblem(.pinInvalid, attemptsRemaining: 4) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
    }

    @Test("the failure limit is configurable")
    func configurableLimit() throws {
        let fixture = try ServiceFixture(configuration: DeviceTrustConfiguration(pinFailureLimit: 2))
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let (first, firstResponse) = try deviceResponse(fixture, phone, pin: TestPhone.wrongPIN)
        expectProblem(.pinInvalid, attemptsRemaining: 1) { _ = try fixture.service.respond(challengeId: first.challengeId, firstResponse) }
        let (second, secondResponse) = try deviceResponse(fixture, phone, pin: TestPhone.wrongPIN)
        expectProblem(.deviceRevoked) { _ = try fixture.service.respond(challengeId: second.challengeId, secondResponse) }
    }
}
