import DeviceBinding
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import MicroHTTPTestSupport
import Testing
@testable import TrustServer

/// A real server on 127.0.0.1 over a ``ServiceFixture`` whose service checks attestations
/// under the test roots.
final class AttestingServer: @unchecked Sendable {
    let fixture: ServiceFixture
    let server: DeviceTrustServer
    let port: UInt16
    let adminKey: String

    init(_ attestation: AttestationConfiguration) throws {
        fixture = try ServiceFixture(attestation: attestation)
        let admin = AdminAPIKey.generate()
        adminKey = admin.text
        server = DeviceTrustServer(service: fixture.service, adminKey: admin.key)
        port = try server.start(port: 0, threads: 2)
    }

    deinit { server.stop() }

    func send(_ method: String, _ target: String, _ body: (some Encodable)? = String?.none, admin: Bool = false) throws -> LoopbackHTTPResponse {
        try LoopbackHTTPClient.send(port: port, method, target, json: body.map { try WireCoding.encode($0) }, bearer: admin ? adminKey : nil)
    }

    /// A biometric unlock over HTTP (challenge, then response) carrying an App Attest
    /// assertion by `keyId` of `appAttest`.
    func approve(_ phone: TestPhone, appAttest: EmulatedAppAttestService, keyId: String) throws -> LoopbackHTTPResponse {
        let created = try send("POST", "/v1/challenges", ChallengeRequest(deviceId: phone.deviceId, key: .biometric, purpose: .unlock))
            .decoded(ChallengeCreated.self)
        let payload = try Base64URL.decode(created.signingPayload)
        let assertion = Base64URL.encode(try appAttest.generateAssertion(keyId, clientDataHash: Data(SHA256.hash(data: payload))))
        return try send(
            "POST", "/v1/challenges/\(created.challengeId)/response",
            ChallengeResponse(signature: try fixture.sign(created, with: phone.biometricKey!), appAttestAssertion: assertion))
    }

    /// Enrolls `phone` with App Attest by `keyId` of `appAttest` over HTTP; returns it with its device id.
    func enrollAttested(_ phone: TestPhone, appAttest: EmulatedAppAttestService, keyId: String) throws -> TestPhone {
        let completed = try enroll { try AttestedEnrollment.iPhone(payload: $0, phone: phone, service: appAttest, keyId: keyId) }
        var enrolled = phone
        enrolled.deviceId = try completed.decoded(EnrollmentCompleted.self).deviceId
        return enrolled
    }

    /// Starts an enrollment over HTTP and completes it with `build(payload)`.
    func enroll(_ build: (Data) throws -> EnrollmentCompletion) throws -> LoopbackHTTPResponse {
        let created = try send("POST", "/v1/enrollments", EnrollmentRequest(accountId: "acct-42"), admin: true).decoded(EnrollmentCreated.self)
        let completion = try build(Base64URL.decode(created.signingPayload))
        return try send("POST", "/v1/enrollments/\(created.enrollmentId)/complete", completion)
    }
}

@Suite("Attestation over HTTP end to end")
struct AttestationHTTPEndToEndTests {
    @Test("an emulated iPhone and an emulated Android phone enroll with attestations; the device list shows them")
    func enrollBothPlatforms() throws {
        let running = try AttestingServer(AttestationLab.shared.configuration(appAttest: .required, android: .required))
        let iPhone = try running.enroll { try AttestedEnrollment.iPhone(payload: $0) }
        #expect(iPhone.status == 201)
        running.fixture.clock.advance(by: 1)
        let keystore = try AttestationLab.shared.keystore()
        let android = try running.enroll { try AttestedEnrollment.android(payload: $0, keystore: keystore) }
        #expect(android.status == 201)

        let listed = try running.send("GET", "/v1/accounts/acct-42/devices", admin: true)
        #expect(listed.status == 200)
        let devices = try listed.decoded(DeviceList.self).devices
        #expect(devices.map(\.platform) == [.ios, .android])
        let iPhoneKey = try #require(devices.first?.attestation["device"])
        #expect(iPhoneKey.platform == "ios" && iPhoneKey.format == "apple-appattest" && iPhoneKey.environment == "development")
        #expect(iPhoneKey.receiptExpiresAt != nil && iPhoneKey.riskMetric == nil, "the receipt's expiry, no metric before a refresh")
        let androidKey = DeviceList.KeyAttestationSummary(platform: "android", format: "android-key", securityLevel: "TrustedEnvironment")
        #expect(devices.last?.attestation == ["device": androidKey, "biometric": androidKey])
        let body = String(decoding: listed.body, as: UTF8.self)
        #expect(body.contains("\"attestation\":{"))
        #expect(!body.contains("\"receipt\""), "never the receipt itself")
    }

    @Test("each spoiled attestation reaches the client as 403 attestation_invalid", arguments: AttestedEnrollment.rejections.indices)
    func rejections(index: Int) throws {
        let rejection = AttestedEnrollment.rejections[index]
        let running = try AttestingServer(AttestationLab.shared.configuration(appAttest: .required, android: .required))
        let answer = try running.enroll(rejection.completion)
        #expect(answer.status == 403, "\(rejection.name)")
        #expect(try answer.decoded(Problem.self).code == .attestationInvalid, "\(rejection.name)")
    }

    @Test("optional mode accepts absence over HTTP; off mode ignores what is sent")
    func optionalAndOff() throws {
        let optional = try AttestingServer(AttestationLab.shared.configuration(appAttest: .optional, android: .optional))
        #expect(try optional.enroll { try AttestedEnrollment.iPhone(payload: $0, service: nil) }.status == 201)
        let off = try AttestingServer(.off)
        #expect(try off.enroll { try AttestedEnrollment.iPhone(payload: $0, clientDataHash: Data(repeating: 2, count: 32)) }.status == 201)
        let listed = try off.send("GET", "/v1/accounts/acct-42/devices", admin: true).decoded(DeviceList.self)
        #expect(listed.devices.first?.attestation == [:])
    }
}
