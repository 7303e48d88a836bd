import BiometricGate
import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Every way a prompt ends, as a typed outcome, on an emulated iPhone.
@Suite("Prompt outcomes")
struct PromptOutcomeTests {
    @Test("A match is a success, after one Face ID prompt with the app's reason")
    func success() async {
        let phone = TestPhone()
        #expect(await phone.gate().authenticate(reason: "Show your balance") == .success)
        #expect(phone.device.authenticationPrompts == [AuthenticationPrompt(kind: .biometry, operationPrompt: "Show your balance")])
    }

    @Test("Cancel, fallback and a failed match each have their own outcome")
    func cancelFallbackFailure() async {
        let phone = TestPhone()
        let gate = phone.gate()
        phone.device.scriptBiometricResults([.userCancel, .userFallback, .failure])
        #expect(await gate.authenticate(reason: "Unlock") == .userCancel)
        #expect(await gate.authenticate(reason: "Unlock") == .userFallback)
        #expect(await gate.authenticate(reason: "Unlock") == .failed)
        #expect(await gate.authenticate(reason: "Unlock") == .success)
    }

    @Test("Going to the background during the prompt is systemCancel, not a failure; asking again in the background is systemCancel without a prompt")
    func systemCancelOnBackground() async {
        let phone = TestPhone()
        let gate = phone.gate()
        phone.device.setNextBiometricResult(.appSentToBackground)
        #expect(await gate.authenticate(reason: "Unlock") == .systemCancel)
        #expect(!phone.app.isInForeground)
        #expect(await gate.authenticate(reason: "Unlock") == .systemCancel)
        #expect(phone.device.authenticationPrompts.count == 1)
        #expect(!phone.device.isBiometryLockedOut)

        phone.app.moveToForeground()
        #expect(await gate.authenticate(reason: "Unlock") == .success)
    }

    @Test("With the device-owner policy the fallback is the system's passcode prompt, which succeeds")
    func deviceOwnerFallback() async {
        let phone = TestPhone()
        phone.device.setNextBiometricResult(.userFallback)
        #expect(await phone.gate(.deviceOwner).authenticate(reason: "Unlock") == .success)
        #expect(phone.promptKinds == [.biometry, .passcode])
    }

    @Test("A context that forbids interaction fails with notInteractive instead of prompting")
    func notInteractive() async {
        let phone = TestPhone()
        let context = phone.app.makeLAContext()
        context.interactionNotAllowed = true
        await #expect(throws: LocalAuthenticationError(.notInteractive)) {
            try await context.evaluatePolicy(.biometrics, localizedReason: "Unlock")
        }
        #expect(phone.device.authenticationPrompts.isEmpty)
    }

    @Test("An invalidated context fails every evaluation with invalidContext")
    func invalidatedContext() async {
        let phone = TestPhone()
        let context = phone.app.makeLAContext()
        context.invalidate()
        await #expect(throws: LocalAuthenticationError(.invalidContext)) {
            try await context.evaluatePolicy(.biometrics, localizedReason: "Unlock")
        }
    }

    @Test("Keychain prompts report a fallback or a system cancel as -128 (errSecUserCanceled)")
    func keychainPromptsCancel() async throws {
        let phone = TestPhone()
        let enclave = phone.app.secureEnclave
        let key = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
        for result in [BiometricResult.userFallback, .appSentToBackground] {
            phone.device.setNextBiometricResult(result)
            await #expect(throws: KeychainError.userCanceled) { try await key.signature(for: Data("approve".utf8)) }
        }
    }
}
