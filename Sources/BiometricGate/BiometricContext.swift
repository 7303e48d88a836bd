import Foundation

/// The part of Apple's `LAContext` that ``BiometricGate`` uses, with the same names and the
/// same order of events, so the gate's decisions run in plain Swift against an emulated
/// context in tests and against `LAContext` (``SystemBiometricContext``) on a device.
///
/// As on iOS, ``biometryType`` is ``BiometryType/none`` until
/// ``canEvaluatePolicy(_:error:)`` has been called, and ``evaluatedPolicyDomainState`` is
/// `nil` until a policy check or evaluation has succeeded. One context serves one
/// check-then-prompt; call ``invalidate()`` when done with it.
public protocol BiometricContext: AnyObject, Sendable {
    /// `LAContext.canEvaluatePolicy(_:error:)`: whether `policy` can be evaluated now,
    /// without prompting. On `false`, `error` says why.
    func canEvaluatePolicy(_ policy: BiometricPolicy, error: inout LocalAuthenticationError?) -> Bool

    /// `LAContext.biometryType`: filled in by ``canEvaluatePolicy(_:error:)`` (whatever it
    /// returns), ``BiometryType/none`` before.
    var biometryType: BiometryType { get }

    /// `LAContext.evaluatePolicy(_:localizedReason:)`: shows the prompt with `localizedReason`
    /// and returns when the user passed it.
    func evaluatePolicy(_ policy: BiometricPolicy, localizedReason: String) async throws(LocalAuthenticationError)

    /// `LAContext.evaluatedPolicyDomainState`: an opaque value that changes whenever the set
    /// of enrolled fingers or faces changes; `nil` until a check or evaluation succeeded, and
    /// on a device without enrolled biometry.
    var evaluatedPolicyDomainState: Data? { get }

    /// `LAContext.touchIDAuthenticationAllowableReuseDuration`: how long (seconds) after a
    /// biometric unlock of the device an evaluation succeeds without a prompt. 0 (the
    /// default) always prompts; iOS caps it at
    /// ``BiometricPolicy/maximumAllowableReuseDuration``.
    var touchIDAuthenticationAllowableReuseDuration: TimeInterval { get set }

    /// `LAContext.interactionNotAllowed`: when `true`, an evaluation that would need a
    /// prompt fails with ``LocalAuthenticationError/Code/notInteractive`` instead.
    var interactionNotAllowed: Bool { get set }

    /// `LAContext.invalidate()`: ends the context; a prompt it shows is dismissed and later
    /// evaluations fail with ``LocalAuthenticationError/Code/invalidContext``.
    func invalidate()
}

/// Apple's `LAPolicy`: what an evaluation accepts.
public enum BiometricPolicy: Sendable, Hashable, CaseIterable {
    /// `.deviceOwnerAuthenticationWithBiometrics`: Face ID, Touch ID or Optic ID only. The
    /// prompt's fallback button ends the evaluation with ``BiometricOutcome/userFallback``,
    /// and the app decides what the fallback is.
    case biometrics
    /// `.deviceOwnerAuthentication`: biometry, with the device passcode as the system's own
    /// fallback (and the only way in while biometry is unavailable or locked out).
    case deviceOwner

    /// `LATouchIDAuthenticationMaximumAllowableReuseDuration`: 300 seconds.
    public static let maximumAllowableReuseDuration: TimeInterval = 300
}

/// Apple's `LABiometryType`: the device's biometric hardware.
public enum BiometryType: Sendable, Hashable, CaseIterable {
    /// No biometry, or not known yet (before `canEvaluatePolicy`).
    case none
    /// Touch ID.
    case touchID
    /// Face ID.
    case faceID
    /// Optic ID (Apple Vision Pro).
    case opticID
}
