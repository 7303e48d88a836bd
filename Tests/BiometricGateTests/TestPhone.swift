import BiometricGate
import DeviceEmulator
import Foundation
import SecureStorage

/// A clock the test steps by hand.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// An emulated iPhone with the bank app installed (with `NSFaceIDUsageDescription` unless
/// told otherwise), and a gate over the app's `LAContext`.
struct TestPhone {
    static let bank = AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank", faceIDUsageDescription: "Unlock your accounts")

    let clock = TestClock()
    let device: EmulatedDevice
    let app: EmulatedApp

    init(passcodeSet: Bool = true, biometry: EmulatedDevice.Biometry = .faceID, app identity: AppIdentity = Self.bank) {
        let clock = clock
        device = EmulatedDevice(passcodeSet: passcodeSet, biometry: biometry, now: { clock.now })
        app = device.install(identity)
    }

    /// The app's keychain for the accepted domain state.
    var enrollmentStore: KeychainEnrollmentStateStore {
        KeychainEnrollmentStateStore(keychain: Keychain(service: "biometric-gate", accessibility: .whenUnlockedThisDeviceOnly, backend: app.keychain))
    }

    func gate(
        _ policy: BiometricPolicy = .biometrics, reuseDuration: TimeInterval = 0, enrollmentStore: (any EnrollmentStateStore)? = nil
    ) -> BiometricGate {
        let app = app
        return BiometricGate(policy: policy, reuseDuration: reuseDuration, enrollmentStore: enrollmentStore) { app.makeLAContext() }
    }

    /// The kinds of the prompts shown so far.
    var promptKinds: [AuthenticationPrompt.Kind] { device.authenticationPrompts.map(\.kind) }
}
