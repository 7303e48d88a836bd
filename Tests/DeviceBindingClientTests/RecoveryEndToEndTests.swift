import DeviceBinding
import DeviceEmulator
import DeviceTrustDemo
import Foundation
import SecureStorage
import Testing
import DeviceBindingClient

/// Biometry changes, the PIN fallback and its limit, PIN change and removal.
@Suite("Client end to end: PIN fallback, rebind, revocation")
struct RecoveryEndToEndTests {
    let payment: JSONValue = ["type": "payment", "amount": 12.5, "merchant": "Bäckerei"]

    @Test("new fingerprint → approve fails → PIN unlock → rebind a new biometric key → approve works")
    func newFingerprintThenRebind() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let enrolled = try await phone.enroll(with: client, on: server)
            _ = try await client.approve(action: payment, deviceId: enrolled.deviceId)

            phone.device.changeBiometricEnrollment()
            await #expect(throws: KeychainError.authenticationFailed) {
                try await client.approve(action: payment, deviceId: enrolled.deviceId)
            }

            let unlocked = try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.pin)
            #expect(try await server.verifyToken(unlocked.accessToken).key == "device")

            let newKey = try phone.newBiometricKey()
            let rebound = try await client.rebindBiometricKey(deviceId: enrolled.deviceId, pin: DemoPhone.pin, newBiometricKey: newKey)
            #expect(try await server.verifyToken(rebound.accessToken).purpose == "rebind_biometric")

            let approved = try await client.approve(action: payment, deviceId: enrolled.deviceId)
            let claims = try await server.verifyToken(approved.accessToken)
            #expect(claims.actionSHA256 == (try payment.canonicalSHA256Hex()))

            // The old key is no longer enrolled: a client still holding it is refused by the server.
            let stale = DeviceTrustClient(baseURL: server.baseURL, biometricKey: SoftwareDeviceKey())
            await expectProblem(.signatureInvalid) { try await stale.unlock(deviceId: enrolled.deviceId) }
        }
    }

    @Test("five wrong PINs: attempts count down, the fifth and every later use get device_revoked")
    func fiveWrongPINsRevoke() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let enrolled = try await phone.enroll(with: client, on: server)
            for remaining in [4, 3, 2, 1] {
                await expectProblem(.pinInvalid, attemptsRemaining: remaining) {
                    try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.wrongPIN)
                }
            }
            await expectProblem(.deviceRevoked) {
                try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.wrongPIN)
            }
            await expectProblem(.deviceRevoked) {
                try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.pin)
            }
            await expectProblem(.deviceRevoked) { try await client.approve(action: payment, deviceId: enrolled.deviceId) }
        }
    }

    @Test("a right PIN resets the count")
    func rightPINResets() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let enrolled = try await phone.enroll(with: client, on: server)
            await expectProblem(.pinInvalid, attemptsRemaining: 4) {
                try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.wrongPIN)
            }
            _ = try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.pin)
            await expectProblem(.pinInvalid, attemptsRemaining: 4) {
                try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.wrongPIN)
            }
        }
    }

    @Test("change the PIN, then remove the device")
    func changePINAndRemove() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let enrolled = try await phone.enroll(with: client, on: server)
            let newPIN = try PIN("11223344")
            _ = try await client.changePIN(deviceId: enrolled.deviceId, currentPIN: DemoPhone.pin, newPIN: newPIN)
            await expectProblem(.pinInvalid) { try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.pin) }
            _ = try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: newPIN)

            try await client.removeDevice(deviceId: enrolled.deviceId)
            await expectProblem(.deviceRevoked) { try await client.unlock(deviceId: enrolled.deviceId) }
        }
    }
}
