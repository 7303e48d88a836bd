/// The account identifier an integrator chooses at enrollment (`accountId`): 1 to 256
/// printable ASCII characters (`!` to `~` and the space), not beginning or ending with a
/// space.
///
/// Stricter than a ``SigningPayload`` identifier, which also takes other Unicode, so that
/// the rule fits the OpenAPI document's `pattern` exactly (JSON Schema counts characters,
/// the payload counts bytes) and no look-alike or invisible character can hide in it.
public enum AccountIdentifier {
    /// The longest account identifier, in characters (= bytes).
    public static let maximumLength = 256

    /// Whether `text` is an account identifier the server accepts.
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, bytes.count <= maximumLength else { return false }
        return first != 0x20 && last != 0x20 && bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }
}

/// The name a user recognises a device by (`deviceName`, such as "Anna's iPhone"): 1 to 64
/// characters (Unicode scalars, so at most 256 bytes of UTF-8) and no control character
/// (U+0000–U+001F, U+007F–U+009F).
public enum DeviceName {
    /// The longest name, in Unicode scalars (what JSON Schema's `maxLength` counts).
    public static let maximumLength = 64

    /// Whether `text` is a device name the server accepts.
    public static func isValid(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard !scalars.isEmpty, scalars.count <= maximumLength else { return false }
        return !scalars.contains { $0.properties.generalCategory == .control }
    }
}
