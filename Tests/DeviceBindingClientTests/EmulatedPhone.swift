import DeviceBinding
import DeviceBindingClient
import DeviceEmulator
import Foundation
import SecureStorage

/// An emulated iPhone with the banking app installed and its two Secure Enclave keys:
/// the biometric key (`.privateKeyUsage`, `.biometryCurrentSet`) and the device key
/// (`.privateKeyUsage`, usable without biometry, paired with the PIN).
struct EmulatedPhone {
    static let pin = try! PIN("246810")
    static let wrongPIN = try! PIN("135790")

    let device = EmulatedDevice(passcodeSet: true, biometry: .faceID)
    let app: EmulatedApp
    let deviceKey: EmulatedEnclaveKey
    let biometricKey: EmulatedEnclaveKey

    init() throws {
        app = device.install(AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank"))
        biometricKey = try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
        deviceKey = try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage])
    }

    /// A new biometric key, e.g. after a new finger was enrolled.
    func newBiometricKey() throws -> EmulatedEnclaveKey {
        try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
    }

    /// Enrolls the phone through `client`, the enrollment created by the backend with the admin key.
    func enroll(with client: DeviceTrustClient, on server: InProcessServer, account: String = "acct-42") async throws -> EnrollmentCompleted {
        let created = try await server.createEnrollment(accountId: account)
        return try await client.enroll(
            enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: "Anna's iPhone",
            platform: .ios, deviceKey: deviceKey, biometricKey: biometricKey, pin: Self.pin)
    }
}
