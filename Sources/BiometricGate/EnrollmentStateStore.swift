import Foundation

/// Where ``BiometricGate`` keeps the last `evaluatedPolicyDomainState` it accepted, to notice
/// a new enrolment. The value is not a secret, but whoever can overwrite it can hide an
/// enrolment change: keep it in the Keychain (``KeychainEnrollmentStateStore``), not in
/// `UserDefaults`.
public protocol EnrollmentStateStore: Sendable {
    /// The accepted domain state, or `nil` when none was accepted yet.
    func acceptedDomainState() throws -> Data?
    /// Replaces the accepted domain state.
    func acceptDomainState(_ state: Data) throws
}
