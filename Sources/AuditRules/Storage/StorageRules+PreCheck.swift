import AuditKit

// Storage rules report secrets written to defaults, plists, archives or files: in Swift a
// finding needs a secret-named identifier or key somewhere in the file (a value, a key, a
// type or one of its stored properties). The explicit "no protection" options are the one
// exception, reported whatever is written.

extension StorageSecretInUserDefaults {
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        if swift.mentionsSecretNames { return true }
        // A wrapper that stores its parameter (`func store(_ value: String?, for key: Keys)
        // { defaults.set(value, forKey: key.storageKey) }`) is reported at its callers, which
        // name the secret; the wrapper itself must stay for them.
        return ByteSearch.contains(swift.text, "func ") && ByteSearch.contains(swift.text, ".set(") && ByteSearch.contains(swift.text, "forKey")
    }
}

extension StorageSecretInPlistFile {
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        return swift.mentionsSecretNames
    }
}

extension StorageSecretArchivedToFile {
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        return swift.mentionsSecretNames
    }
}

extension StorageFileWithoutProtection {
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        if ["noFileProtection", "NSFileProtectionNone", "FileProtectionNone", ".none"].contains(where: { ByteSearch.contains(swift.text, $0) }) {
            return true
        }
        return swift.mentionsSecretNames
    }
}
