import AuditKit

/// The privacy rules, in the order `--list-rules` prints them.
enum PrivacyRules {
    static let all: [any AuditRule] = [
        PrivacyManifestMissing()
    ]
}
