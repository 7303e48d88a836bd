import AuditKit

/// The storage rules, in the order `--list-rules` prints them.
enum StorageRules {
    static let all: [any AuditRule] = [
        StorageSecretInUserDefaults(),
        StorageSecretInPlistFile(),
        StorageSecretArchivedToFile(),
        StorageSecretInDatabase(),
        StorageSecretInCookie(),
        StorageFileWithoutProtection(),
    ]
}
