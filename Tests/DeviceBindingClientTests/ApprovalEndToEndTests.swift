import DeviceBinding
import DeviceEmulator
import DeviceTrustDemo
import Foundation
import SecureStorage
import Testing
@testable import DeviceBindingClient

/// The client with emulated Secure Enclave keys against a real server on loopback.
@Suite("Client end to end: enroll, approve, unlock")
struct ApprovalEndToEndTests {
    let transfer: JSONValue = ["type": "transfer", "amount": 25, "currency": "EUR", "to": "DE89 3704 0044 0532 0130 00"]

    @Test("enroll → approve an action → the token verifies with the JWKS and names the action")
    func enrollAndApprove() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let enrolled = try await phone.enroll(with: client, on: server)
            #expect(enrolled.accountId == "acct-42")
            #expect(enrolled.keys == [.device, .biometric])

            let promptsBefore = phone.device.authenticationPrompts.count
            let token = try await client.approve(action: transfer, deviceId: enrolled.deviceId)
            #expect(phone.device.authenticationPrompts.count == promptsBefore + 1, "biometry unlocked the key")
            #expect(token.tokenType == "Bearer")
            #expect(token.expiresIn <= 300)

            let claims = try await server.verifyToken(token.accessToken)
            #expect(claims.issuer == "devicetrust")
            #expect(claims.audience == "devicetrust")
            #expect(claims.subject == "acct-42")
            #expect(claims.deviceID == enrolled.deviceId)
            #expect(claims.key == "biometric")
            #expect(claims.purpose == "action")
            #expect(claims.actionSHA256 == (try transfer.canonicalSHA256Hex()))

            let session = Session()
            await session.store(token)
            #expect(await session.currentToken == token)
        }
    }

    @Test("unlock with biometry gives an unlock token")
    func unlockWithBiometry() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let enrolled = try await phone.enroll(with: client, on: server)
            let token = try await client.unlock(deviceId: enrolled.deviceId)
            let claims = try await server.verifyToken(token.accessToken)
            #expect(claims.purpose == "unlock")
            #expect(claims.key == "biometric")
            #expect(claims.actionSHA256 == nil)
        }
    }

    @Test("a client relaunched with the stored keys approves without enrolling again")
    func keysPassedAtInit() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let enrolled = try await phone.enroll(with: DeviceTrustClient(baseURL: server.baseURL), on: server)
            let restored = try phone.app.secureEnclave.signingKey(dataRepresentation: phone.biometricKey.dataRepresentation)
            let relaunched = DeviceTrustClient(baseURL: server.baseURL, deviceKey: phone.deviceKey, biometricKey: restored)
            _ = try await relaunched.approve(action: transfer, deviceId: enrolled.deviceId)
        }
    }

    @Test("a client without keys says so before contacting the server")
    func noKeys() async throws {
        let transport = InterceptingTransport()
        let client = DeviceTrustClient(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)
        await expectClientError(.keyUnavailable) { try await client.unlock(deviceId: "dev-1") }
        #expect(transport.paths.isEmpty)
    }

    @Test("no server: a transport error, not a problem")
    func transportError() async throws {
        let client = DeviceTrustClient(baseURL: URL(string: "http://127.0.0.1:1")!, deviceKey: SoftwareDeviceKey())
        await expectClientError(.transport) { try await client.unlockWithPIN(deviceId: "dev-1", pin: DemoPhone.pin) }
    }

    @Test("enroll refuses a payload for another enrollment, and a consumed enrollment is a problem")
    func enrollmentChecks() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let created = try await server.createEnrollment(accountId: "acct-1")
            await expectClientError(.invalidSigningPayload) {
                try await client.enroll(
                    enrollmentId: "another-enrollment", signingPayload: created.signingPayload, deviceName: "iPhone",
                    platform: .ios, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey, pin: DemoPhone.pin)
            }
            await expectClientError(.invalidSigningPayload) {
                try await client.enroll(
                    enrollmentId: created.enrollmentId, signingPayload: "not base64url!", deviceName: "iPhone",
                    platform: .ios, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey, pin: DemoPhone.pin)
            }
            _ = try await client.enroll(
                enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: "iPhone",
                platform: .ios, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey, pin: DemoPhone.pin)
            await expectProblem(.challengeConsumed) {
                try await client.enroll(
                    enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: "iPhone",
                    platform: .ios, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey, pin: DemoPhone.pin)
            }
        }
    }
}
