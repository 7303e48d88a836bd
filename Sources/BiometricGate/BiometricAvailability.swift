/// Whether a biometric prompt can be shown now, and on which hardware; from
/// ``BiometricGate/availability()``.
public enum BiometricAvailability: Sendable, Hashable {
    /// The policy can be evaluated; the prompt will be this kind of biometry (or, for
    /// ``BiometricPolicy/deviceOwner`` on a device without biometry, the passcode:
    /// ``BiometryType/none``).
    case available(BiometryType)
    /// The policy cannot be evaluated now. `biometryType` is the hardware iOS reports even
    /// then, so the app can say "Set up Face ID" rather than "Set up biometry".
    case unavailable(BiometricUnavailableReason, biometryType: BiometryType)

    /// Whether a prompt can be shown.
    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }
}

/// Why biometric authentication cannot be used now, and what the user can do about it.
public enum BiometricUnavailableReason: Sendable, Hashable, CaseIterable {
    /// No biometric hardware, or the user denied this app Face ID (Settings › the app ›
    /// Face ID turns it back on). Offer the app's other way in.
    case notAvailable
    /// The hardware is there but no finger or face is enrolled: the user can enrol one in
    /// Settings.
    case notEnrolled
    /// Too many failed matches: biometry works again after the user enters the device
    /// passcode (unlocking the phone, or a ``BiometricPolicy/deviceOwner`` prompt).
    case lockout
    /// No device passcode: iOS offers neither biometry nor passcode authentication until
    /// one is set.
    case passcodeNotSet

    /// The reason for a `canEvaluatePolicy` or `evaluatePolicy` error that means
    /// "unavailable", or `nil` for codes that do not.
    init?(_ code: LocalAuthenticationError.Code) {
        switch code {
        case .biometryNotAvailable, .biometryNotPaired, .biometryDisconnected, .companionNotAvailable: self = .notAvailable
        case .biometryNotEnrolled: self = .notEnrolled
        case .biometryLockout: self = .lockout
        case .passcodeNotSet: self = .passcodeNotSet
        default: return nil
        }
    }
}
