import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Deleting every enrolled face or finger: what access-controlled items do until a new
/// enrolment, and after it.
@Suite("Removed biometric enrolment")
struct BiometricEnrollmentTests {
    let device = EmulatedDevice()
    let keychain: any KeychainBackend

    init() {
        keychain = device.install(bankIdentity).keychain
        for (account, flags) in [("any", AccessControl.biometryAny), ("current", .biometryCurrentSet), ("presence", .userPresence)] {
            #expect(keychain.add(newItem(account: account, data: account, [K.accessControl: flags])) == Status.success)
        }
        device.removeBiometricEnrollment()
    }

    @Test("Without an enrolment, biometry-only items fail with -25293 without a prompt; userPresence asks for the passcode")
    func withoutEnrolment() {
        #expect(!device.isBiometryEnrolled)
        #expect(keychain.readData(account: "any").status == Status.authFailed)
        #expect(keychain.readData(account: "current").status == Status.authFailed)
        #expect(keychain.readString(account: "presence") == "presence")
        #expect(device.authenticationPrompts.map(\.kind) == [.passcode])
    }

    @Test("A new enrolment brings biometryAny items back; biometryCurrentSet ones stay unusable")
    func afterNewEnrolment() {
        device.changeBiometricEnrollment()
        #expect(device.isBiometryEnrolled)
        #expect(keychain.readString(account: "any") == "any")
        #expect(keychain.readData(account: "current").status == Status.authFailed)
    }
}
