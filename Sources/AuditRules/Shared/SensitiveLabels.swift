import AuditKit

/// Text that labels the value written right after it as a secret, whatever the value's
/// own name: `"encryption key is \(vendorID)"`, `@"Password from keychain: %@"`,
/// `"ccNo: %@"`. A label is a sensitive noun (password, PIN, token, secret, CVV, card
/// number, an encryption/private/API key) followed by `is`, `=` or `:`, optionally with
/// its source in between (`password from keychain:`). Text about a failure
/// (`"Failed to refresh token: \(error)"`) or a certificate pin labels nothing secret.
enum SensitiveLabels {
    /// One-word labels (the last word before the separator).
    static let nouns: Set<String> = [
        "password", "passwd", "passcode", "passphrase", "pwd", "pin", "pincode", "token", "secret", "cvv", "cvc", "otp",
        "cc", "pan", "ccno", "ccnum", "accesstoken", "refreshtoken", "authtoken", "apikey", "privatekey", "encryptionkey",
        "cardnumber", "ccnumber",
    ]
    /// Substrings (lower-cased) of every label ``label(endingText:)`` finds.
    private static let labelParts = ["pass", "pwd", "pin", "token", "secret", "cvv", "cvc", "otp", "key", "card", "cc", "pan", "credit"]

    /// A cheap superset of "some prefix of `text` ends with a label": whether it holds a
    /// part of a label at all. For pre-checks.
    static func mayLabel(_ text: some StringProtocol) -> Bool {
        let lower = text.lowercased()
        return labelParts.contains { ByteSearch.contains(lower, $0) }
    }
    /// Words before `key` that make it a secret key (`encryption key`, `API key`).
    static let keyQualifiers: Set<String> = [
        "encryption", "private", "api", "secret", "signing", "master", "aes", "access", "decryption", "session", "symmetric", "crypto",
    ]
    /// Words before `number`/`no` that make it a card number (`card number`, `CC no`).
    static let numberQualifiers: Set<String> = ["card", "cc", "credit", "pan"]
    /// Words before `pin` that make it a certificate pin, not a PIN.
    private static let certificateWords: Set<String> = ["certificate", "cert", "ssl", "tls", "public", "spki", "key", "hash", "pinning"]
    /// Words that make the text about a failure or a fact, not a value.
    private static let failureWords: Set<String> = [
        "fail", "failed", "failure", "error", "unable", "couldn", "cannot", "can't", "invalid", "missing", "expired",
        "not", "length", "count", "type", "status",
    ]
    private static let separatorWords: Set<String> = ["is", "was", "are", "equals"]

    /// The label `text` ends with (`"encryption key"`), or nil when it ends with no
    /// sensitive label and separator.
    static func label(endingText text: some StringProtocol) -> String? {
        var tail = Substring(text)
        // Trailing blanks and an opening quote or bracket: `token='`, `pin: [`.
        while let last = tail.last, last == " " || last == "\t" || last == "'" || last == "\"" || last == "(" || last == "[" || last == "<" || last == "`" {
            tail = tail.dropLast()
        }
        var hasSeparator = false
        if let last = tail.last, last == ":" || last == "=" {
            tail = tail.dropLast()
            hasSeparator = true
        }
        // Words (camelCase split), from the last sentence only.
        let sentence = tail.split(omittingEmptySubsequences: false, whereSeparator: { ".;!?\n|".contains($0) }).last ?? tail
        var words = sentence.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" })
            .flatMap { SecretNames.splitWords(String($0)) }
        if !hasSeparator {
            guard let last = words.last, separatorWords.contains(last) else { return nil }
            words.removeLast()
        }
        guard !words.isEmpty, !words.contains(where: failureWords.contains) else { return nil }
        // `password from keychain`, `token from the server`.
        if let from = words.lastIndex(of: "from"), from > 0, words.count - from <= 3 { words.removeSubrange(from...) }
        guard let last = words.last else { return nil }
        let previous = words.count >= 2 ? words[words.count - 2] : nil
        if last == "key" {
            guard let previous, keyQualifiers.contains(previous) else { return nil }
            return "\(previous) key"
        }
        if last == "number" || last == "no" || last == "num" {
            guard let previous, numberQualifiers.contains(previous) else { return nil }
            return "\(previous) number"
        }
        if last == "pin", let previous, certificateWords.contains(previous) { return nil }
        return nouns.contains(last) ? last : nil
    }

    /// For a printf-style format (`"user %@ pin: %d"`), the labels of the arguments whose
    /// specifier follows a sensitive label, by 0-based argument position. Specifiers
    /// marked `%{private}` are left out; `%%` is not a specifier.
    static func labelledArguments(ofFormat format: String) -> [Int: (label: String, isPublic: Bool)] {
        var result: [Int: (label: String, isPublic: Bool)] = [:]
        let bytes = Array(format.utf8)
        var position = 0
        var textStart = 0
        var argument = 0
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "%") else { position += 1; continue }
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "%") { position += 2; continue }
            let before = String(decoding: bytes[textStart..<position], as: UTF8.self)
            var end = position + 1
            var modifier = ""
            if end < bytes.count, bytes[end] == UInt8(ascii: "{") {
                let close = bytes[end...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count - 1
                modifier = String(decoding: bytes[(end + 1)..<max(end + 1, close)], as: UTF8.self)
                end = close + 1
            }
            // Flags, width, precision and length, then the conversion letter or `@`.
            while end < bytes.count, !(bytes[end].isASCIILetterOrAt && !"hlqLzjt".utf8.contains(bytes[end])) { end += 1 }
            if let label = label(endingText: before), !modifier.contains("private"), !modifier.contains("sensitive") {
                result[argument] = (label, modifier.contains("public"))
            }
            argument += 1
            position = end + 1
            textStart = min(position, bytes.count)
        }
        return result
    }

    /// Words ending a value's name that say it is a fact about a secret, not the secret
    /// (`error`, `tokenCount`, `statusCode`): a labelled value named so is not reported.
    static let factWords: Set<String> = [
        "error", "err", "errors", "status", "code", "count", "length", "size", "result", "response", "reason", "type",
        "kind", "state", "date", "time", "url", "path", "success", "succeeded", "failed", "failure", "valid", "hash",
        "hashed", "digest", "fingerprint", "masked", "redacted", "empty", "enabled", "expired", "expiry", "expiration",
        "description", "message", "index", "name", "username", "email", "user", "account",
    ]

    /// Whether a labelled value whose last name is `name` is a fact, not the secret.
    static func isFactName(_ name: String) -> Bool {
        let words = SecretNames.splitWords(name)
        guard let last = words.last else { return false }
        if let first = words.first, words.count > 1, SecretNames.predicateWords.contains(first) { return true }
        return factWords.contains(last) || words.contains("error")
    }
}

private extension UInt8 {
    var isASCIILetterOrAt: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z")) || self == UInt8(ascii: "@")
    }
}
