import AuditKit

/// The keychain rules, in the order `--list-rules` prints them.
enum KeychainRules {
    static let all: [any AuditRule] = [
        KeychainAccessibleMissing(),
        KeychainAccessibleAlways(),
        KeychainSynchronizableSecret(),
        KeychainDeleteThenAdd(),
        KeychainErrorsCollapsed(),
        KeychainAccessibleInQuery(),
        KeychainAccessGroupBroad(),
    ]
}
