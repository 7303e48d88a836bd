/// The narrower questions on a sensitive name: whether it holds a secret's *value*
/// (`token`, `apiKey`, `user.password`) rather than something about a secret
/// (`tokenCount`, `pinCodeLength`, `passwordField`, `isPasswordValid`, `tokenKey` — the
/// defaults key a token is stored under), and whether that value is a user's password or
/// PIN. The rules that ask "is this binding or expression a secret value?" (hard-coded
/// secrets, logging, password hashing) ask here, so they agree.
extension SecretNames {
    /// Last words that make a secret-sounding name describe something else.
    package static let describingWords: Set<String> = [
        "count", "length", "size", "field", "fields", "label", "view", "button", "cell", "enabled", "disabled",
        "visible", "hidden", "valid", "invalid", "required", "type", "kind", "expiry", "expiration", "expires",
        "expired", "date", "time", "timestamp", "url", "endpoint", "path", "name", "title", "placeholder", "hint",
        "policy", "rules", "rule", "error", "errors", "status", "state", "mode", "style", "format", "storage",
        "store", "manager", "service", "provider", "handler", "delegate", "controller", "changed", "updated",
        "saved", "missing", "present", "exists", "attempts", "retries", "failures", "tries", "until", "version", "index", "hash", "hashed",
        "digest", "fingerprint", "mask", "masked", "redacted", "lifetime", "ttl", "scope", "scopes", "issuer",
        "audience", "identifier", "id", "ids", "tag", "account", "header", "param", "parameter", "regex", "pattern",
        "message", "text", "prompt", "description", "strength", "score", "requirement", "requirements",
        "keychain", "query", "request", "response", "result", "callback", "completion", "task", "timer",
        "interval", "duration", "limit", "max", "min", "minimum", "maximum", "validator", "generator", "entry",
        "screen", "sheet", "alert", "visibility", "toggle", "icon", "image", "color", "font", "padding", "offset",
        "reset", "recovery", "notification", "event", "action", "location", "position", "flag", "set", "provided",
        "entered", "matches", "match", "mismatch", "confirmed", "configured", "available", "supported",
        "seconds", "minutes", "hours", "days", "ms", "millis",
        // Settings about a secret (`passwordGeneratorConfig`).
        "config", "configuration", "settings", "params", "parameters", "options", "preferences",
        // A map pin's place (`firstPinLatitude`).
        "latitude", "longitude", "lat", "lon", "lng", "coordinate", "coordinates", "annotation",
    ]

    /// First words of Boolean or action names (`isPasswordSet`, `showPassword`).
    package static let predicateWords: Set<String> = [
        "is", "has", "should", "can", "did", "will", "show", "hide", "needs", "needed", "use", "uses", "allow",
        "allows", "requires", "enable", "disable", "toggle", "validate", "verify", "check", "save", "store",
        "delete", "remove", "clear", "reset", "forgot", "update", "change", "handle", "on", "set",
    ]

    /// Words after which a name says where its value comes from or is for.
    package static let prepositions: Set<String> = ["from", "for", "of"]

    /// Secret words whose `…Key` still names a secret value (`apiKey`, `privateKey`).
    package static let keyQualifiers: Set<String> = [
        "api", "private", "secret", "access", "signing", "encryption", "master", "auth", "session", "client",
        "symmetric", "app", "license", "server", "hmac", "aes", "crypto", "cipher",
    ]

    /// Whether `name` names a secret's value: it is sensitive (``SecretNames``), does
    /// not end in a describing word and does not start with a predicate.
    package static func isSecretValue(_ name: String) -> Bool {
        guard SecretNames.mayBeSensitive(name.utf8) else { return false }
        let words = SecretNames.splitWords(name)
        guard let last = words.last, let first = words.first, SecretNames.isSensitive(name) else { return false }
        if isNonCredentialToken(words) { return false }
        if predicateWords.contains(first) && words.count > 1 { return false }
        // `passwordFromKeychain`, `tokenForUser`: the words before the preposition name
        // the value, whatever names its source.
        // `lengthOfPassword`, `keyForToken`: what the head names is a fact or a key name.
        if let cut = words.firstIndex(where: { prepositions.contains($0) }), cut > 0, cut < words.count - 1 {
            if isSecretValue(words[..<cut].joined(separator: "_")) { return true }
            if describingWords.contains(words[cut - 1]) || words[cut - 1] == "key" { return false }
        }
        if last == "key" {
            // `apiKey`, `privateKey` hold secrets; `tokenKey`, `passwordKey` are key names.
            guard words.count >= 2 else { return false }
            return keyQualifiers.contains(words[words.count - 2]) || words[words.count - 2].hasSuffix("api")
        }
        if describingWords.contains(last) && words.count > 1 { return false }
        return true
    }

    /// Tokens that are identifiers or cursors, not credentials: a push token (APNs, FCM:
    /// sending a notification needs the provider's key, not the token), a CloudKit change
    /// token, a pagination or cancellation token.
    package static let nonCredentialTokenQualifiers: Set<String> = [
        "push", "apns", "fcm", "notification", "notifications", "registration", "change", "changes", "page", "paging", "pagination",
        "continuation", "cancellation", "next", "sync",
    ]

    /// `pushToken`, `apnsDeviceToken`, `serverChangeToken`, `nextPageToken`: a token named
    /// by one of ``nonCredentialTokenQualifiers`` (possibly with `device` in between).
    package static func isNonCredentialToken(_ words: [String]) -> Bool {
        guard let last = words.last, last == "token" || last == "tokens", words.count >= 2 else { return false }
        let qualifiers = words.dropLast().suffix(2).filter { $0 != "device" }
        return qualifiers.contains(where: nonCredentialTokenQualifiers.contains)
    }

    /// Whether `name` sounds sensitive but names a fact about the secret, not the secret: a
    /// count, a state, a date or a flag (`failedPinAttempts`, `passcodeEnabled`,
    /// `tokenExpiryDate`, `applock-failed-passcode-attempts`, `isPinSet`), by the same
    /// ``describingWords`` and ``predicateWords`` as ``isSecretValue(_:)``. Unlike there, a
    /// trailing `key` is the name of the slot a value is stored under (`failedPinAttemptsKey`
    /// describes what its value is; `passcodeKey` stays the passcode's key), and a secret
    /// whose own name ends in a describing word (`sessionId`, a stem) is no fact.
    package static func describesSecret(_ name: String) -> Bool {
        guard SecretNames.mayBeSensitive(name.utf8), SecretNames.isSensitive(name) else { return false }
        var words = SecretNames.splitWords(name)
        if words.count > 2, words.last == "key" || words.last == "keys" { words.removeLast() }
        guard words.count > 1, let first = words.first, let last = words.last else { return false }
        if predicateWords.contains(first) { return true }
        if SecretNames.stems.contains(words.suffix(2).joined()) { return false }
        return describingWords.contains(last)
    }

    /// Whether `name` names a user's password or PIN (not a token): what a fast hash
    /// must not be applied to.
    package static func isPasswordLike(_ name: String) -> Bool {
        let words = SecretNames.splitWords(name)
        let joined = words.joined()
        if ["password", "passwd", "passcode", "passphrase"].contains(where: joined.contains) { return true }
        return words.contains { ["pin", "pins", "pincode", "pwd"].contains($0) }
    }
}
