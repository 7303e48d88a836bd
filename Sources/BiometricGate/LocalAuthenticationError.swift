/// An `LAError`, as its code: what the real context (``SystemBiometricContext``) and the
/// emulated one report. It carries no reason text, so it cannot leak one.
public struct LocalAuthenticationError: Error, Sendable, Hashable {
    /// `LAError.Code`, with Apple's raw values.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The `LAError.Code` raw value.
        public let rawValue: Int
        /// The code with this raw value (any value, so codes of newer systems survive).
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// -1: the user tried and did not match.
        public static let authenticationFailed = Code(rawValue: -1)
        /// -2: the user tapped Cancel.
        public static let userCancel = Code(rawValue: -2)
        /// -3: the user tapped the fallback button ("Enter Password").
        public static let userFallback = Code(rawValue: -3)
        /// -4: the system ended the prompt, e.g. because the app went to the background.
        public static let systemCancel = Code(rawValue: -4)
        /// -5: no passcode is set on the device.
        public static let passcodeNotSet = Code(rawValue: -5)
        /// -6: no biometric hardware, or the user denied the app the use of Face ID.
        public static let biometryNotAvailable = Code(rawValue: -6)
        /// -7: biometric hardware, but no finger or face enrolled.
        public static let biometryNotEnrolled = Code(rawValue: -7)
        /// -8: too many failed matches; the passcode unlocks biometry again.
        public static let biometryLockout = Code(rawValue: -8)
        /// -9: the app called `invalidate()` during the prompt.
        public static let appCancel = Code(rawValue: -9)
        /// -10: the context was invalidated before.
        public static let invalidContext = Code(rawValue: -10)
        /// -11: no paired companion device (watch) for the policy.
        public static let companionNotAvailable = Code(rawValue: -11)
        /// -12: a removable biometric accessory is not paired (macOS).
        public static let biometryNotPaired = Code(rawValue: -12)
        /// -13: a removable biometric accessory is disconnected (macOS).
        public static let biometryDisconnected = Code(rawValue: -13)
        /// -14: invalid dimensions of a custom prompt (visionOS).
        public static let invalidDimensions = Code(rawValue: -14)
        /// -1004: a prompt was needed but `interactionNotAllowed` forbade it.
        public static let notInteractive = Code(rawValue: -1004)

        /// The code's name and raw value, e.g. `biometryLockout (-8)`.
        public var description: String {
            let names: [Int: String] = [
                -1: "authenticationFailed", -2: "userCancel", -3: "userFallback", -4: "systemCancel", -5: "passcodeNotSet",
                -6: "biometryNotAvailable", -7: "biometryNotEnrolled", -8: "biometryLockout", -9: "appCancel", -10: "invalidContext",
                -11: "companionNotAvailable", -12: "biometryNotPaired", -13: "biometryDisconnected", -14: "invalidDimensions",
                -1004: "notInteractive",
            ]
            return "\(names[rawValue] ?? "LAError") (\(rawValue))"
        }
    }

    /// What went wrong.
    public let code: Code

    /// An error with this code.
    public init(_ code: Code) { self.code = code }
}
