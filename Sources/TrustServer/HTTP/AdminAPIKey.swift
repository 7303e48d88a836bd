import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// The admin API key: 32 random bytes, sent as `Authorization: Bearer <base64url>`.
///
/// Its text never appears in `description`, logs or errors. ``authorizes(_:)`` compares
/// in constant time (SHA-256 of both sides, then a constant-time key comparison), so the
/// time taken does not reveal how much of a guess was right.
public struct AdminAPIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The number of random bytes in a new key.
    public static let byteCount = 32

    private let digest: SymmetricKey

    /// The key whose wire form is `text` (base64url of the key bytes).
    public init(text: String) {
        digest = Self.digest(of: text)
    }

    /// A new random key and its text.
    public static func generate(random: RandomSource = .system) -> (key: AdminAPIKey, text: String) {
        let text = Base64URL.encode(random.bytes(byteCount))
        return (AdminAPIKey(text: text), text)
    }

    /// Whether the `Authorization` header value is `Bearer <this key>` (the scheme
    /// case-insensitively, as RFC 9110 says).
    public func authorizes(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        let presented = parts[1].trimmingCharacters(in: .whitespaces)
        return Self.digest(of: presented) == digest
    }

    /// `AdminAPIKey(redacted)`.
    public var description: String { "AdminAPIKey(redacted)" }
    /// `AdminAPIKey(redacted)`.
    public var debugDescription: String { description }

    private static func digest(of text: String) -> SymmetricKey {
        SymmetricKey(data: Data(SHA256.hash(data: Data(text.utf8))))
    }
}
