/// How the next emulated authentication prompt ends, set with
/// ``EmulatedDevice/setNextBiometricResult(_:)``. One-shot: the prompt after it succeeds
/// again.
///
/// The result applies to whichever prompt comes next, biometric or passcode.
public enum BiometricResult: Sendable, Hashable, CaseIterable {
    /// The user authenticates.
    case success
    /// The user taps Cancel: keychain reads return -128 (`errSecUserCanceled`), enclave
    /// signing throws `KeychainError.userCanceled`.
    case userCancel
    /// The face or finger (or passcode) does not match: -25293 (`errSecAuthFailed`).
    case failure
    /// Too many failed attempts lock biometry out: -25293 (`errSecAuthFailed`), as iOS
    /// returns when the item's access control offers no passcode fallback. The emulator
    /// does not model the passcode fallback after a lockout.
    case lockout
}
