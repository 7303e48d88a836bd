/// How one ``BiometricGate/authenticate(reason:)`` ended.
///
/// Only ``success`` means the user passed the prompt, and even that unlocks nothing by
/// itself: see <doc:SuccessUnlocksNothing>.
public enum BiometricOutcome: Sendable, Hashable {
    /// The user passed the prompt, under the enrolment the gate accepted before (or the
    /// first one it saw).
    case success
    /// The user passed the prompt, but the enrolled fingers or faces changed since the gate
    /// last accepted them: someone who knows the passcode may have added their own. Treat
    /// it as a failure; re-verify the user another way (password, server PIN) and then call
    /// ``BiometricGate/acceptCurrentEnrollment()``.
    case enrollmentChanged
    /// The user tapped Cancel: stay where you are; this is not a logout.
    case userCancel
    /// The user tapped the fallback button (``BiometricPolicy/biometrics`` only): show the
    /// app's own fallback, such as a PIN the server checks.
    case userFallback
    /// The system ended the prompt, typically because the app went to the background: ask
    /// again when it is back in the foreground, without counting a failure.
    case systemCancel
    /// The app invalidated the context during the prompt.
    case appCancel
    /// A prompt was needed but the context forbade interaction.
    case notInteractive
    /// The user did not match (or the context was unusable, or the accepted enrolment could
    /// not be read): fail closed.
    case failed
    /// Biometry cannot be used now (also reported before any prompt, by the
    /// `canEvaluatePolicy` check the gate always makes first).
    case unavailable(BiometricUnavailableReason)

    /// The outcome of an `evaluatePolicy` error; the one place codes are mapped.
    init(_ error: LocalAuthenticationError) {
        if let reason = BiometricUnavailableReason(error.code) {
            self = .unavailable(reason)
            return
        }
        switch error.code {
        case .userCancel: self = .userCancel
        case .userFallback: self = .userFallback
        case .systemCancel: self = .systemCancel
        case .appCancel: self = .appCancel
        case .notInteractive: self = .notInteractive
        default: self = .failed  // authenticationFailed, invalidContext, invalidDimensions, unknown codes
        }
    }
}
