import DeviceBinding
import DeviceEmulator
import DeviceTrustDemo
import Foundation
import SecureStorage
import Testing
@testable import DeviceBindingClient

/// What the client must refuse to sign, and a cancelled prompt: nothing reaches the server.
@Suite("Client end to end: refusals")
struct RefusalEndToEndTests {
    static let shown: JSONValue = ["type": "transfer", "amount": 25, "currency": "EUR"]

    /// What a proxy between the app and the server changes in the challenge request.
    enum Tampering: String, CaseIterable, CustomTestStringConvertible {
        case otherAction, otherKey, otherPurposeAndNoAction
        var testDescription: String { rawValue }

        func apply(to request: inout ChallengeRequest) {
            switch self {
            case .otherAction: request.action = ["type": "transfer", "amount": 9_999, "currency": "EUR"]
            case .otherKey: request.key = .device
            case .otherPurposeAndNoAction:
                request.purpose = .removeDevice
                request.action = nil
            }
        }
    }

    @Test("a payload for something else than the action shown: refused, nothing signed or sent", arguments: Tampering.allCases)
    func tamperedChallenge(_ tampering: Tampering) async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let enrolled = try await phone.enroll(with: DeviceTrustClient(baseURL: server.baseURL), on: server)
            let proxy = InterceptingTransport(rewrite: InterceptingTransport.rewritingChallengeRequests { tampering.apply(to: &$0) })
            let client = DeviceTrustClient(
                baseURL: server.baseURL, transport: proxy, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey)
            let prompts = phone.device.authenticationPrompts.count

            await expectClientError(.payloadMismatch) { try await client.approve(action: Self.shown, deviceId: enrolled.deviceId) }
            #expect(proxy.paths == ["/v1/challenges"], "only the challenge request went out")
            #expect(proxy.responsesSent == 0)
            #expect(phone.device.authenticationPrompts.count == prompts, "the user was never asked to approve it")
        }
    }

    @Test("biometric prompt cancelled: the key's error, and no signature sent")
    func biometricCancel() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let enrolled = try await phone.enroll(with: DeviceTrustClient(baseURL: server.baseURL), on: server)
            let proxy = InterceptingTransport()
            let client = DeviceTrustClient(
                baseURL: server.baseURL, transport: proxy, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey)

            phone.device.setNextBiometricResult(.userCancel)
            await #expect(throws: KeychainError.userCanceled) {
                try await client.approve(action: Self.shown, deviceId: enrolled.deviceId)
            }
            #expect(proxy.responsesSent == 0)

            phone.device.setNextBiometricResult(.failure)
            await #expect(throws: KeychainError.authenticationFailed) {
                try await client.unlock(deviceId: enrolled.deviceId)
            }
            #expect(proxy.responsesSent == 0)

            _ = try await client.approve(action: Self.shown, deviceId: enrolled.deviceId)
            #expect(proxy.responsesSent == 1)
        }
    }

    @Test("errors never carry the PIN")
    func errorsCarryNoPIN() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = DeviceTrustClient(baseURL: server.baseURL)
            let enrolled = try await phone.enroll(with: client, on: server)
            do {
                _ = try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.wrongPIN)
                Issue.record("a wrong PIN unlocked")
            } catch {
                #expect(!String(describing: error).contains(DemoPhone.wrongPIN.revealedDigits))
                #expect(!String(reflecting: error).contains(DemoPhone.wrongPIN.revealedDigits))
            }
        }
    }
}
