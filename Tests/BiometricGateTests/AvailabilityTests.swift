import BiometricGate
import DeviceEmulator
import Testing

/// `canEvaluatePolicy` first, `biometryType` after it, and every reason biometry can be
/// unavailable, on emulated iPhones. Availability never prompts.
@Suite("Biometric availability")
struct AvailabilityTests {
    @Test("biometryType is none until canEvaluatePolicy has been called, and filled in whatever it answers")
    func biometryTypeAfterCanEvaluate() {
        let phone = TestPhone()
        phone.device.removeBiometricEnrollment()
        let context = phone.app.makeLAContext()
        #expect(context.biometryType == .none)
        var error: LocalAuthenticationError?
        #expect(!context.canEvaluatePolicy(.biometrics, error: &error))
        #expect(error == LocalAuthenticationError(.biometryNotEnrolled))
        #expect(context.biometryType == .faceID)
    }

    @Test("An enrolled Face ID or Touch ID phone is available with its biometry type")
    func available() {
        #expect(TestPhone().gate().availability() == .available(.faceID))
        #expect(TestPhone(biometry: .touchID).gate().availability() == .available(.touchID))
        #expect(TestPhone().device.authenticationPrompts.isEmpty)
    }

    @Test("A phone without biometry is notAvailable for biometrics, but available (passcode) for the device-owner policy")
    func noBiometry() {
        let phone = TestPhone(biometry: .none)
        #expect(phone.gate().availability() == .unavailable(.notAvailable, biometryType: .none))
        #expect(phone.gate(.deviceOwner).availability() == .available(.none))
    }

    @Test("Deleting every face makes it notEnrolled, still reporting Face ID; a new enrolment makes it available again")
    func notEnrolled() {
        let phone = TestPhone()
        phone.device.removeBiometricEnrollment()
        #expect(phone.gate().availability() == .unavailable(.notEnrolled, biometryType: .faceID))
        phone.device.changeBiometricEnrollment()
        #expect(phone.gate().availability() == .available(.faceID))
    }

    @Test("Without a passcode, neither biometry nor the device-owner policy is available: passcodeNotSet")
    func passcodeNotSet() {
        let phone = TestPhone(passcodeSet: false)
        #expect(phone.gate().availability() == .unavailable(.passcodeNotSet, biometryType: .faceID))
        #expect(phone.gate(.deviceOwner).availability() == .unavailable(.passcodeNotSet, biometryType: .faceID))
    }

    @Test("A locked-out phone is unavailable with lockout for biometrics, available for the device-owner policy")
    func lockout() async {
        let phone = TestPhone()
        phone.device.setNextBiometricResult(.lockout)
        #expect(await phone.gate().authenticate(reason: "Unlock") == .unavailable(.lockout))
        #expect(phone.gate().availability() == .unavailable(.lockout, biometryType: .faceID))
        #expect(phone.gate(.deviceOwner).availability() == .available(.faceID))
    }

    @Test("When biometry is unavailable, authenticate returns the reason without showing a prompt")
    func unavailableNeverPrompts() async {
        let phone = TestPhone()
        phone.device.removeBiometricEnrollment()
        #expect(await phone.gate().authenticate(reason: "Unlock") == .unavailable(.notEnrolled))
        #expect(phone.device.authenticationPrompts.isEmpty)
    }
}
