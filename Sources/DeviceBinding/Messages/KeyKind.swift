/// Which of a device's keys signs: the device key that is usable without biometry and is
/// paired with the server-side PIN, or the one that needs biometry.
///
/// Ordered (and listed by `allCases`) `device` before `biometric`, the order of listings.
public enum KeyKind: String, Codable, Sendable, CaseIterable, Comparable {
    /// The key usable without biometry; its responses must carry the PIN.
    case device
    /// The key whose use requires Face ID, Touch ID or the Android biometric prompt.
    case biometric

    /// Orders `device` before `biometric`.
    public static func < (lhs: KeyKind, rhs: KeyKind) -> Bool {
        lhs == .device && rhs == .biometric
    }
}
