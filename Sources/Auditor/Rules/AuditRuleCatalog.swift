/// Every rule, by category, in the order `--list-rules` prints them. Each category's
/// folder lists its own rules (`Storage/StorageRules.swift`, …).
public enum AuditRuleCatalog {
    public static let all: [any AuditRule] =
        StorageRules.all + KeychainRules.all + AuthRules.all + NetworkRules.all + SecretsRules.all
        + CryptoRules.all + LoggingRules.all + PlatformRules.all + PrivacyRules.all

    /// The rule with `id`.
    public static func rule(_ id: String) -> (any AuditRule)? {
        all.first { $0.metadata.id == id }
    }
}
