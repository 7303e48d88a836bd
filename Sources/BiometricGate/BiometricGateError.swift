/// Why ``BiometricGate/acceptCurrentEnrollment()`` failed. Carries no domain state.
public struct BiometricGateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// The gate was made without an ``EnrollmentStateStore``: pass one to detect changes.
        case noEnrollmentStore
        /// No enrolled biometry to accept (not available, not enrolled, locked out, or no
        /// passcode): call it again once ``BiometricGate/availability()`` is available.
        case noEnrolledBiometry
        /// The store could not save the state (e.g. the Keychain is locked): retry while the
        /// device is unlocked.
        case storeFailed
    }

    /// What went wrong.
    public let code: Code

    init(_ code: Code) { self.code = code }

    /// What happened and what to do.
    public var description: String {
        switch code {
        case .noEnrollmentStore: return "the biometric gate has no enrollment store; pass one to BiometricGate(enrollmentStore:) to detect enrolment changes"
        case .noEnrolledBiometry: return "no enrolled biometry to accept; accept again once availability() is available"
        case .storeFailed: return "the enrollment store could not save the domain state; retry while the device is unlocked"
        }
    }
}
