import DeviceBinding
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import MicroHTTPTestSupport
import Testing
import TrustStore
@testable import TrustServer

/// An emulated iPhone enrolled with App Attest: its keys, its App Attest service and key.
private struct AttestedPhone {
    var phone = TestPhone()
    let appAttest = AttestationLab.shared.appAttestService()
    let keyId: String

    init() { keyId = appAttest.generateKey() }

    func completion(_ payload: Data) throws -> EnrollmentCompletion {
        try AttestedEnrollment.iPhone(payload: payload, phone: phone, service: appAttest, keyId: keyId)
    }

    /// Base64url of an assertion over `created`'s payload bytes.
    func assertion(for created: ChallengeCreated) throws -> String {
        let payload = try Base64URL.decode(created.signingPayload)
        return Base64URL.encode(try appAttest.generateAssertion(keyId, clientDataHash: Data(SHA256.hash(data: payload))))
    }
}

@Suite("App Attest assertions in challenge responses")
struct AppAttestAssertionResponseTests {
    private func enrolled(_ mode: AttestationConfiguration.Mode) throws -> (ServiceFixture, AttestedPhone) {
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration(appAttest: mode, android: mode))
        var device = AttestedPhone()
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        let completed = try fixture.service.completeEnrollment(id: created.enrollmentId, device.completion(Base64URL.decode(created.signingPayload)))
        device.phone.deviceId = completed.deviceId
        return (fixture, device)
    }

    private func response(_ fixture: ServiceFixture, _ device: AttestedPhone, _ created: ChallengeCreated, assertion: String?) throws -> ChallengeResponse {
        ChallengeResponse(signature: try fixture.sign(created, with: device.phone.biometricKey!), appAttestAssertion: assertion)
    }

    private func storedCounter(_ fixture: ServiceFixture, _ device: AttestedPhone) throws -> UInt32? {
        try fixture.store.keyAttestation(deviceId: device.phone.deviceId, kind: .device)?.signCount
    }

    @Test("a valid assertion is accepted and its counter stored; the next one must be higher")
    func accepted() throws {
        let (fixture, device) = try enrolled(.required)
        for expected: UInt32 in [1, 2] {
            let created = try fixture.challenge(device.phone, key: .biometric)
            #expect(
                try fixture.service.respond(challengeId: created.challengeId, response(fixture, device, created, assertion: device.assertion(for: created)))
                    != nil)
            #expect(try storedCounter(fixture, device) == expected)
        }
    }

    @Test("required mode: a response without an assertion is refused and still consumes the challenge")
    func requiredMissing() throws {
        let (fixture, device) = try enrolled(.required)
        let created = try fixture.challenge(device.phone, key: .biometric)
        expectProblem(.attestationInvalid) {
            _ = try fixture.service.respond(challengeId: created.challengeId, response(fixture, device, created, assertion: nil))
        }
        expectProblem(.challengeConsumed) {
            _ = try fixture.service.respond(challengeId: created.challengeId, response(fixture, device, created, assertion: device.assertion(for: created)))
        }
        #expect(try storedCounter(fixture, device) == 0)
    }

    @Test("a replayed assertion is refused: on a new challenge (other clientData) and on its own challenge")
    func replayed() throws {
        let (fixture, device) = try enrolled(.required)
        let first = try fixture.challenge(device.phone, key: .biometric)
        let assertion = try device.assertion(for: first)
        _ = try fixture.service.respond(challengeId: first.challengeId, response(fixture, device, first, assertion: assertion))
        expectProblem(.challengeConsumed) {
            _ = try fixture.service.respond(challengeId: first.challengeId, response(fixture, device, first, assertion: assertion))
        }
        let second = try fixture.challenge(device.phone, key: .biometric)
        expectProblem(.attestationInvalid) {
            _ = try fixture.service.respond(challengeId: second.challengeId, response(fixture, device, second, assertion: assertion))
        }
        #expect(try storedCounter(fixture, device) == 1)
        #expect(fixture.log.lines.contains { $0.contains("appAttestAssertion") })
    }

    @Test("an assertion whose counter does not grow (made earlier, sent later) is refused")
    func counterMustGrow() throws {
        let (fixture, device) = try enrolled(.required)
        let early = try fixture.challenge(device.phone, key: .biometric)
        let late = try fixture.challenge(device.phone, key: .biometric)
        let earlyAssertion = try device.assertion(for: early)  // counter 1
        let lateAssertion = try device.assertion(for: late)  // counter 2
        _ = try fixture.service.respond(challengeId: late.challengeId, response(fixture, device, late, assertion: lateAssertion))
        expectProblem(.attestationInvalid) {
            _ = try fixture.service.respond(challengeId: early.challengeId, response(fixture, device, early, assertion: earlyAssertion))
        }
        #expect(try storedCounter(fixture, device) == 2)
        expectProblem(.challengeConsumed) {
            _ = try fixture.service.respond(challengeId: early.challengeId, response(fixture, device, early, assertion: earlyAssertion))
        }
    }

    @Test("optional mode accepts a response without an assertion but checks one that is sent; Android devices need none")
    func optionalAndAndroid() throws {
        let (fixture, device) = try enrolled(.optional)
        let plain = try fixture.challenge(device.phone, key: .biometric)
        #expect(try fixture.service.respond(challengeId: plain.challengeId, response(fixture, device, plain, assertion: nil)) != nil)
        let spoiled = try fixture.challenge(device.phone, key: .biometric)
        expectProblem(.attestationInvalid) {
            _ = try fixture.service.respond(challengeId: spoiled.challengeId, response(fixture, device, spoiled, assertion: Base64URL.encode(Data([1, 2, 3]))))
        }

        let (required, _) = try enrolled(.required)
        let keystore = try AttestationLab.shared.keystore()
        let created = try required.service.createEnrollment(accountId: "acct-42")
        let payload = try Base64URL.decode(created.signingPayload)
        let deviceKey = try keystore.generateKey(attestationChallenge: Data(SHA256.hash(data: payload)))
        var completion = try AttestedEnrollment.android(payload: payload, keystore: keystore)
        completion.deviceKey = KeyRegistration(
            publicKey: Base64URL.encode(deviceKey.publicKey), proof: Base64URL.encode(try deviceKey.signature(for: payload)),
            attestationChain: deviceKey.certificateChain.map { Base64URL.encode($0) })
        completion.biometricKey = nil
        let android = try required.service.completeEnrollment(id: created.enrollmentId, completion)
        let challenge = try required.service.createChallenge(ChallengeRequest(deviceId: android.deviceId, key: .device, purpose: .unlock))
        let signature = try deviceKey.signature(for: Base64URL.decode(challenge.signingPayload))
        #expect(
            try required.service.respond(
                challengeId: challenge.challengeId, ChallengeResponse(signature: Base64URL.encode(signature), pin: TestPhone.pin)) != nil)
    }

    @Test("over HTTP: an assertion is accepted, a replay on a new challenge is 403 attestation_invalid")
    func overHTTP() throws {
        let running = try AttestingServer(AttestationLab.shared.configuration(appAttest: .required))
        var device = AttestedPhone()
        let completed = try running.enroll { try device.completion($0) }
        #expect(completed.status == 201)
        device.phone.deviceId = try completed.decoded(EnrollmentCompleted.self).deviceId
        func challenge() throws -> ChallengeCreated {
            try running.send("POST", "/v1/challenges", ChallengeRequest(deviceId: device.phone.deviceId, key: .biometric, purpose: .unlock))
                .decoded(ChallengeCreated.self)
        }
        let first = try challenge()
        let assertion = try device.assertion(for: first)
        let accepted = try running.send("POST", "/v1/challenges/\(first.challengeId)/response", response(running.fixture, device, first, assertion: assertion))
        #expect(accepted.status == 200)
        let second = try challenge()
        let replayed = try running.send(
            "POST", "/v1/challenges/\(second.challengeId)/response", response(running.fixture, device, second, assertion: assertion))
        #expect(replayed.status == 403)
        #expect(try replayed.decoded(Problem.self).code == .attestationInvalid)
        let third = try challenge()
        let missing = try running.send("POST", "/v1/challenges/\(third.challengeId)/response", response(running.fixture, device, third, assertion: nil))
        #expect(try missing.decoded(Problem.self).code == .attestationInvalid)
    }
}
