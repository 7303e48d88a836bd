/// Names that say a value is a secret: tokens, passwords, PINs, keys, sessions. Shared by
/// every rule that asks "is this sensitive?", so they agree.
public enum SensitiveNames {
    /// Lower-cased word stems that mark a secret when they appear in an identifier or key.
    static let stems: [String] = [
        "password", "passwd", "passcode", "pwd", "secret", "token", "apikey", "api_key", "accesskey",
        "privatekey", "private_key", "credential", "sessionid", "session_id", "sessiontoken", "authkey",
        "auth_key", "bearer", "jwt", "pin", "otp", "cvv", "cardnumber", "refreshtoken", "clientsecret",
        "signingkey", "encryptionkey", "masterkey", "seed", "mnemonic",
    ]

    /// Stems that only count as a whole word (they occur inside innocent words:
    /// "pin" in "spinner", "shipping"; "seed" in "seeded"; "otp" in "hotpot").
    static let wholeWordStems: Set<String> = ["pin", "otp", "pwd", "seed", "jwt", "cvv"]

    /// Whether `name` (an identifier, a defaults key, a dictionary key) names a secret.
    /// Splits camelCase, snake_case, kebab-case and dots into words.
    public static func isSensitive(_ name: String) -> Bool {
        let words = splitWords(name)
        let joined = words.joined()
        for stem in stems {
            if wholeWordStems.contains(stem) {
                if words.contains(stem) || words.contains(stem + "s") || words.contains(stem + "code") { return true }
            } else if ByteSearch.contains(joined, stem.replacingOccurrences(of: "_", with: "")) {
                return true
            }
        }
        return false
    }

    /// `userAuthToken` → ["user", "auth", "token"]; `API_KEY` → ["api", "key"].
    static func splitWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in name {
            if character == "_" || character == "-" || character == "." || character == " " || character == "/" {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase && previousIsLower {
                words.append(current)
                current = ""
            }
            current.append(Character(character.lowercased()))
            previousIsLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
