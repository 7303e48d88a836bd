import AppleSurfaceEmulation
import AppleSurfaceRuntime
import BiometricGate
import DeviceEmulator
import Foundation
import LocalAuthentication
import Testing

/// `SystemBiometricContext` (BiometricGate's own Apple file) over `LAContext` as declared here,
/// on an emulated phone: the gate's outcomes must be the ones it has on the emulated context.
@Suite("LocalAuthentication on the declared surface")
struct LocalAuthenticationSurfaceTests {
    func gate() -> BiometricGate { BiometricGate(enrollmentStore: nil, makeContext: { SystemBiometricContext() }) }

    @Test("Availability through SystemBiometricContext: Face ID available; notEnrolled after every face is deleted; Touch ID reported as such")
    func availability() {
        let phone = SurfaceTestPhone()
        #expect(SurfaceHost.withDevice(phone.surface) { gate().availability() } == .available(.faceID))
        phone.device.removeBiometricEnrollment()
        #expect(SurfaceHost.withDevice(phone.surface) { gate().availability() } == .unavailable(.notEnrolled, biometryType: .faceID))
        let touch = SurfaceTestPhone(biometry: .touchID)
        #expect(SurfaceHost.withDevice(touch.surface) { gate().availability() } == .available(.touchID))
    }

    @Test(
        "Prompt outcomes through SystemBiometricContext: success, userCancel, userFallback, failed",
        arguments: [
            (BiometricResult.success, BiometricOutcome.success), (.userCancel, .userCancel), (.userFallback, .userFallback), (.failure, .failed),
        ])
    func outcomes(result: BiometricResult, outcome: BiometricOutcome) async {
        let phone = SurfaceTestPhone()
        phone.device.setNextBiometricResult(result)
        #expect(await SurfaceHost.withDevice(phone.surface) { await gate().authenticate(reason: "Approve the payment") } == outcome)
    }

    @Test("LAContext's order of events: biometryType is none before canEvaluatePolicy, the domain state appears after it")
    func orderOfEvents() {
        let phone = SurfaceTestPhone()
        SurfaceHost.withDevice(phone.surface) {
            let context = LAContext()
            #expect(context.biometryType == .none)
            #expect(context.evaluatedPolicyDomainState == nil)
            var error: NSError?
            #expect(context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
            #expect(error == nil)
            #expect(context.biometryType == .faceID)
            #expect(context.evaluatedPolicyDomainState != nil)
        }
    }

    @Test("Without a bound device an LAContext cannot evaluate anything: LAErrorDomain notInteractive")
    func noDevice() {
        SurfaceHost.withoutDevice {
            var error: NSError?
            #expect(!LAContext().canEvaluatePolicy(.deviceOwnerAuthentication, error: &error))
            #expect(error?.domain == LAErrorDomain)
            #expect(error?.code == LAError.Code.notInteractive.rawValue)
        }
    }
}
