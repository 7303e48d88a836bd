/// Strict UTF-8 validation that works on every deployment target of the package
/// (`String(validating:as:)` needs macOS 15 / iOS 18).
enum UTF8Validation {
    /// The string of `bytes` if they are well-formed UTF-8 (no overlong forms, no encoded
    /// surrogates, nothing above U+10FFFF, nothing truncated); otherwise `nil`.
    static func string<C: Collection<UInt8>>(_ bytes: C) -> String? {
        // Decoding replaces every ill-formed sequence with U+FFFD, which changes the bytes.
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
