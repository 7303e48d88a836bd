import BiometricGate
import DeviceEmulator
import Testing

/// The one-time Face ID permission: asked at the first Face ID evaluation of each
/// installation, with `NSFaceIDUsageDescription`; denied means biometryNotAvailable.
@Suite("Face ID permission")
struct FaceIDPermissionTests {
    @Test("The permission prompt shows once, at the first evaluation, not at canEvaluatePolicy")
    func askedOnce() async {
        let phone = TestPhone()
        #expect(phone.gate().availability() == .available(.faceID))
        #expect(phone.app.faceIDPermissionPromptsShown == 0)
        #expect(await phone.gate().authenticate(reason: "Unlock") == .success)
        #expect(await phone.gate().authenticate(reason: "Unlock") == .success)
        #expect(phone.app.faceIDPermissionPromptsShown == 1)
        #expect(phone.app.faceIDPermission == .granted)
    }

    @Test("Denying it makes Face ID notAvailable (still reporting Face ID); the device-owner policy falls back to the passcode")
    func denied() async {
        let phone = TestPhone()
        phone.app.answerFaceIDPermissionPrompt(allow: false)
        #expect(await phone.gate().authenticate(reason: "Unlock") == .unavailable(.notAvailable))
        #expect(phone.device.authenticationPrompts.isEmpty)
        #expect(phone.gate().availability() == .unavailable(.notAvailable, biometryType: .faceID))
        #expect(await phone.gate(.deviceOwner).authenticate(reason: "Unlock") == .success)
        #expect(phone.promptKinds == [.passcode])
        #expect(phone.app.faceIDPermissionPromptsShown == 1)
    }

    @Test("Allowing it again in Settings brings Face ID back without a new permission prompt")
    func settings() async {
        let phone = TestPhone()
        phone.app.setFaceIDPermissionInSettings(allowed: false)
        #expect(phone.gate().availability() == .unavailable(.notAvailable, biometryType: .faceID))
        phone.app.setFaceIDPermissionInSettings(allowed: true)
        #expect(await phone.gate().authenticate(reason: "Unlock") == .success)
        #expect(phone.app.faceIDPermissionPromptsShown == 0)
    }

    @Test("An app without NSFaceIDUsageDescription never gets Face ID: no permission prompt, no Face ID prompt")
    func missingUsageDescription() async {
        let phone = TestPhone(app: AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank"))
        #expect(await phone.gate().authenticate(reason: "Unlock") == .unavailable(.notAvailable))
        #expect(phone.app.faceIDPermissionPromptsShown == 0)
        #expect(phone.device.authenticationPrompts.isEmpty)
    }

    @Test("A reinstall asks again; Touch ID needs no permission")
    func reinstallAndTouchID() async {
        let phone = TestPhone()
        phone.app.answerFaceIDPermissionPrompt(allow: false)
        _ = await phone.gate().authenticate(reason: "Unlock")
        phone.device.uninstall(phone.app)
        let again = phone.device.install(TestPhone.bank)
        #expect(again.faceIDPermission == .notDetermined)

        let touch = TestPhone(biometry: .touchID)
        #expect(await touch.gate().authenticate(reason: "Unlock") == .success)
        #expect(touch.app.faceIDPermissionPromptsShown == 0)
    }
}
