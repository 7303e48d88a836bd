import BiometricGate
import DeviceTrustCrypto
import Foundation

/// What an ``EmulatedLAContext`` asks of the device for one evaluation.
struct LocalAuthenticationRequest: Sendable {
    let policy: BiometricPolicy
    let localizedReason: String
    let app: AppIdentity
    /// The context's reuse duration, already capped at 300 s.
    let reuseDuration: TimeInterval
    let interactionNotAllowed: Bool
    let now: Date
}

/// `LAContext`'s rules on the emulated device: what `canEvaluatePolicy` answers, and how an
/// evaluation ends (see <doc:LocalAuthenticationBehaviour>).
extension DeviceState {
    /// Why `policy` cannot be evaluated by app `key` now, or `nil` when it can.
    func localAuthenticationBlocker(_ policy: BiometricPolicy, app key: String) -> LocalAuthenticationError.Code? {
        switch policy {
        case .biometrics: return biometricBlocker(app: key)
        case .deviceOwner: return passcodeSet ? nil : .passcodeNotSet
        }
    }

    /// Why app `key` cannot use biometry now, or `nil`; checked in iOS's order: hardware and
    /// permission, passcode, enrolment, lockout.
    func biometricBlocker(app key: String) -> LocalAuthenticationError.Code? {
        if authentication.biometry == .none { return .biometryNotAvailable }
        if authentication.biometry == .faceID && faceIDPermissions[key]?.permission == .denied { return .biometryNotAvailable }
        if !passcodeSet { return .passcodeNotSet }
        if !authentication.isEnrolled { return .biometryNotEnrolled }
        if authentication.isLockedOut { return .biometryLockout }
        return nil
    }

    /// `evaluatedPolicyDomainState`: a digest of the device and its enrolment, or `nil`
    /// without enrolled biometry.
    func domainState(device: UUID) -> Data? {
        guard authentication.biometry != .none, authentication.isEnrolled else { return nil }
        var input = withUnsafeBytes(of: device.uuid) { Data($0) }
        input.append(contentsOf: withUnsafeBytes(of: authentication.enrolment.bigEndian) { Array($0) })
        return Data(SHA256.hash(data: input))
    }

    /// Evaluates `request`: checks, the Face ID permission prompt, the reuse window, then
    /// one prompt whose scripted result decides the outcome.
    mutating func evaluate(_ request: LocalAuthenticationRequest) throws(LocalAuthenticationError) {
        let key = request.app.applicationIdentifier
        if let blocker = localAuthenticationBlocker(request.policy, app: key) { throw LocalAuthenticationError(blocker) }
        var usesBiometry = biometricBlocker(app: key) == nil
        if usesBiometry, let last = authentication.lastBiometricUnlock, request.reuseDuration > 0,
            request.now >= last, request.now.timeIntervalSince(last) <= request.reuseDuration
        {
            return  // unlocked with biometry within the reuse window: no prompt
        }
        if request.interactionNotAllowed { throw LocalAuthenticationError(.notInteractive) }
        if backgroundApps.contains(key) { throw LocalAuthenticationError(.systemCancel) }
        if usesBiometry && authentication.biometry == .faceID && !askFaceIDPermission(for: request.app) {
            guard request.policy == .deviceOwner else { throw LocalAuthenticationError(.biometryNotAvailable) }
            usesBiometry = false
        }
        try prompt(usesBiometry ? .biometry : .passcode, request)
    }

    /// The Face ID permission of `app`, asked once per installation; `false` when denied or
    /// when the app has no `NSFaceIDUsageDescription` (then nothing is asked).
    private mutating func askFaceIDPermission(for app: AppIdentity) -> Bool {
        let key = app.applicationIdentifier
        var state = faceIDPermissions[key] ?? FaceIDPermissionState()
        defer { faceIDPermissions[key] = state }
        guard state.permission == .notDetermined else { return state.permission == .granted }
        guard app.faceIDUsageDescription != nil else { return false }
        state.promptsShown += 1
        state.permission = (state.scriptedAnswer ?? true) ? .granted : .denied
        state.scriptedAnswer = nil
        return state.permission == .granted
    }

    /// Shows one prompt of `kind` and ends it with the next scripted result.
    private mutating func prompt(_ kind: AuthenticationPrompt.Kind, _ request: LocalAuthenticationRequest) throws(LocalAuthenticationError) {
        authentication.record(AuthenticationPrompt(kind: kind, operationPrompt: request.localizedReason))
        switch authentication.takeNextResult() {
        case .success:
            if kind == .biometry { authentication.biometricMatchSucceeded() } else { authentication.passcodeEntered() }
        case .failure:
            if kind == .biometry && authentication.biometricMatchFailed() { throw LocalAuthenticationError(.biometryLockout) }
            throw LocalAuthenticationError(.authenticationFailed)
        case .lockout:
            guard kind == .biometry else { throw LocalAuthenticationError(.authenticationFailed) }
            authentication.lockOutBiometry()
            throw LocalAuthenticationError(.biometryLockout)
        case .userCancel:
            throw LocalAuthenticationError(.userCancel)
        case .userFallback:
            if kind == .passcode { throw LocalAuthenticationError(.userCancel) }  // the passcode screen has no fallback
            guard request.policy == .deviceOwner else { throw LocalAuthenticationError(.userFallback) }
            // The device-owner policy's fallback is the system's passcode prompt.
            try prompt(.passcode, request)
        case .appSentToBackground:
            backgroundApps.insert(request.app.applicationIdentifier)
            throw LocalAuthenticationError(.systemCancel)
        }
    }
}
