import AuditKit

extension LogSensitiveData {
    /// For Swift: whether the file both logs (a logging function or a logger is named) and
    /// names a secret (an identifier or a string key that is secret-named, an HTTP
    /// credential header, or a literal that may label a secret: ``SensitiveLabels``), judged on the lexical scan without parsing: the two things a
    /// finding of ``check(_:project:)`` needs.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let identifiers = swift.lexical.identifiers
        let logs = identifiers.contains { identifier in
            Self.freeFunctions.contains(String(identifier)) || identifier == "log" || identifier == "Logger"
                || identifier.lowercased().hasSuffix("logger") || identifier == "logging"
        }
        guard logs else { return false }
        if ["Authorization", "Bearer", "Cookie"].contains(where: { ByteSearch.contains(swift.text, $0) }) { return true }
        if swift.mentionsSecretNames { return true }
        return swift.lexical.literals.contains { SecretNames.isSecretValue(String($0)) || SensitiveLabels.mayLabel($0) }
    }
}
