import BiometricGate
import DeviceEmulator
import Testing

/// Five failed matches in a row lock biometry out; only the passcode lifts the lockout.
@Suite("Biometric lockout")
struct LockoutTests {
    @Test("Four failed matches fail; the fifth locks biometry out and no further Face ID prompt shows")
    func fifthFailureLocksOut() async {
        let phone = TestPhone()
        let gate = phone.gate()
        phone.device.scriptBiometricResults(Array(repeating: .failure, count: 5))
        for _ in 1...4 { #expect(await gate.authenticate(reason: "Unlock") == .failed) }
        #expect(!phone.device.isBiometryLockedOut)
        #expect(await gate.authenticate(reason: "Unlock") == .unavailable(.lockout))
        #expect(phone.device.isBiometryLockedOut)
        #expect(await gate.authenticate(reason: "Unlock") == .unavailable(.lockout))
        #expect(phone.device.authenticationPrompts.count == 5)
        #expect(!phone.device.unlockWithBiometry())
    }

    @Test("A successful match starts the count again")
    func successResetsCount() async {
        let phone = TestPhone()
        let gate = phone.gate()
        phone.device.scriptBiometricResults([.failure, .failure, .failure, .failure, .success, .failure])
        for _ in 1...4 { _ = await gate.authenticate(reason: "Unlock") }
        #expect(await gate.authenticate(reason: "Unlock") == .success)
        #expect(await gate.authenticate(reason: "Unlock") == .failed)
        #expect(!phone.device.isBiometryLockedOut)
    }

    @Test("During a lockout the device-owner policy asks for the passcode, which lifts the lockout")
    func passcodePromptLiftsLockout() async {
        let phone = TestPhone()
        phone.device.setNextBiometricResult(.lockout)
        _ = await phone.gate().authenticate(reason: "Unlock")
        #expect(await phone.gate(.deviceOwner).authenticate(reason: "Unlock") == .success)
        #expect(phone.promptKinds == [.biometry, .passcode])
        #expect(phone.gate().availability() == .available(.faceID))
    }

    @Test("Unlocking the phone with its passcode lifts the lockout")
    func deviceUnlockLiftsLockout() async {
        let phone = TestPhone()
        phone.device.setNextBiometricResult(.lockout)
        _ = await phone.gate().authenticate(reason: "Unlock")
        phone.device.lock()
        phone.device.unlock()
        #expect(await phone.gate().authenticate(reason: "Unlock") == .success)
    }
}
