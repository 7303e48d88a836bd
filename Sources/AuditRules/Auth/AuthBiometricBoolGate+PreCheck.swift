import AuditKit

extension AuthBiometricBoolGate {
    /// For Swift: whether the file calls `evaluatePolicy`, or names something biometric
    /// together with something that authenticates, verifies, evaluates or unlocks (a
    /// biometric wrapper's call), or creates access control (whose biometry flags silence
    /// the rule): the only places ``check(_:project:)`` reports or reads. Judged on the
    /// lexical scan, without parsing.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let identifiers = swift.lexical.identifiers
        if identifiers.contains("evaluatePolicy") || identifiers.contains("SecAccessControlCreateWithFlags") { return true }
        let lowered = identifiers.map { $0.lowercased() }
        return lowered.contains { name in Self.biometricWords.contains { name.contains($0) } }
            && lowered.contains { name in Self.actionWords.contains { name.contains($0) } }
    }
}
