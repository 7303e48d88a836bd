import BiometricGate
import DeviceEmulator
import Testing

/// `touchIDAuthenticationAllowableReuseDuration`: a biometric unlock of the phone within the
/// window skips the prompt; iOS caps the window at five minutes.
@Suite("Reuse window")
struct ReuseWindowTests {
    @Test("Within the window after a Face ID unlock no prompt shows; after it, one does")
    func window() async {
        let phone = TestPhone()
        _ = await phone.gate().authenticate(reason: "Grant the permission")  // the permission prompt is not part of this test
        phone.device.lock()
        #expect(phone.device.unlockWithBiometry())
        let gate = phone.gate(reuseDuration: 60)
        phone.clock.advance(59)
        #expect(await gate.authenticate(reason: "Unlock") == .success)
        #expect(phone.device.authenticationPrompts.count == 1)
        phone.clock.advance(2)
        #expect(await gate.authenticate(reason: "Unlock") == .success)
        #expect(phone.device.authenticationPrompts.count == 2)
    }

    @Test("The default of 0 always prompts, even right after a Face ID unlock; a passcode unlock opens no window")
    func zeroAndPasscodeUnlock() async {
        let phone = TestPhone()
        phone.device.lock()
        phone.device.unlockWithBiometry()
        _ = await phone.gate().authenticate(reason: "Unlock")
        #expect(phone.device.authenticationPrompts.count == 1)

        let other = TestPhone()
        other.device.lock()
        other.device.unlock()
        _ = await other.gate(reuseDuration: 300).authenticate(reason: "Unlock")
        #expect(other.device.authenticationPrompts.count == 1)
    }

    @Test("A window longer than five minutes is capped at 300 s, in the gate and in the context")
    func capped() async {
        let phone = TestPhone()
        #expect(phone.gate(reuseDuration: 3600).reuseDuration == 300)
        _ = await phone.gate().authenticate(reason: "Grant the permission")
        phone.device.unlockWithBiometry()
        let context = phone.app.makeLAContext()
        context.touchIDAuthenticationAllowableReuseDuration = 3600
        phone.clock.advance(301)
        _ = try? await context.evaluatePolicy(.biometrics, localizedReason: "Unlock")
        #expect(phone.device.authenticationPrompts.count == 2)
    }

    @Test("After a reboot, the first unlock is the passcode's: no Face ID unlock, no window")
    func reboot() {
        let phone = TestPhone()
        phone.device.reboot()
        #expect(!phone.device.unlockWithBiometry())
        #expect(phone.device.lockState == .beforeFirstUnlock)
    }
}
