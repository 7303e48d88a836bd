import Foundation
import SecureStorage

/// An access control to satisfy, with the biometric enrolment it was bound to when the
/// item or key was created.
struct AccessPolicy: Sendable, Equatable {
    let flags: AccessControl
    let boundEnrolment: UInt64
}

/// Why an authentication did not succeed.
enum AuthenticationFailure: Error, Sendable, Equatable {
    /// The user cancelled (-128).
    case userCanceled
    /// Biometry or passcode failed, biometry is locked out, or the policy cannot be
    /// satisfied on this device any more (-25293).
    case failed
    /// A prompt was needed but the caller forbade it with `u_AuthUIF` (-25308).
    case interactionNotAllowed

    /// Apple's status.
    var status: Int32 {
        switch self {
        case .userCanceled: return KeychainConstants.statusUserCanceled
        case .failed: return KeychainConstants.statusAuthFailed
        case .interactionNotAllowed: return KeychainConstants.statusInteractionNotAllowed
        }
    }

    /// The `KeychainError` the Secure Enclave throws.
    var keychainError: KeychainError {
        switch self {
        case .userCanceled: return .userCanceled
        case .failed: return .authenticationFailed
        case .interactionNotAllowed: return .interactionNotAllowed
        }
    }

    var reason: String {
        switch self {
        case .userCanceled: return "the user cancelled the authentication prompt"
        case .failed: return "authentication failed, or the access control cannot be satisfied on this device"
        case .interactionNotAllowed: return "authentication needs a prompt but the caller did not allow UI"
        }
    }
}

/// The caller's options for one authorisation.
struct AuthorizationOptions: Sendable {
    var context: AuthenticationContext?
    var allowsPrompt = true
    var operationPrompt: String?
}

/// The device's biometry and prompt logic: which prompt an access control needs, whether it
/// can be satisfied at all, the scripted result of the next prompt, and which
/// authentication contexts have already authenticated.
struct AuthenticationState: Sendable {
    /// The device's biometric hardware; `.none` means no biometry can ever succeed.
    let biometry: EmulatedDevice.Biometry
    /// Bumped by every change of enrolled fingers or faces.
    private(set) var enrolment: UInt64 = 0
    /// Whether at least one finger or face is enrolled (never on a device without biometry).
    private(set) var isEnrolled: Bool
    /// Failed biometric matches since the last successful match or passcode entry.
    private(set) var failedBiometricMatches = 0
    /// Whether biometry is locked out: the fifth failed match in a row; the passcode lifts it.
    private(set) var isLockedOut = false
    /// When the device was last unlocked with biometry (the start of the reuse window).
    var lastBiometricUnlock: Date?
    /// The scripted results of the next prompts, oldest first, each consumed by one prompt.
    var nextResults: [BiometricResult] = []
    /// Contexts that authenticated, with the enrolment they authenticated under.
    private var authenticatedContexts: [UUID: UInt64] = [:]
    /// Every prompt shown, oldest first.
    private(set) var prompts: [AuthenticationPrompt] = []

    init(biometry: EmulatedDevice.Biometry) {
        self.biometry = biometry
        isEnrolled = biometry != .none
    }

    /// Whether a biometric prompt can match now: hardware, an enrolment, no lockout.
    var canMatchBiometry: Bool { biometry != .none && isEnrolled && !isLockedOut }

    // MARK: Device events

    /// A new finger or face is enrolled: `biometryCurrentSet` bindings and authenticated
    /// contexts become stale. No effect on a device without biometry.
    mutating func enrolNewBiometry() {
        guard biometry != .none else { return }
        enrolment += 1
        isEnrolled = true
        authenticatedContexts.removeAll()
    }

    /// Every finger or face is deleted: biometry-only constraints cannot be satisfied until
    /// a new enrolment, and `biometryCurrentSet` bindings are stale for good.
    mutating func removeEnrolment() {
        guard isEnrolled else { return }
        enrolment += 1
        isEnrolled = false
        authenticatedContexts.removeAll()
    }

    /// The next scripted result (success when none is scripted), consumed.
    mutating func takeNextResult() -> BiometricResult {
        nextResults.isEmpty ? .success : nextResults.removeFirst()
    }

    /// Records a prompt shown.
    mutating func record(_ prompt: AuthenticationPrompt) {
        prompts.append(prompt)
    }

    /// A biometric match succeeded: the failure count starts again.
    mutating func biometricMatchSucceeded() {
        failedBiometricMatches = 0
    }

    /// A biometric match failed; returns whether this failure locked biometry out (the fifth).
    mutating func biometricMatchFailed() -> Bool {
        failedBiometricMatches += 1
        if failedBiometricMatches >= Self.failedMatchesBeforeLockout { isLockedOut = true }
        return isLockedOut
    }

    /// Scripted lockout: biometry is locked out at once.
    mutating func lockOutBiometry() {
        guard biometry != .none else { return }
        failedBiometricMatches = Self.failedMatchesBeforeLockout
        isLockedOut = true
    }

    /// The passcode was entered (unlock, or a passcode prompt): the lockout is lifted.
    mutating func passcodeEntered() {
        failedBiometricMatches = 0
        isLockedOut = false
    }

    /// iOS locks biometry out after five failed matches in a row.
    static let failedMatchesBeforeLockout = 5

    /// Forgets every authenticated context (reboot, passcode removal, restore).
    mutating func forgetContexts() {
        authenticatedContexts.removeAll()
    }

    // MARK: Policy evaluation

    /// The prompt that satisfies `policy` on this device, or `nil` when nothing can:
    /// biometry-only constraints on a device without biometry, a `biometryCurrentSet`
    /// binding after an enrolment change, a passcode constraint without a passcode.
    func promptKind(for policy: AccessPolicy, passcodeSet: Bool) -> AuthenticationPrompt.Kind? {
        let hasBiometry = biometry != .none && isEnrolled
        var options: [AuthenticationPrompt.Kind?] = []
        if policy.flags.contains(.userPresence) {
            options.append(hasBiometry ? .biometry : passcodeSet ? .passcode : nil)
        }
        if policy.flags.contains(.biometryAny) {
            options.append(hasBiometry ? .biometry : nil)
        }
        if policy.flags.contains(.biometryCurrentSet) {
            options.append(hasBiometry && policy.boundEnrolment == enrolment ? .biometry : nil)
        }
        if policy.flags.contains(.devicePasscode) {
            options.append(passcodeSet ? .passcode : nil)
        }
        let available = options.compactMap { $0 }
        if policy.flags.contains(.or) {
            // Any one constraint suffices; biometry first, as iOS offers it first.
            return available.contains(.biometry) ? .biometry : available.first
        }
        // Default and `.and`: every constraint is required.
        guard available.count == options.count, !available.isEmpty else { return nil }
        let kinds = Set(available)
        return kinds.count > 1 ? .biometryAndPasscode : kinds.first
    }

    /// Whether `policy` can never be satisfied again on this device: a `biometryCurrentSet`
    /// binding whose enrolment changed, with no other way in.
    func isInvalidated(_ policy: AccessPolicy, passcodeSet: Bool) -> Bool {
        policy.flags.contains(.biometryCurrentSet) && policy.boundEnrolment != enrolment
            && promptKind(for: policy, passcodeSet: passcodeSet) == nil
    }

    // MARK: Authorisation

    /// Whether `context` has authenticated under the current enrolment.
    func isAuthenticated(_ context: AuthenticationContext?) -> Bool {
        guard let context else { return false }
        return authenticatedContexts[context.id] == enrolment
    }

    /// Satisfies `policy`, prompting when needed.
    ///
    /// - Parameter satisfiedInThisCall: one prompt covers every item of one call; set once
    ///   a prompt succeeds.
    mutating func authorize(
        _ policy: AccessPolicy, passcodeSet: Bool, options: AuthorizationOptions, satisfiedInThisCall: inout Bool
    ) throws(AuthenticationFailure) {
        guard let kind = promptKind(for: policy, passcodeSet: passcodeSet) else { throw .failed }
        if satisfiedInThisCall { return }
        if isAuthenticated(options.context) {
            satisfiedInThisCall = true
            return
        }
        guard options.allowsPrompt else { throw .interactionNotAllowed }
        prompts.append(AuthenticationPrompt(kind: kind, operationPrompt: options.operationPrompt))
        switch takeNextResult() {
        case .success:
            satisfiedInThisCall = true
            if let context = options.context { authenticatedContexts[context.id] = enrolment }
        case .userCancel, .userFallback, .appSentToBackground:
            // Every cancel of a keychain prompt is -128; the passcode entry after a
            // fallback is not modelled here.
            throw .userCanceled
        case .failure, .lockout:
            throw .failed
        }
    }
}
