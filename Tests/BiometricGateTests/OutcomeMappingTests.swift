import BiometricGate
import Foundation
import Testing

/// The one place `LAError` codes become outcomes and reasons, checked code by code with a
/// context that fails the way the code says.
@Suite("LAError mapping")
struct OutcomeMappingTests {
    /// A context whose check passes and whose evaluation fails with `code`.
    final class FailingContext: BiometricContext, @unchecked Sendable {
        let code: LocalAuthenticationError.Code
        let failsCheck: Bool
        init(_ code: LocalAuthenticationError.Code, failsCheck: Bool) {
            self.code = code
            self.failsCheck = failsCheck
        }
        private(set) var checked = false
        func canEvaluatePolicy(_ policy: BiometricPolicy, error: inout LocalAuthenticationError?) -> Bool {
            checked = true
            if failsCheck { error = LocalAuthenticationError(code) }
            return !failsCheck
        }
        var biometryType: BiometryType { checked ? .faceID : .none }
        func evaluatePolicy(_ policy: BiometricPolicy, localizedReason: String) async throws(LocalAuthenticationError) {
            throw LocalAuthenticationError(code)
        }
        var evaluatedPolicyDomainState: Data? { nil }
        var touchIDAuthenticationAllowableReuseDuration: TimeInterval = 0
        var interactionNotAllowed = false
        func invalidate() {}
    }

    static let outcomes: [(Int, BiometricOutcome)] = [
        (-1, .failed), (-2, .userCancel), (-3, .userFallback), (-4, .systemCancel), (-5, .unavailable(.passcodeNotSet)),
        (-6, .unavailable(.notAvailable)), (-7, .unavailable(.notEnrolled)), (-8, .unavailable(.lockout)), (-9, .appCancel),
        (-10, .failed), (-11, .unavailable(.notAvailable)), (-12, .unavailable(.notAvailable)), (-13, .unavailable(.notAvailable)),
        (-14, .failed), (-1004, .notInteractive), (-99, .failed),
    ]

    @Test("Each evaluatePolicy error code has its outcome; unknown codes fail closed", arguments: outcomes)
    func evaluationOutcome(_ raw: Int, _ outcome: BiometricOutcome) async {
        let gate = BiometricGate(enrollmentStore: nil) { FailingContext(.init(rawValue: raw), failsCheck: false) }
        #expect(await gate.authenticate(reason: "Unlock") == outcome)
    }

    @Test("A failed check is unavailable with its reason (notAvailable for codes that name none), read with the biometry type", arguments: outcomes)
    func checkReason(_ raw: Int, _ outcome: BiometricOutcome) {
        let gate = BiometricGate(enrollmentStore: nil) { FailingContext(.init(rawValue: raw), failsCheck: true) }
        let reason: BiometricUnavailableReason = if case .unavailable(let reason) = outcome { reason } else { .notAvailable }
        #expect(gate.availability() == .unavailable(reason, biometryType: .faceID))
    }

    @Test("Codes print their LAError name and raw value")
    func codeDescription() {
        #expect(LocalAuthenticationError.Code.biometryLockout.description == "biometryLockout (-8)")
        #expect(LocalAuthenticationError.Code(rawValue: -99).description == "LAError (-99)")
    }
}
