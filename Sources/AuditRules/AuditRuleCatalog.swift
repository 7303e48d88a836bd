import AuditKit

/// Every rule, by category, in the order `--list-rules` prints them. Each category's
/// folder lists its own rules (`Storage/StorageRules.swift`, …).
package enum AuditRuleCatalog {
    package static let all: [any AuditRule] =
        StorageRules.all + KeychainRules.all + AuthRules.all + NetworkRules.all + SecretsRules.all
        + CryptoRules.all + LoggingRules.all + PlatformRules.all + PrivacyRules.all

    /// The rule with `id`.
    package static func rule(_ id: String) -> (any AuditRule)? {
        all.first { $0.metadata.id == id }
    }
}
