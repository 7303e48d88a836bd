/// Who must be present to use an item or key: Apple's `SecAccessControlCreateFlags`,
/// with Apple's bit values (`SecAccessControl.h`).
///
/// Combine constraints with ``or`` or ``and``, e.g. `[.biometryCurrentSet, .or, .devicePasscode]`.
/// Use ``biometryCurrentSet`` for secrets that must die when someone enrols a new
/// finger or face (the attacker who knows the passcode and adds their own finger);
/// ``biometryAny`` when a new enrolment must not lock the user out.
public struct AccessControl: OptionSet, Sendable, Hashable {
    /// Apple's `SecAccessControlCreateFlags` bits.
    public let rawValue: UInt

    /// Creates flags from Apple's raw bit values.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// `kSecAccessControlUserPresence` (1 << 0): biometry or passcode.
    public static let userPresence = AccessControl(rawValue: 1 << 0)
    /// `kSecAccessControlBiometryAny` (1 << 1): any enrolled finger or face, also ones
    /// enrolled later.
    public static let biometryAny = AccessControl(rawValue: 1 << 1)
    /// `kSecAccessControlBiometryCurrentSet` (1 << 3): only the fingers or faces enrolled
    /// now; the item becomes unusable when the enrolment changes.
    public static let biometryCurrentSet = AccessControl(rawValue: 1 << 3)
    /// `kSecAccessControlDevicePasscode` (1 << 4): the device passcode.
    public static let devicePasscode = AccessControl(rawValue: 1 << 4)
    /// `kSecAccessControlOr` (1 << 14): any one of the constraints suffices.
    public static let or = AccessControl(rawValue: 1 << 14)
    /// `kSecAccessControlAnd` (1 << 15): all constraints are required.
    public static let and = AccessControl(rawValue: 1 << 15)
    /// `kSecAccessControlPrivateKeyUsage` (1 << 30): for Secure Enclave private keys.
    public static let privateKeyUsage = AccessControl(rawValue: 1 << 30)

    /// Whether using the item needs a biometric or passcode prompt.
    public var requiresAuthentication: Bool {
        !intersection([.userPresence, .biometryAny, .biometryCurrentSet, .devicePasscode]).isEmpty
    }
}
