/// The operating system of an enrolled device.
public enum Platform: String, Codable, Sendable, CaseIterable {
    /// iOS or iPadOS; keys live in the Secure Enclave.
    case ios
    /// Android; keys live in the Android Keystore.
    case android
}
