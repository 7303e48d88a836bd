import Attestation
import DeviceBinding
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import MicroHTTPTestSupport
import Testing
import TrustStore
@testable import TrustServer
@testable import TrustStoreSQLite

/// Issue 16's enrollment rules: the attestation covers the enrolled keys, the server
/// enrolls only the platforms it lists, and an App Attest key asserts only for the app id
/// it was attested under. (The spoiled bindings are in `AttestedEnrollment.rejections`.)
@Suite("App Attest enrollment binding, platforms and the app id per key")
struct AppAttestBindingTests {
    static let otherAppID = "TEAMID1234.com.example.wallet"

    private func enroll(_ fixture: ServiceFixture, _ build: (Data) throws -> EnrollmentCompletion) throws -> EnrollmentCompleted {
        let created = try fixture.service.createEnrollment(accountId: "acct-42")
        return try fixture.service.completeEnrollment(id: created.enrollmentId, try build(Base64URL.decode(created.signingPayload)))
    }

    /// App Attest required under the lab's app id and `otherAppID`, both under the test root.
    private func twoApps() -> AttestationConfiguration {
        var configuration = AttestationLab.shared.configuration(appAttest: .required)
        configuration.appAttest.append(
            AppAttestVerifier(
                appID: Self.otherAppID, environment: .development,
                trustedRoots: [Data(AttestationLab.shared.appAttestAuthority.rootCertificate.der)]))
        return configuration
    }

    @Test("the client data is the payload, then one line per enrolled key: device-key, and biometric-key when there is one")
    func bindingBytes() throws {
        let device = P256.Signing.PrivateKey().publicKey
        let biometric = P256.Signing.PrivateKey().publicKey
        let payload = Data("devicetrust-v1\nkind: enrollment\n".utf8)
        let both = AppAttestEnrollmentBinding.clientData(signingPayload: payload, deviceKey: device, biometricKey: biometric)
        let expected =
            "devicetrust-v1\nkind: enrollment\ndevice-key: \(Base64URL.encode(device.x963Representation))\n"
            + "biometric-key: \(Base64URL.encode(biometric.x963Representation))\n"
        #expect(String(decoding: both, as: UTF8.self) == expected)
        let deviceOnly = AppAttestEnrollmentBinding.clientData(signingPayload: payload, deviceKey: device, biometricKey: nil)
        #expect(String(decoding: deviceOnly, as: UTF8.self) == "devicetrust-v1\nkind: enrollment\ndevice-key: \(Base64URL.encode(device.x963Representation))\n")
        #expect(
            AppAttestEnrollmentBinding.clientDataHash(signingPayload: payload, deviceKey: device, biometricKey: biometric)
                == Data(SHA256.hash(data: both)))
    }

    @Test("an iPhone without a biometric key enrolls with a binding of its device key alone")
    func deviceKeyOnly() throws {
        let fixture = try ServiceFixture(attestation: AttestationLab.shared.configuration(appAttest: .required))
        var phone = TestPhone()
        phone.biometricKey = nil
        let completed = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0, phone: phone) }
        #expect(completed.keys == [.device])
    }

    @Test("--platforms ios refuses an Android enrollment with 403 attestation_invalid, even with Android attestation off")
    func platformsOverHTTP() throws {
        var configuration = AttestationLab.shared.configuration(appAttest: .required, android: .off)
        configuration.platforms = [.ios]
        let running = try AttestingServer(configuration)
        let keystore = try AttestationLab.shared.keystore()
        let android = try running.enroll { try AttestedEnrollment.android(payload: $0, keystore: keystore, sendChains: false) }
        #expect(android.status == 403)
        #expect(android.problemCode == "attestation_invalid")
        #expect(android.bodyText.contains("ios"))
        let withoutAppAttest = try running.enroll { try AttestedEnrollment.iPhone(payload: $0, service: nil) }
        #expect(withoutAppAttest.problemCode == "attestation_invalid")
        let attested = try running.enroll { try AttestedEnrollment.iPhone(payload: $0) }
        #expect(attested.status == 201)
    }

    @Test("an empty platform list is a configuration error")
    func noPlatforms() {
        var configuration = AttestationConfiguration.off
        configuration.platforms = []
        #expect(throws: ServiceFailure(.invalidConfiguration, "")) { try configuration.validate() }
    }

    @Test(
        "every attestation's receipt is verified: one for another app or key, or under another root (or Apple's, for emulated receipts), is 403 attestation_invalid"
    )
    func receiptChecked() throws {
        var configuration = AttestationLab.shared.configuration(appAttest: .required)
        #expect(try enroll(try ServiceFixture(attestation: configuration)) { try AttestedEnrollment.iPhone(payload: $0) }.keys == [.device, .biometric])
        for fault in [EmulatedAppAttestService.ReceiptFault.anotherApp, .anotherKey] {
            let fixture = try ServiceFixture(attestation: configuration)
            let service = AttestationLab.shared.appAttestService()
            service.misissueNextReceipt(fault)
            expectProblem(.attestationInvalid) { _ = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0, service: service) } }
            #expect(fixture.log.lines.contains { $0.contains("the receipt does not verify: receiptMismatch") }, "\(fault)")
        }
        for roots in [[Data(try AppAttestAuthority().rootCertificate.der)], nil] {
            configuration.appAttestReceiptRoots = roots
            let fixture = try ServiceFixture(attestation: configuration)
            expectProblem(.attestationInvalid) { _ = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0) } }
            #expect(fixture.log.lines.contains { $0.contains("the receipt does not verify") }, "the log names the receipt")
        }
    }

    @Test("the app id an attestation verified under is stored with the key, and its assertions are checked under that id only")
    func appIDPerKey() throws {
        let fixture = try ServiceFixture(attestation: twoApps())
        let appAttest = AttestationLab.shared.appAttestService(appID: Self.otherAppID)
        let keyId = appAttest.generateKey()
        var phone = TestPhone()
        phone.deviceId = try enroll(fixture) { try AttestedEnrollment.iPhone(payload: $0, phone: phone, service: appAttest, keyId: keyId) }.deviceId
        #expect(try fixture.store.keyAttestation(deviceId: phone.deviceId, kind: .device)?.appAttestAppId == Self.otherAppID)

        func approve() throws -> TokenResponse? {
            let created = try fixture.challenge(phone, key: .biometric)
            let payload = try Base64URL.decode(created.signingPayload)
            let assertion = Base64URL.encode(try appAttest.generateAssertion(keyId, clientDataHash: Data(SHA256.hash(data: payload))))
            let response = ChallengeResponse(signature: try fixture.sign(created, with: phone.biometricKey!), appAttestAssertion: assertion)
            return try fixture.service.respond(challengeId: created.challengeId, response)
        }
        #expect(try approve() != nil)

        // The record now names the other configured app: the same valid assertion is refused,
        // although a verifier that accepts it is configured.
        try setStoredAppID(AttestationLab.appID, fixture, phone)
        expectProblem(.attestationInvalid) { _ = try approve() }
        #expect(fixture.log.lines.contains { $0.contains("appAttestAssertion") && $0.contains("verification failed") })

        // A record from before app ids were kept is checked against every configured app id.
        try setStoredAppID(nil, fixture, phone)
        #expect(try approve() != nil)

        // An app id no longer configured: refused, saying so in the log.
        try setStoredAppID("TEAMID1234.com.example.retired", fixture, phone)
        expectProblem(.attestationInvalid) { _ = try approve() }
        #expect(fixture.log.lines.contains { $0.contains("no longer accepts") })
    }

    @Test("over HTTP: an assertion is accepted under the key's stored app id and refused once the record names another")
    func appIDPerKeyOverHTTP() throws {
        let running = try AttestingServer(twoApps())
        let appAttest = AttestationLab.shared.appAttestService(appID: Self.otherAppID)
        let keyId = appAttest.generateKey()
        let phone = try running.enrollAttested(TestPhone(), appAttest: appAttest, keyId: keyId)
        #expect(try running.approve(phone, appAttest: appAttest, keyId: keyId).status == 200)
        try setStoredAppID(AttestationLab.appID, running.fixture, phone)
        let refused = try running.approve(phone, appAttest: appAttest, keyId: keyId)
        #expect(refused.status == 403 && refused.problemCode == "attestation_invalid")
    }

    private func setStoredAppID(_ appID: String?, _ fixture: ServiceFixture, _ phone: TestPhone) throws {
        try fixture.store.read { connection throws(StoreError) in
            try connection.statement("UPDATE key_attestations SET app_attest_app_id = ?1 WHERE device_id = ?2")
                .execute([appID.map { .text($0) } ?? .null, .text(phone.deviceId)], during: "test")
        }
    }
}
