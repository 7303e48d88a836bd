import DeviceEmulator
import SecureStorage
import Testing

/// The iOS quick start's lock-screen code (`Snippets/LockScreen.swift`) on an emulated
/// iPhone: unlocked after a match, locked after a cancel, the password after a new face,
/// the PIN after a lockout, and Settings once no face is enrolled.
enum BiometricGateRun {
    static func run(_ context: ReadmeRunContext) async {
        let phone = EmulatedDevice()
        let app = phone.install(
            AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank", faceIDUsageDescription: "Unlock your accounts"))
        let keychain = Keychain(service: "com.example.bank.lock", accessibility: .whenUnlockedThisDeviceOnly, backend: app.keychain)
        let gate = lockScreenGate(keychain: keychain) { app.makeLAContext() }
        #expect(await lockScreenMessage(after: gate) == "Unlocked")

        phone.setNextBiometricResult(.userCancel)
        #expect(await lockScreenMessage(after: gate) == "Locked")

        phone.changeBiometricEnrollment()
        #expect(await lockScreenMessage(after: gate) == "Face ID changed: sign in with your password.")
        try? gate.acceptCurrentEnrollment()
        #expect(await lockScreenMessage(after: gate) == "Unlocked")

        phone.setNextBiometricResult(.lockout)
        #expect(await lockScreenMessage(after: gate) == "Enter your PIN.")

        phone.removeBiometricEnrollment()
        #expect(await lockScreenMessage(after: gate) == "Set up Face ID in Settings, or enter your PIN.")
    }
}
