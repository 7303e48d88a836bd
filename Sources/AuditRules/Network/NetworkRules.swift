import AuditKit

/// The network rules, in the order `--list-rules` prints them.
enum NetworkRules {
    static let all: [any AuditRule] = [
        NetworkATSDisabled(),
        NetworkTrustBypass(),
        NetworkSinglePin(),
        NetworkCleartextURL(),
        NetworkWebViewFileAccess(),
    ]
}
