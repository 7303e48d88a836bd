import BiometricGate
import DeviceEmulator
import Foundation
import Testing

/// `evaluatedPolicyDomainState` compared with the last accepted one: a new face or finger
/// turns a passed prompt into `enrollmentChanged` until the app accepts the new enrolment.
@Suite("Enrolment changes")
struct EnrollmentChangeTests {
    /// A gate over the phone's keychain store that has accepted the current enrolment.
    func acceptedGate(on phone: TestPhone) async -> BiometricGate {
        let gate = phone.gate(enrollmentStore: phone.enrollmentStore)
        #expect(await gate.authenticate(reason: "Unlock") == .success)
        return gate
    }

    @Test("The first success accepts the enrolment; later ones under it are successes")
    func firstAccepted() async throws {
        let phone = TestPhone()
        let gate = phone.gate(enrollmentStore: phone.enrollmentStore)
        #expect(try phone.enrollmentStore.acceptedDomainState() == nil)
        #expect(await gate.authenticate(reason: "Unlock") == .success)
        #expect(try phone.enrollmentStore.acceptedDomainState() != nil)
        #expect(await gate.authenticate(reason: "Unlock") == .success)
    }

    @Test("After a new enrolment a passed prompt is enrollmentChanged, until acceptCurrentEnrollment()")
    func newEnrolment() async throws {
        let phone = TestPhone()
        let gate = await acceptedGate(on: phone)
        phone.device.changeBiometricEnrollment()
        #expect(await gate.authenticate(reason: "Unlock") == .enrollmentChanged)
        #expect(await gate.authenticate(reason: "Unlock") == .enrollmentChanged)
        try gate.acceptCurrentEnrollment()
        #expect(await gate.authenticate(reason: "Unlock") == .success)
    }

    @Test("Deleting every face and enrolling again is a change too")
    func removeAndEnrol() async {
        let phone = TestPhone()
        let gate = await acceptedGate(on: phone)
        phone.device.removeBiometricEnrollment()
        phone.device.changeBiometricEnrollment()
        #expect(await gate.authenticate(reason: "Unlock") == .enrollmentChanged)
    }

    @Test("The domain state is nil before canEvaluatePolicy and filled in after it")
    func domainStateAfterCheck() {
        let phone = TestPhone()
        let context = phone.app.makeLAContext()
        #expect(context.evaluatedPolicyDomainState == nil)
        var error: LocalAuthenticationError?
        #expect(context.canEvaluatePolicy(.biometrics, error: &error))
        #expect(context.evaluatedPolicyDomainState != nil)
    }

    @Test("A store that cannot be read fails closed: a passed prompt is failed, not success")
    func unreadableStoreFailsClosed() async {
        let phone = TestPhone()
        let gate = await acceptedGate(on: phone)
        phone.device.lock()  // the store's item is whenUnlocked: unreadable
        #expect(await gate.authenticate(reason: "Unlock") == .failed)
    }

    @Test("acceptCurrentEnrollment needs a store and enrolled biometry; its errors carry no domain state")
    func acceptErrors() throws {
        let phone = TestPhone()
        #expect(throws: BiometricGateError.self) { try phone.gate().acceptCurrentEnrollment() }
        phone.device.removeBiometricEnrollment()
        let gate = phone.gate(enrollmentStore: phone.enrollmentStore)
        let error = try #require(throws: BiometricGateError.self) { try gate.acceptCurrentEnrollment() }
        #expect(error.code == .noEnrolledBiometry)
        #expect(error.description.contains("availability()"))
    }

    @Test("Domain states differ between enrolments and between devices")
    func domainStatesDiffer() throws {
        let first = TestPhone()
        let second = TestPhone()
        var error: LocalAuthenticationError?
        let a = first.app.makeLAContext()
        _ = a.canEvaluatePolicy(.biometrics, error: &error)
        let b = second.app.makeLAContext()
        _ = b.canEvaluatePolicy(.biometrics, error: &error)
        first.device.changeBiometricEnrollment()
        let c = first.app.makeLAContext()
        _ = c.canEvaluatePolicy(.biometrics, error: &error)
        let states = try [a, b, c].map { try #require($0.evaluatedPolicyDomainState) }
        #expect(Set(states).count == 3)
    }
}
