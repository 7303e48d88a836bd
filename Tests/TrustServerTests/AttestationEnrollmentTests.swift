import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing
import TrustStore
@testable import TrustServer

@Suite("Enrollment with hardware attestation (service level)")
struct AttestationEnrollmentTests {
    private func enroll(_ fixture: ServiceFixture, _ build: (Data) throws -> EnrollmentCompletion) throws -> EnrollmentCompleted {
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        return try fixture.service.completeEnrollment(id: created.enrollmentId, try build(Base64URL.decode(created.signingPayload)))
    }

    @Test("an emulated iPhone enrolls with App Attest; the App Attest key, counter 0 and receipt are stored")
    func iPhoneEnrolls() throws {
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration(appAttest: .required, android: .required))
        let completed = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0) }
        let summary = try #require(try fixture.store.devices(ofAccount: "acct-42").first)
        let stored = try #require(summary.attestations[.device])
        #expect(stored.platform == "ios" && stored.format == "apple-appattest" && stored.environment == "development")
        #expect(stored.signCount == 0 && stored.appAttestKeyId?.count == 32 && stored.appAttestPublicKey?.count == 65)
        #expect(stored.receipt?.isEmpty == false)
        let listed = try fixture.service.listDevices(accountId: "acct-42").devices
        #expect(listed.map(\.deviceId) == [completed.deviceId])
        let listedKey = try #require(listed.first?.attestation["device"])
        #expect(listedKey.platform == "ios" && listedKey.format == "apple-appattest" && listedKey.environment == "development")
        #expect(listedKey.receiptExpiresAt != nil)
    }

    @Test("an emulated Android phone enrolls with attested device and biometric keys")
    func androidEnrolls() throws {
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration(appAttest: .required, android: .required))
        let keystore = try AttestationLab.shared.keystore()
        let completed = try enroll(fixture) { try AttestedEnrollment.android(payload: $0, keystore: keystore) }
        #expect(completed.keys == [.device, .biometric])
        let summary = try #require(fixture.service.listDevices(accountId: "acct-42").devices.first)
        let expected = DeviceList.KeyAttestationSummary(platform: "android", format: "android-key", securityLevel: "TrustedEnvironment")
        #expect(summary.attestation == ["device": expected, "biometric": expected])
    }

    @Test("every spoiled attestation is refused with attestation_invalid in required mode", arguments: AttestedEnrollment.rejections.indices)
    func rejections(index: Int) throws {
        let rejection = AttestedEnrollment.rejections[index]
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration(appAttest: .required, android: .required))
        expectProblem(.attestationInvalid) { _ = try enroll(fixture, rejection.completion) }
        #expect(try fixture.store.devices(ofAccount: "acct-42").isEmpty, "\(rejection.name)")
        #expect(fixture.log.lines.contains { $0.contains("attestation_invalid") }, "\(rejection.name)")
    }

    @Test("the client sees a generic detail; the log names the verifier's code")
    func logsCodeOnly() throws {
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration(android: .required))
        let keystore = try AttestationLab.shared.keystore { $0.deviceLocked = false }
        do {
            _ = try enroll(fixture) { try AttestedEnrollment.android(payload: $0, keystore: keystore) }
            Issue.record("expected a refusal")
        } catch let problem as Problem {
            #expect(problem.code == .attestationInvalid)
            #expect(problem.detail?.contains("bootState") == false)
        }
        #expect(fixture.log.lines.contains { $0.contains("verification failed: bootState") })
    }

    @Test("optional mode accepts an enrollment without attestations and still checks one that is sent")
    func optionalMode() throws {
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration(appAttest: .optional, android: .optional))
        _ = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0, service: nil) }
        _ = try enroll(fixture) { try AttestedEnrollment.android(payload: $0, keystore: AttestationLab.shared.keystore(), sendChains: false) }
        #expect(try fixture.store.devices(ofAccount: "acct-42").map(\.attestations) == [[:], [:]])
        expectProblem(.attestationInvalid) {
            _ = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0, clientDataHash: Data(repeating: 1, count: 32)) }
        }
        expectProblem(.attestationInvalid) {
            _ = try enroll(fixture) {
                try AttestedEnrollment.android(payload: $0, keystore: AttestationLab.shared.keystore(), spoil: AttestedEnrollment.tamper)
            }
        }
    }

    @Test("off mode ignores attestations, even invalid ones, and stores none")
    func offMode() throws {
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration())
        _ = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0, clientDataHash: Data(repeating: 1, count: 32)) }
        _ = try enroll(fixture) { try AttestedEnrollment.android(payload: $0, keystore: AttestationLab.shared.keystore(), spoil: AttestedEnrollment.tamper) }
        #expect(try fixture.store.devices(ofAccount: "acct-42").map(\.attestations) == [[:], [:]])
    }

    @Test("a mode other than off needs its verifier")
    func configurationNeedsVerifiers() {
        #expect(throws: ServiceFailure.self) { try AttestationConfiguration(appAttestMode: .required).validate() }
        #expect(throws: ServiceFailure.self) { try AttestationConfiguration(androidMode: .optional).validate() }
        #expect(throws: Never.self) { try AttestationConfiguration.off.validate() }
    }
}
