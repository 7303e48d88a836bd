import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing
@testable import TrustServer

@Suite("Enrollment rules")
struct EnrollmentServiceTests {
    @Test("an enrollment carries a 32-byte nonce, the account and the configured TTL")
    func createsEnrollmentPayload() throws {
        let fixture = try ServiceFixture()
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        let payload = try created.decodedPayload()
        #expect(payload.kind == .enrollment)
        #expect(payload.nonce.count == 32)
        #expect(payload.account == "acct-42")
        #expect(payload.id == created.enrollmentId)
        #expect(payload.expires.secondsSince1970 == Int64(fixture.clock.now.timeIntervalSince1970) + 120)
        #expect(try fixture.store.enrollment(id: created.enrollmentId)?.signingPayload == payload.rendered)
    }

    @Test("an account id the payload cannot carry is malformed_request")
    func rejectsBadAccount() throws {
        let fixture = try ServiceFixture()
        expectProblem(.malformedRequest) { _ = try fixture.service.createEnrollment(accountId: "") }
        expectProblem(.malformedRequest) { _ = try fixture.service.createEnrollment(accountId: "a\nb") }
    }

    @Test("completion enrolls both keys; the SPKI form of a key is accepted")
    func completesEnrollment() throws {
        let fixture = try ServiceFixture()
        let phone = TestPhone()
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        let payload = try Base64URL.decode(created.signingPayload)
        let completion = EnrollmentCompletion(
            platform: .android, deviceName: "Pixel",
            deviceKey: KeyRegistration(
                publicKey: Base64URL.encode(phone.deviceKey.publicKey.derRepresentation),
                proof: SignatureEncoding.encode(try phone.deviceKey.signature(for: payload))),
            biometricKey: KeyRegistration(key: phone.biometricKey!.publicKey, proof: try phone.biometricKey!.signature(for: payload)),
            pin: TestPhone.pin)
        let completed = try fixture.service.completeEnrollment(id: created.enrollmentId, completion)
        #expect(completed.accountId == "acct-42")
        #expect(completed.keys == [.device, .biometric])
        let device = try #require(try fixture.store.device(id: completed.deviceId))
        #expect(device.pinHash != nil)
        #expect(try fixture.store.activeKey(deviceId: completed.deviceId, kind: .device)?.publicKey == phone.deviceKey.publicKey.x963Representation)
        // The enrollment is used up.
        expectProblem(.challengeConsumed) { _ = try fixture.service.completeEnrollment(id: created.enrollmentId, completion) }
    }

    @Test("a key that is not a P-256 point is malformed_request and consumes the enrollment")
    func rejectsInvalidPoint() throws {
        let fixture = try ServiceFixture()
        let phone = TestPhone()
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        let payload = try Base64URL.decode(created.signingPayload)
        var notOnCurve = Data([0x04]) + Data(repeating: 0x01, count: 64)
        notOnCurve[64] = 0x02
        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "iPhone",
            deviceKey: KeyRegistration(publicKey: Base64URL.encode(notOnCurve), proof: SignatureEncoding.encode(try phone.deviceKey.signature(for: payload))),
            biometricKey: nil, pin: nil)
        expectProblem(.malformedRequest) { _ = try fixture.service.completeEnrollment(id: created.enrollmentId, completion) }
        expectProblem(.challengeConsumed) { _ = try fixture.service.completeEnrollment(id: created.enrollmentId, completion) }
    }

    @Test("a proof that does not verify is signature_invalid and consumes the enrollment")
    func rejectsBadProof() throws {
        let fixture = try ServiceFixture()
        let phone = TestPhone()
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        let payload = try Base64URL.decode(created.signingPayload)
        let good = KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: payload))
        // The biometric key signs something else.
        let bad = KeyRegistration(key: phone.biometricKey!.publicKey, proof: try phone.biometricKey!.signature(for: Data("other".utf8)))
        let completion = EnrollmentCompletion(platform: .ios, deviceName: "iPhone", deviceKey: good, biometricKey: bad, pin: TestPhone.pin)
        expectProblem(.signatureInvalid) { _ = try fixture.service.completeEnrollment(id: created.enrollmentId, completion) }
        let retry = EnrollmentCompletion(platform: .ios, deviceName: "iPhone", deviceKey: good, biometricKey: nil, pin: TestPhone.pin)
        expectProblem(.challengeConsumed) { _ = try fixture.service.completeEnrollment(id: created.enrollmentId, retry) }
    }

    @Test("an expired or unknown enrollment cannot be completed")
    func rejectsExpiredAndUnknown() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        fixture.clock.advance(by: 0)
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        fixture.clock.advance(by: 121)
        let payload = try Base64URL.decode(created.signingPayload)
        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "iPhone",
            deviceKey: KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: payload)),
            biometricKey: nil, pin: nil)
        expectProblem(.challengeExpired) { _ = try fixture.service.completeEnrollment(id: created.enrollmentId, completion) }
        expectProblem(.notFound) { _ = try fixture.service.completeEnrollment(id: "no-such-enrollment", completion) }
        // A fresh one still works.
        try fixture.enroll(&phone)
    }

    @Test("without a PIN at enrollment the device key is not usable")
    func deviceKeyNeedsPIN() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone, pin: nil)
        expectProblem(.keyNotEnrolled) { _ = try fixture.challenge(phone, key: .device) }
        // The biometric key works.
        let created = try fixture.challenge(phone, key: .biometric)
        let token = try fixture.service.respond(
            challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.biometricKey!)))
        #expect(token != nil)
    }
}
