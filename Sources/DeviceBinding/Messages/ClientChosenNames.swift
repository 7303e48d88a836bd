/// The account identifier an integrator chooses at enrollment (`accountId`): what a
/// ``SigningPayload`` carries as its `account`: 1 to 256 bytes of UTF-8, any script, with
/// no line break, control or invisible format character and no whitespace at either end.
///
/// JSON Schema counts characters, not bytes, and has no portable way to name Unicode
/// categories, so the OpenAPI document's `AccountId` admits a superset (up to 256
/// characters, no control character or space at either end) and says the rest in words.
public enum AccountIdentifier {
    /// The longest account identifier, in bytes of UTF-8.
    public static let maximumByteCount = SigningPayload.maximumIdentifierByteCount

    /// Whether `text` is an account identifier the server accepts.
    public static func isValid(_ text: String) -> Bool {
        do throws(SigningPayloadError) {
            try SigningPayload.checkIdentifier(text, field: "account", line: nil)
            return true
        } catch {
            return false
        }
    }
}

/// The name a user recognises a device by (`deviceName`, such as "Anna's iPhone"): 1 to
/// 256 bytes of UTF-8 and no control character (U+0000–U+001F, U+007F–U+009F).
public enum DeviceName {
    /// The longest name, in bytes of UTF-8.
    public static let maximumByteCount = 256

    /// Whether `text` is a device name the server accepts.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumByteCount else { return false }
        return !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
