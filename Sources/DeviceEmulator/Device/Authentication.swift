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
    /// The scripted result of the next prompt, consumed by it.
    var nextResult: BiometricResult?
    /// Contexts that authenticated, with the enrolment they authenticated under.
    private var authenticatedContexts: [UUID: UInt64] = [:]
    /// Every prompt shown, oldest first.
    private(set) var prompts: [AuthenticationPrompt] = []

    init(biometry: EmulatedDevice.Biometry) {
        self.biometry = biometry
    }

    // MARK: Device events

    /// A new finger or face is enrolled: `biometryCurrentSet` bindings and authenticated
    /// contexts become stale. No effect on a device without biometry.
    mutating func enrolNewBiometry() {
        guard biometry != .none else { return }
        enrolment += 1
        authenticatedContexts.removeAll()
    }

    /// Forgets every authenticated context (reboot, passcode removal, restore).
    mutating func forgetContexts() {
        authenticatedContexts.removeAll()
    }

    // MARK: Policy evaluation

    /// The prompt that satisfies `policy` on this device, or `nil` when nothing can:
    /// biometry-only constraints on a device without biometry, a `biometryCurrentSet`
    /// binding after an enrolment change, a passcode constraint without a passcode.
    func promptKind(for policy: AccessPolicy, passcodeSet: Bool) -> AuthenticationPrompt.Kind? {
        let hasBiometry = biometry != .none
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
        let result = nextResult ?? .success
        nextResult = nil
        switch result {
        case .success:
            satisfiedInThisCall = true
            if let context = options.context { authenticatedContexts[context.id] = enrolment }
        case .userCancel:
            throw .userCanceled
        case .failure, .lockout:
            throw .failed
        }
    }
}
