/// The auditor's one notion of a secret's name: whether an identifier, a defaults key, a
/// dictionary key or a label names a token, password, PIN, key or session. Every rule and
/// pre-check asks here, so they agree. The questions nest: a name that
/// ``isPasswordLike(_:)`` or ``isSecretValue(_:)`` is always ``isSensitive(_:)``, and
/// ``mayBeSensitive(_:)`` is the byte-level superset a pre-check can afford on every word
/// of a file.
public enum SecretNames {
    /// Lower-cased word stems that mark a secret when they appear in an identifier or key.
    package static let stems: [String] = [
        "password", "passwd", "passcode", "pwd", "secret", "token", "apikey", "api_key", "accesskey",
        "privatekey", "private_key", "credential", "sessionid", "session_id", "sessiontoken", "authkey",
        "auth_key", "bearer", "jwt", "pin", "otp", "cvv", "cardnumber", "refreshtoken", "clientsecret",
        "signingkey", "encryptionkey", "masterkey", "seed", "mnemonic", "passphrase", "cvc",
        // The secret keys SDKs are started with (Parse's clientKey, an SDK's appKey).
        "clientkey", "appkey", "appsecret", "licensekey", "serverkey", "sdkkey",
    ]

    /// Stems that only count as a whole word (they occur inside innocent words:
    /// "pin" in "spinner", "shipping"; "seed" in "seeded"; "otp" in "hotpot").
    package static let wholeWordStems: Set<String> = ["pin", "otp", "pwd", "seed", "jwt", "cvv", "cvc"]

    /// Whether `name` (an identifier, a defaults key, a dictionary key) names a secret.
    /// Splits camelCase, snake_case, kebab-case and dots into words.
    public static func isSensitive(_ name: String) -> Bool {
        guard mayBeSensitive(name.utf8) else { return false }
        let words = splitWords(name)
        if words.contains(where: wholeWordForms.contains) { return true }
        let joined = words.joined()
        if foldedPartStems.contains(where: { ByteSearch.contains(joined, $0) }) { return true }
        return namesCardNumber(words)
    }

    /// ``isSensitive(_:)`` for a word of a file's text, without copying it unless the
    /// byte-level pre-check passes.
    package static func isSensitive(_ name: Substring) -> Bool {
        mayBeSensitive(name.utf8) && isSensitive(String(name))
    }

    /// The whole-word stems with their plural and `…code` forms: `pins`, `pincode`.
    private static let wholeWordForms: Set<String> = Set(wholeWordStems.flatMap { [$0, $0 + "s", $0 + "code"] })

    /// The other stems without underscores, matched anywhere in the joined words.
    private static let foldedPartStems: [String] = stems.filter { !wholeWordStems.contains($0) }.map { $0.replacingOccurrences(of: "_", with: "") }

    /// Card-number abbreviations (`cc`, `pan`) that count only as a whole word ending the
    /// name or followed by a word about the number (`ccNo`, `_ccField`, `cardPan`), never
    /// inside another word (`accessory`, `success`, `span`, `company`) nor as an e-mail
    /// carbon copy or a gesture (`ccRecipients`, `panGesture`); `card` followed by an
    /// abbreviation of "number" (`cardNo`, `card_num`).
    package static let cardWords: Set<String> = ["cc", "pan"]
    package static let cardNumberFollowers: Set<String> = ["no", "num", "nr", "nbr", "number", "field", "textfield", "text", "input", "value", "digits", "tf"]
    private static let numberAbbreviations: Set<String> = ["no", "num", "nr", "nbr"]
    /// First words (at a word start, any case) that ``cardWords`` and `card` names begin
    /// with: what ``mayBeSensitive(_:)`` looks for besides ``stems``.
    package static let wordStartStems: [String] = ["cc", "pan", "card"]

    private static func namesCardNumber(_ words: [String]) -> Bool {
        for (offset, word) in words.enumerated() {
            let next = offset + 1 < words.count ? words[offset + 1] : nil
            if word == "card" {
                if let next, numberAbbreviations.contains(next) { return true }
            } else if cardWords.contains(word) {
                guard let next else { return true }
                if cardNumberFollowers.contains(next) { return true }
            }
        }
        return false
    }

    /// A byte-level pre-check, many times cheaper than ``isSensitive(_:)``, which it never
    /// contradicts: false only when the name, lower-cased with its separators removed,
    /// contains no stem (every sensitive name does). Names with non-ASCII bytes are left
    /// to the full check, whose Unicode lower-casing could make a stem.
    package static func mayBeSensitive(_ name: some Collection<UInt8>) -> Bool {
        // Names longer than the buffers are left to the full check.
        let capacity = 256
        guard name.count <= capacity else { return true }
        // Scratch space on the stack: this runs for every identifier of every file.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { folded in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { wordStarts in
                var count = 0
                // Where ``splitWords(_:)`` starts a word (in `folded`), for ``wordStartStems``.
                var starts = 0
                var previousIsLower = false
                var afterSeparator = true
                for byte in name {
                    if byte >= 0x80 { return true }
                    switch byte {
                    case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "), UInt8(ascii: "/"):
                        afterSeparator = true
                        previousIsLower = false
                        continue
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        if afterSeparator || previousIsLower { wordStarts[starts] = count; starts += 1 }
                        folded[count] = byte + 0x20
                        count += 1
                        previousIsLower = false
                    default:
                        if afterSeparator { wordStarts[starts] = count; starts += 1 }
                        folded[count] = byte
                        count += 1
                        previousIsLower = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    }
                    afterSeparator = false
                }
                guard count > 0 else { return false }
                func matches(_ stem: [UInt8], at start: Int) -> Bool {
                    guard start + stem.count <= count else { return false }
                    for (offset, byte) in stem.enumerated() where folded[start + offset] != byte { return false }
                    return true
                }
                for index in 0..<starts {
                    for stem in wordStartStemBytes where matches(stem, at: wordStarts[index]) { return true }
                }
                for start in 0..<count {
                    for stem in foldedStemsByFirstByte[Int(folded[start])] where matches(stem, at: start) { return true }
                }
                return false
            }
        }
    }

    private static let wordStartStemBytes: [[UInt8]] = wordStartStems.map { Array($0.utf8) }

    /// ``stems`` without underscores, as bytes, grouped by first byte.
    private static let foldedStemsByFirstByte: [[[UInt8]]] = {
        var table = [[[UInt8]]](repeating: [], count: 256)
        for stem in stems {
            let bytes = Array(stem.utf8.filter { $0 != UInt8(ascii: "_") })
            table[Int(bytes[0])].append(bytes)
        }
        return table
    }()

    /// `userAuthToken` → ["user", "auth", "token"]; `API_KEY` → ["api", "key"].
    package static func splitWords(_ name: String) -> [String] {
        name.utf8.allSatisfy { $0 < 0x80 } ? splitASCIIWords(name) : splitUnicodeWords(name)
    }

    /// ``splitWords(_:)`` by Unicode character properties.
    package static func splitUnicodeWords(_ name: String) -> [String] {
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

    /// ``splitWords(_:)`` for ASCII names, on bytes: the same words, without Unicode
    /// character properties (it runs for every name a rule weighs).
    package static func splitASCIIWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previousIsLower = false
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "), UInt8(ascii: "/"):
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                previousIsLower = false
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if previousIsLower {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
                current.append(byte + 0x20)
                previousIsLower = false
            default:
                current.append(byte)
                previousIsLower = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }
}
