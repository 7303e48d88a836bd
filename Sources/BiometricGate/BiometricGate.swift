import Foundation

/// A thin LocalAuthentication wrapper that gets the order of calls and the outcomes right:
/// `canEvaluatePolicy` before every prompt (and before reading `biometryType`), a typed
/// reason when biometry is unavailable, a typed outcome for every way a prompt ends, and
/// detection of a new enrolment through `evaluatedPolicyDomainState`.
///
/// > Important: A ``BiometricOutcome/success`` is a value in the app's own memory. It
/// > unlocks nothing by itself, and a debugger or Frida can flip it. Gate a secret with the
/// > Keychain or the Secure Enclave instead: see <doc:SuccessUnlocksNothing>.
///
/// ```swift
/// let gate = BiometricGate(enrollmentStore: KeychainEnrollmentStateStore(keychain: keychain)) {
///     SystemBiometricContext()
/// }
/// switch await gate.authenticate(reason: "Show your balance") { … }
/// ```
///
/// Every call uses a new context from `makeContext`, and invalidates it when done.
public struct BiometricGate: Sendable {
    /// The policy every check and prompt evaluates.
    public let policy: BiometricPolicy
    /// How long after a biometric unlock of the device a prompt is skipped, already capped
    /// at ``BiometricPolicy/maximumAllowableReuseDuration``.
    public let reuseDuration: TimeInterval
    private let enrollmentStore: (any EnrollmentStateStore)?
    private let makeContext: @Sendable () -> any BiometricContext

    /// A gate.
    /// - Parameters:
    ///   - policy: ``BiometricPolicy/biometrics`` (the default) or
    ///     ``BiometricPolicy/deviceOwner`` (the passcode as the system's fallback).
    ///   - reuseDuration: seconds after a biometric unlock of the device during which the
    ///     prompt is skipped; 0 (the default) always prompts. Values above 300 s are capped,
    ///     as iOS caps them; negative values count as 0. Keep 0 for high-value actions.
    ///   - enrollmentStore: where the accepted domain state is kept; `nil` turns enrolment
    ///     change detection off.
    ///   - makeContext: a new context per call: `SystemBiometricContext()` on a device, an
    ///     emulated app's context in tests.
    public init(
        policy: BiometricPolicy = .biometrics, reuseDuration: TimeInterval = 0, enrollmentStore: (any EnrollmentStateStore)?,
        makeContext: @escaping @Sendable () -> any BiometricContext
    ) {
        self.policy = policy
        self.reuseDuration = min(max(reuseDuration, 0), BiometricPolicy.maximumAllowableReuseDuration)
        self.enrollmentStore = enrollmentStore
        self.makeContext = makeContext
    }

    /// Whether a prompt can be shown now, or why not, with the biometry type (read after
    /// `canEvaluatePolicy`, the only time iOS fills it in). Shows no prompt.
    public func availability() -> BiometricAvailability {
        let context = makeContext()
        defer { context.invalidate() }
        return Self.check(policy, on: context)
    }

    /// Checks the policy, then prompts with `reason`, and says how it ended. Never prompts
    /// when the check fails (that outcome is ``BiometricOutcome/unavailable(_:)``).
    public func authenticate(reason: String) async -> BiometricOutcome {
        let context = makeContext()
        defer { context.invalidate() }
        if case .unavailable(let why, _) = Self.check(policy, on: context) { return .unavailable(why) }
        context.touchIDAuthenticationAllowableReuseDuration = reuseDuration
        do {
            try await context.evaluatePolicy(policy, localizedReason: reason)
        } catch {
            return BiometricOutcome(error)
        }
        return enrollmentOutcome(context.evaluatedPolicyDomainState)
    }

    /// Accepts the enrolment as it is now, after the app re-verified the user another way
    /// following an ``BiometricOutcome/enrollmentChanged``. Shows no prompt.
    /// - Throws: ``BiometricGateError`` when there is no store, no enrolled biometry to
    ///   accept, or the store fails.
    public func acceptCurrentEnrollment() throws(BiometricGateError) {
        guard let enrollmentStore else { throw BiometricGateError(.noEnrollmentStore) }
        let context = makeContext()
        defer { context.invalidate() }
        var error: LocalAuthenticationError?
        guard context.canEvaluatePolicy(.biometrics, error: &error), let state = context.evaluatedPolicyDomainState else {
            throw BiometricGateError(.noEnrolledBiometry)
        }
        do {
            try enrollmentStore.acceptDomainState(state)
        } catch {
            throw BiometricGateError(.storeFailed)
        }
    }

    // MARK: Decisions

    /// `canEvaluatePolicy`, then `biometryType` (in that order, as iOS requires).
    static func check(_ policy: BiometricPolicy, on context: any BiometricContext) -> BiometricAvailability {
        var error: LocalAuthenticationError?
        let canEvaluate = context.canEvaluatePolicy(policy, error: &error)
        let type = context.biometryType
        if canEvaluate { return .available(type) }
        let reason = error.flatMap { BiometricUnavailableReason($0.code) } ?? .notAvailable
        return .unavailable(reason, biometryType: type)
    }

    /// A passed prompt's outcome once the domain state is compared with the accepted one.
    /// The first state seen is accepted; a store that cannot be read fails closed.
    private func enrollmentOutcome(_ state: Data?) -> BiometricOutcome {
        guard let enrollmentStore, let state else { return .success }
        do {
            guard let accepted = try enrollmentStore.acceptedDomainState() else {
                try enrollmentStore.acceptDomainState(state)
                return .success
            }
            return accepted == state ? .success : .enrollmentChanged
        } catch {
            return .failed
        }
    }
}
