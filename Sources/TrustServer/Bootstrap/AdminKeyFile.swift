import DeviceBinding
import Foundation

/// The file that holds the admin API key: its base64url text (43 characters, no newline),
/// mode 0600.
public enum AdminKeyFile {
    /// The key stored at `url`, or a new random one written there with mode 0600.
    /// - Throws: ``BootstrapError`` when the file is not owner-only, or does not hold the
    ///   base64url of 32 bytes.
    public static func loadOrCreate(at url: URL, random: RandomSource = .system) throws(BootstrapError) -> AdminAPIKey {
        let path = url.path
        if let existing = try load(path) { return existing }
        let (key, text) = AdminAPIKey.generate(random: random)
        if try OwnerOnlyFiles.createExclusively(path, contents: Array(text.utf8)) { return key }
        guard let existing = try load(path) else {
            throw BootstrapError("\(path) vanished while being created; check what else manages that folder")
        }
        return existing
    }

    private static func load(_ path: String) throws(BootstrapError) -> AdminAPIKey? {
        guard let bytes = try OwnerOnlyFiles.readOwnerOnly(path, limit: 256) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let decoded = try? Base64URL.decode(text), decoded.count == AdminAPIKey.byteCount else {
            throw BootstrapError("\(path) does not hold an admin API key (base64url of 32 bytes); move it away to have a new one created")
        }
        return AdminAPIKey(text: text)
    }
}
