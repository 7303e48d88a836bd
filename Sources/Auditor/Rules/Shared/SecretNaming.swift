/// The union of the two "does this name a secret?" predicates the rules use
/// (``SensitiveNames`` for identifiers and keys, ``SecretValueNames`` for values), for
/// pre-checks that must not miss what either would catch.
enum SecretNaming {
    static func isSecretName(_ name: String) -> Bool {
        SensitiveNames.isSensitive(name) || SecretValueNames.isSecretValue(name)
    }
}
