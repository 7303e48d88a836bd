import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing
@testable import TrustServer

@Suite("pin_change, rebind_biometric, remove_device and admin operations")
struct PurposeServiceTests {
    @Test("pin_change with the old PIN sets the new one and returns a token")
    func pinChange() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let newPIN = try PIN("24681357")
        let created = try fixture.challenge(phone, key: .device, purpose: .pinChange)
        let signature = try fixture.sign(created, with: phone.deviceKey)
        let token = try #require(
            try fixture.service.respond(
                challengeId: created.challengeId, ChallengeResponse(signature: signature, pin: TestPhone.pin, newPin: newPIN)))
        #expect(try fixture.verifier().verify(token.accessToken).purpose == "pin_change")

        let old = try fixture.challenge(phone, key: .device)
        expectProblem(.pinInvalid, attemptsRemaining: 4) {
            _ = try fixture.service.respond(
                challengeId: old.challengeId, ChallengeResponse(signature: fixture.sign(old, with: phone.deviceKey), pin: TestPhone.pin))
        }
        let fresh = try fixture.challenge(phone, key: .device)
        #expect(
            try fixture.service.respond(challengeId: fresh.challengeId, ChallengeResponse(signature: fixture.sign(fresh, with: phone.deviceKey), pin: newPIN))
                != nil)
    }

    @Test("pin_change needs newPin, and a wrong old PIN changes nothing")
    func pinChangeRefusals() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let missing = try fixture.challenge(phone, key: .device, purpose: .pinChange)
        expectProblem(.malformedRequest) {
            _ = try fixture.service.respond(
                challengeId: missing.challengeId, ChallengeResponse(signature: fixture.sign(missing, with: phone.deviceKey), pin: TestPhone.pin))
        }
        let wrong = try fixture.challenge(phone, key: .device, purpose: .pinChange)
        expectProblem(.pinInvalid) {
            _ = try fixture.service.respond(
                challengeId: wrong.challengeId,
                ChallengeResponse(signature: fixture.sign(wrong, with: phone.deviceKey), pin: TestPhone.wrongPIN, newPin: try PIN("111111")))
        }
        let check = try fixture.challenge(phone, key: .device)
        #expect(
            try fixture.service.respond(
                challengeId: check.challengeId, ChallengeResponse(signature: fixture.sign(check, with: phone.deviceKey), pin: TestPhone.pin)) != nil)
    }

    @Test("rebind_biometric replaces the biometric key; the old one stops working")
    func rebind() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let oldBiometric = phone.biometricKey!
        let newBiometric = P256.Signing.PrivateKey()
        let created = try fixture.challenge(phone, key: .device, purpose: .rebindBiometric)
        let payload = try Base64URL.decode(created.signingPayload)
        let response = ChallengeResponse(
            signature: try fixture.sign(created, with: phone.deviceKey), pin: TestPhone.pin,
            newBiometricKey: KeyRegistration(key: newBiometric.publicKey, proof: try newBiometric.signature(for: payload)))
        let token = try #require(try fixture.service.respond(challengeId: created.challengeId, response))
        #expect(try fixture.verifier().verify(token.accessToken).purpose == "rebind_biometric")

        let withOld = try fixture.challenge(phone, key: .biometric)
        expectProblem(.signatureInvalid) {
            _ = try fixture.service.respond(challengeId: withOld.challengeId, ChallengeResponse(signature: fixture.sign(withOld, with: oldBiometric)))
        }
        let withNew = try fixture.challenge(phone, key: .biometric)
        #expect(try fixture.service.respond(challengeId: withNew.challengeId, ChallengeResponse(signature: fixture.sign(withNew, with: newBiometric))) != nil)
    }

    @Test("rebind_biometric refuses a new key without a valid proof over the same payload")
    func rebindNeedsProof() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let newBiometric = P256.Signing.PrivateKey()
        let created = try fixture.challenge(phone, key: .device, purpose: .rebindBiometric)
        let response = ChallengeResponse(
            signature: try fixture.sign(created, with: phone.deviceKey), pin: TestPhone.pin,
            newBiometricKey: KeyRegistration(key: newBiometric.publicKey, proof: try newBiometric.signature(for: Data("elsewhere".utf8))))
        expectProblem(.signatureInvalid) { _ = try fixture.service.respond(challengeId: created.challengeId, response) }
        #expect(try fixture.store.activeKey(deviceId: phone.deviceId, kind: .biometric)?.publicKey == phone.biometricKey!.publicKey.x963Representation)
    }

    @Test("remove_device with the biometric key revokes the device and returns no token")
    func removeWithBiometric() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric, purpose: .removeDevice)
        #expect(
            try fixture.service.respond(challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.biometricKey!))) == nil
        )
        #expect(try fixture.store.device(id: phone.deviceId)?.isRevoked == true)
        expectProblem(.deviceRevoked) { _ = try fixture.challenge(phone, key: .biometric) }
    }

    @Test("remove_device with the device key needs the PIN")
    func removeWithDeviceKey() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let noPIN = try fixture.challenge(phone, key: .device, purpose: .removeDevice)
        expectProblem(.malformedRequest) {
            _ = try fixture.service.respond(challengeId: noPIN.challengeId, ChallengeResponse(signature: fixture.sign(noPIN, with: phone.deviceKey)))
        }
        #expect(try fixture.store.device(id: phone.deviceId)?.isRevoked == false)
        let created = try fixture.challenge(phone, key: .device, purpose: .removeDevice)
        #expect(
            try fixture.service.respond(
                challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.deviceKey), pin: TestPhone.pin)) == nil)
        #expect(try fixture.store.device(id: phone.deviceId)?.isRevoked == true)
    }

    @Test("the admin lists an account's devices and revokes one")
    func adminOperations() throws {
        let fixture = try ServiceFixture()
        var phone = TestPhone()
        var tablet = TestPhone()
        tablet.biometricKey = nil
        try fixture.enroll(&phone)
        fixture.clock.advance(by: 1)
        try fixture.enroll(&tablet)
        var list = try fixture.service.listDevices(accountId: "acct-42")
        #expect(list.devices.map(\.deviceId) == [phone.deviceId, tablet.deviceId])
        #expect(list.devices.map(\.keys) == [[.device, .biometric], [.device]])
        #expect(list.devices.allSatisfy { !$0.revoked && $0.lastUsedAt == nil && $0.platform == .ios })

        try fixture.service.revokeDevice(id: tablet.deviceId)
        try fixture.service.revokeDevice(id: tablet.deviceId)
        list = try fixture.service.listDevices(accountId: "acct-42")
        #expect(list.devices.map(\.revoked) == [false, true])
        expectProblem(.deviceRevoked) { _ = try fixture.challenge(tablet, key: .device) }
        expectProblem(.notFound) { try fixture.service.revokeDevice(id: "nope") }
        expectProblem(.notFound) { _ = try fixture.service.listDevices(accountId: "nobody") }
    }

    @Test("the JWKS verifies issued tokens; configuration is validated")
    func jwksAndConfiguration() throws {
        let fixture = try ServiceFixture(
            configuration: DeviceTrustConfiguration(tokenIssuer: "https://id.example", tokenAudience: "bank-api", tokenLifetime: 60))
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric)
        let token = try #require(
            try fixture.service.respond(challengeId: created.challengeId, ChallengeResponse(signature: fixture.sign(created, with: phone.biometricKey!))))
        #expect(token.expiresIn == 60)
        let verifier = try AccessTokenVerifierFactory.make(jwks: fixture.service.jwks(), clock: fixture.clock)
        let claims = try verifier.verify(token.accessToken)
        #expect(claims.issuer == "https://id.example" && claims.audience == "bank-api")
        #expect(throws: ServiceFailure.self) { try DeviceTrustConfiguration(tokenLifetime: 301).validate() }
        #expect(throws: ServiceFailure.self) { try DeviceTrustConfiguration(challengeTTL: 0).validate() }
    }
}
