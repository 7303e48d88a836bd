import Foundation
import AuditKit

/// Recognises credential formats and high-entropy secret values in string content, by
/// hand-written byte scanners (no regex compiled per file; every format starts with a
/// fixed prefix, so scanning is one pass over the bytes).
enum SecretFormats {
    /// A credential found in a string.
    struct Hit: Equatable {
        /// What it is: "AWS access key id", "Stripe live secret key", …
        let kind: String
        /// The credential itself (never printed whole: see ``redacted(_:)``).
        let value: String
        /// Whether a test fixture or a mock could plausibly hold it (JWTs).
        let weakInTests: Bool
    }

    private struct Format: Sendable {
        let kind: String
        let prefixes: [[UInt8]]
        /// Characters allowed after the prefix.
        let body: @Sendable (UInt8) -> Bool
        let minimum: Int
        let maximum: Int
    }

    private static func isUpperOrDigit(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || isDigit(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isUpperOrDigit(byte) || (byte >= 0x61 && byte <= 0x7A)
    }
    private static func isURLSafe(_ byte: UInt8) -> Bool { isAlphanumeric(byte) || byte == 0x2D || byte == 0x5F }

    private static let formats: [Format] = [
        Format(kind: "AWS access key id", prefixes: [Array("AKIA".utf8), Array("ASIA".utf8)], body: isUpperOrDigit, minimum: 16, maximum: 16),
        Format(kind: "Google API key", prefixes: [Array("AIza".utf8)], body: isURLSafe, minimum: 35, maximum: 35),
        Format(kind: "Stripe live secret key", prefixes: [Array("sk_live_".utf8), Array("rk_live_".utf8)], body: isAlphanumeric, minimum: 20, maximum: 255),
        Format(
            kind: "GitHub token", prefixes: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"].map { Array($0.utf8) }, body: isAlphanumeric, minimum: 36, maximum: 255),
        Format(kind: "GitHub token", prefixes: [Array("github_pat_".utf8)], body: { isAlphanumeric($0) || $0 == 0x5F }, minimum: 22, maximum: 255),
        Format(
            kind: "Slack token", prefixes: ["xoxb-", "xoxa-", "xoxp-", "xoxr-", "xoxs-"].map { Array($0.utf8) }, body: { isAlphanumeric($0) || $0 == 0x2D },
            minimum: 10, maximum: 255),
        Format(
            kind: "Slack webhook URL", prefixes: [Array("https://hooks.slack.com/services/".utf8)], body: { isAlphanumeric($0) || $0 == 0x2F }, minimum: 20,
            maximum: 255),
        Format(kind: "SendGrid API key", prefixes: [Array("SG.".utf8)], body: { isURLSafe($0) || $0 == 0x2E }, minimum: 60, maximum: 80),
    ]

    /// The first credential of a known format in `content`, if any. `ignoringGoogleKeys`
    /// skips `AIza…` keys (GoogleService-Info.plist ships its Firebase web API key by design).
    static func find(in content: String, ignoringGoogleKeys: Bool = false) -> Hit? {
        guard content.utf8.count >= 18 else { return nil }
        let bytes = Array(content.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // Only bytes that start a format are examined further.
            switch byte {
            case UInt8(ascii: "A"), UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "g"), UInt8(ascii: "x"),
                UInt8(ascii: "h"), UInt8(ascii: "S"), UInt8(ascii: "e"), UInt8(ascii: "-"):
                if let hit = match(bytes, at: index, ignoringGoogleKeys: ignoringGoogleKeys) { return hit }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func match(_ bytes: [UInt8], at start: Int, ignoringGoogleKeys: Bool) -> Hit? {
        if start > 0, isAlphanumeric(bytes[start - 1]) && bytes[start] != UInt8(ascii: "-") { return nil }
        for format in formats {
            for prefix in format.prefixes where hasPrefix(bytes, prefix, at: start) {
                if ignoringGoogleKeys && format.kind == "Google API key" { continue }
                var end = start + prefix.count
                while end < bytes.count && format.body(bytes[end]) && end - start - prefix.count < format.maximum + 1 { end += 1 }
                let length = end - start - prefix.count
                guard length >= format.minimum, length <= format.maximum else { continue }
                if end < bytes.count && isAlphanumeric(bytes[end]) { continue }
                let value = String(decoding: bytes[start..<end], as: UTF8.self)
                if isPlaceholder(value) { continue }
                return Hit(kind: format.kind, value: value, weakInTests: false)
            }
        }
        if let hit = firebaseServerKey(bytes, at: start) { return hit }
        if let hit = privateKey(bytes, at: start) { return hit }
        if let hit = jwt(bytes, at: start) { return hit }
        return nil
    }

    private static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at start: Int) -> Bool {
        guard start + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count where bytes[start + offset] != prefix[offset] { return false }
        return true
    }

    private static func run(_ bytes: [UInt8], from start: Int, while predicate: (UInt8) -> Bool) -> Int {
        var end = start
        while end < bytes.count && predicate(bytes[end]) { end += 1 }
        return end
    }

    /// `AAAA…:APA91b…`: a Firebase Cloud Messaging legacy server key.
    private static func firebaseServerKey(_ bytes: [UInt8], at start: Int) -> Hit? {
        guard hasPrefix(bytes, Array("AAAA".utf8), at: start) else { return nil }
        let idEnd = run(bytes, from: start + 4, while: isURLSafe)
        guard idEnd - start == 11, hasPrefix(bytes, Array(":APA91b".utf8), at: idEnd) else { return nil }
        let end = run(bytes, from: idEnd + 7, while: isURLSafe)
        guard end - idEnd - 7 >= 30 else { return nil }
        return Hit(kind: "Firebase Cloud Messaging server key", value: String(decoding: bytes[start..<end], as: UTF8.self), weakInTests: false)
    }

    /// `-----BEGIN (RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY( BLOCK)?-----`.
    private static func privateKey(_ bytes: [UInt8], at start: Int) -> Hit? {
        guard hasPrefix(bytes, Array("-----BEGIN ".utf8), at: start) else { return nil }
        let headerEnd = min(bytes.count, start + 50)
        let header = String(decoding: bytes[start..<headerEnd], as: UTF8.self)
        guard let line = header.split(separator: "\n").first, line.contains("PRIVATE KEY"), line.hasSuffix("-----") || line.contains("KEY-----") else {
            return nil
        }
        // A header with no key material after it is documentation, not a key.
        let bodyEnd = run(bytes, from: min(bytes.count, start + line.utf8.count), while: { $0 != UInt8(ascii: "-") })
        let material = bytes[min(bytes.count, start + line.utf8.count)..<bodyEnd].filter { isAlphanumeric($0) }.count
        guard material >= 40 else { return nil }
        return Hit(kind: "private key", value: "-----BEGIN", weakInTests: true)
    }

    /// `eyJ….eyJ….…`: a signed JSON Web Token.
    private static func jwt(_ bytes: [UInt8], at start: Int) -> Hit? {
        guard hasPrefix(bytes, Array("eyJ".utf8), at: start) else { return nil }
        let headerEnd = run(bytes, from: start, while: isURLSafe)
        guard headerEnd - start >= 10, headerEnd < bytes.count, bytes[headerEnd] == UInt8(ascii: "."),
            hasPrefix(bytes, Array("eyJ".utf8), at: headerEnd + 1)
        else { return nil }
        let payloadEnd = run(bytes, from: headerEnd + 1, while: isURLSafe)
        guard payloadEnd - headerEnd >= 10, payloadEnd < bytes.count, bytes[payloadEnd] == UInt8(ascii: ".") else { return nil }
        let signatureEnd = run(bytes, from: payloadEnd + 1, while: isURLSafe)
        guard signatureEnd - payloadEnd > 10 else { return nil }
        return Hit(kind: "JSON Web Token", value: String(decoding: bytes[start..<signatureEnd], as: UTF8.self), weakInTests: true)
    }

    // MARK: - Values of secret-named bindings

    private static let placeholderMarkers = [
        "your_", "your-", "yourapi", "your api", "<", ">", "xxxx", "****", "changeme", "change_me", "placeholder",
        "example", "insert", "replace", "dummy", "redacted", "todo", "fixme", "sample", "00000000", "...", "…",
    ]

    /// Values that are obviously not a real secret: placeholders, build-setting
    /// references, masks, the documentation examples.
    static func isPlaceholder(_ value: String) -> Bool {
        let lower = value.lowercased()
        if lower.isEmpty || lower.hasPrefix("$(") || lower.hasPrefix("${") || ByteSearch.contains(lower, "%@") || ByteSearch.contains(lower, "{{") {
            return true
        }
        if placeholderMarkers.contains(where: { ByteSearch.contains(lower, $0) }) { return true }
        // One repeated character: "aaaaaaaa", "--------".
        if let first = lower.first, lower.allSatisfy({ $0 == first }) { return true }
        return false
    }

    /// `value` without an HTTP authorization scheme in front (`Bearer `, `Basic `, `Token `).
    static func withoutScheme(_ value: String) -> Substring {
        var candidate = Substring(value)
        for scheme in ["Bearer ", "Basic ", "Token "] where candidate.hasPrefix(scheme) {
            candidate = candidate.dropFirst(scheme.count)
        }
        return candidate
    }

    /// Whether `value`, bound to a secret-named name, looks like a real secret: long and
    /// random enough (Shannon entropy), or, for a password, a non-word with a digit or
    /// symbol. Not URLs, paths, UUIDs, sentences, identifiers or embedded images.
    static func looksLikeSecret(_ value: String, passwordLike: Bool) -> Bool {
        let text = String(withoutScheme(value))
        guard text.utf8.count >= 6, !text.utf8.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) else { return false }
        guard !isPlaceholder(text), text.count >= 6, text.count <= 4096 else { return false }
        if ByteSearch.contains(text, "://") || text.hasPrefix("/") || text.hasPrefix("data:") || text.hasPrefix("iVBORw0KGgo") || text.hasPrefix("/9j/") {
            return false
        }
        // A certificate or public-key pin (`sha256/…`) is a public hash.
        if text.lowercased().hasPrefix("sha256/") || text.lowercased().hasPrefix("sha1/") { return false }
        if publishableKeyPrefixes.contains(where: text.hasPrefix) { return false }
        if isUUID(text) { return false }
        let letters = text.filter(\.isLetter).count
        let digits = text.filter(\.isNumber).count
        let symbols = text.filter { !$0.isLetter && !$0.isNumber && !"._-".contains($0) }.count
        guard letters > 0 else { return false }
        // Reverse-DNS names and dotted identifiers: "com.bank.app.token".
        if text.filter({ $0 == "." }).count >= 2 && digits == 0 { return false }
        if passwordLike && text.count < 20 {
            return digits + symbols > 0 && text.allSatisfy { $0.isASCII && !$0.isWhitespace }
        }
        guard text.count >= 16, digits > 0 else { return false }
        let isHex = text.allSatisfy(\.isHexDigit)
        let threshold = isHex ? 3.0 : 3.5
        return entropy(text) >= threshold
    }

    /// Client keys that are public by design, whatever their binding is called: PostHog
    /// project API keys (`phc_`, written into every web page that uses PostHog) and Stripe
    /// publishable keys (`pk_live_`, `pk_test_`; the secret ones are `sk_…`).
    static let publishableKeyPrefixes = ["phc_", "pk_live_", "pk_test_"]

    /// Shannon entropy in bits per character.
    static func entropy(_ text: String) -> Double {
        var counts: [UInt8: Int] = [:]
        let bytes = Array(text.utf8)
        for byte in bytes { counts[byte, default: 0] += 1 }
        let total = Double(bytes.count)
        var result = 0.0
        for count in counts.values {
            let probability = Double(count) / total
            result -= probability * log2(probability)
        }
        return result
    }

    private static func isUUID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// At most the first four characters (fewer for a short value: a third of it) and an
    /// ellipsis: what a message may show of a secret.
    static func redacted(_ value: String) -> String { String(value.prefix(min(4, value.count / 3))) + "…" }

    // MARK: - Passwords in code

    /// Exact values that stand for "a password goes here", not a password.
    static let passwordPlaceholders: Set<String> = [
        "password", "passwd", "pass", "pwd", "passcode", "pin", "secret", "token", "changeme", "changeit",
        "none", "null", "nil", "empty", "unknown", "default", "true", "false", "yes", "no", "undefined", "hidden",
        "required", "optional", "invalid", "missing", "disabled", "enabled", "error", "success", "failed", "string",
        "text", "value", "secure", "masked",
    ]

    /// Whether `value`, written in code as a password-like credential (`let passwd =
    /// "…"`, `password == "…"`, `login(password: "…")`), is a real value: four
    /// characters or more, not an exact placeholder (`password`, `<password>`,
    /// `YOUR_PASSWORD`, `changeme`, `xxxx`, `********`) or the name itself, not a
    /// sentence, URL, path, format, certificate pin or key name (`userPassword`,
    /// `auth_token`). A value that merely contains a placeholder word (`dvpassword`) is real.
    static func looksLikePassword(_ value: String, name: String) -> Bool {
        guard value.count >= 4, value.count <= 64, !isPlaceholder(value) else { return false }
        guard value.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else { return false }
        let lower = value.lowercased()
        if passwordPlaceholders.contains(lower) { return false }
        if ByteSearch.contains(value, "://") || value.hasPrefix("/") || lower.hasPrefix("sha256/") || lower.hasPrefix("sha1/")
            || value.utf8.contains(UInt8(ascii: "%")) || ByteSearch.contains(value, "\\(")
        {
            return false
        }
        // The name itself: `password = "Password"`, `pin = "PIN"`.
        let words = SecretNames.splitWords(name)
        let folded = String(lower.filter { $0.isLetter || $0.isNumber })
        if words.contains(folded) || words.joined() == folded { return false }
        return !isKeyName(value)
    }

    /// `kSecKeyAlgorithmRSAEncryptionPKCS1`, `CCKeyDerivationPBKDF`: a name from code
    /// (letters, digits and underscores; camel humps; few digits), not a random secret.
    static func isCodeIdentifier(_ value: String) -> Bool {
        guard let first = value.first, first.isLetter, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return false }
        var humps = 0
        var previousIsLower = false
        for character in value {
            if character.isUppercase && previousIsLower { humps += 1 }
            previousIsLower = character.isLowercase
        }
        return humps >= 2 && value.filter(\.isNumber).count <= 2
    }

    /// `userPassword`, `auth_token`, `com.app.pin`: a key or field name that names a
    /// secret, not a secret.
    static func isKeyName(_ value: String) -> Bool {
        guard SecretNames.isSensitive(value) else { return false }
        if value.utf8.contains(where: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }) { return true }
        // `login-password`, `reset-pin-button`: a kebab-case identifier (an accessibility
        // identifier, a CSS-like name), lowercase letters between hyphens.
        if value.contains("-"), value.first != "-", value.last != "-", value.allSatisfy({ ($0.isLetter && $0.isLowercase) || $0 == "-" }) { return true }
        let identifierLike = value.allSatisfy { $0.isLetter || $0.isNumber }
        return identifierLike && value.first?.isLowercase == true && value.dropFirst().contains(where: \.isUppercase)
    }

    /// Whether `path` is test code, a mock or a preview, where sample tokens are normal.
    static func isTestPath(_ path: String) -> Bool { TestPaths.contains(path) }
}
