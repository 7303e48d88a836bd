/// Which of a device's keys signs a response.
public enum KeyKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The device key: usable without biometry, always answered together with the PIN.
    case device
    /// The biometric key: usable only after Face ID, Touch ID or fingerprint.
    case biometric

    /// Orders `device` before `biometric`, the order used in listings.
    public static func < (lhs: KeyKind, rhs: KeyKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
