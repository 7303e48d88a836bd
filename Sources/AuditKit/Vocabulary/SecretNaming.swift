/// The union of the two "does this name a secret?" predicates the rules use
/// (``SensitiveNames`` for identifiers and keys, ``SecretValueNames`` for values), for
/// pre-checks that must not miss what either would catch. A secret value's name is always
/// a sensitive name, so the union is ``SensitiveNames/isSensitive(_:)``.
package enum SecretNaming {
    package static func isSecretName(_ name: String) -> Bool {
        SensitiveNames.isSensitive(name)
    }

    /// ``isSecretName(_:)`` for a name in a file's text, without copying it unless the
    /// byte-level pre-check passes.
    package static func isSecretName(_ name: Substring) -> Bool {
        SensitiveNames.mayBeSensitive(name.utf8) && SensitiveNames.isSensitive(String(name))
    }
}
