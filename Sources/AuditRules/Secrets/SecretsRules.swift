import AuditKit

/// The secrets rules, in the order `--list-rules` prints them.
enum SecretsRules {
    static let all: [any AuditRule] = [
        SecretHardcoded()
    ]
}
