/// How the next emulated authentication prompt ends, set with
/// ``EmulatedDevice/setNextBiometricResult(_:)`` (or several with
/// ``EmulatedDevice/scriptBiometricResults(_:)``). One-shot: the prompt after it succeeds
/// again.
///
/// The result applies to whichever prompt comes next, biometric or passcode: a keychain or
/// Secure Enclave prompt, or an ``EmulatedLAContext`` evaluation (where each case maps to
/// an `LAError`, see <doc:LocalAuthenticationBehaviour>).
public enum BiometricResult: Sendable, Hashable, CaseIterable {
    /// The user authenticates.
    case success
    /// The user taps Cancel: keychain reads return -128 (`errSecUserCanceled`), enclave
    /// signing throws `KeychainError.userCanceled`.
    case userCancel
    /// The face or finger (or passcode) does not match: -25293 (`errSecAuthFailed`).
    case failure
    /// Too many failed attempts lock biometry out: -25293 (`errSecAuthFailed`), as iOS
    /// returns when the item's access control offers no passcode fallback. For keychain and
    /// enclave prompts the emulator does not model the passcode fallback after a lockout;
    /// for an ``EmulatedLAContext`` biometry stays locked out until the passcode is entered.
    case lockout
    /// The user taps the fallback button ("Enter Password"): `LAError.userFallback` for the
    /// biometrics-only policy; the passcode, entered, for the device-owner policy. Keychain
    /// and enclave prompts report it as -128.
    case userFallback
    /// The user switches to another app while the prompt shows: the app is sent to the
    /// background and the evaluation ends with `LAError.systemCancel`. Keychain and enclave
    /// prompts report it as -128.
    case appSentToBackground
}
