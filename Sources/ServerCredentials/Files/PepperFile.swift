import Foundation
import DeviceTrustCrypto

/// The file that holds the PIN pepper: exactly 32 random bytes, mode 0600.
///
/// Keep it outside the database and out of database backups: the pepper is what keeps
/// stolen PIN hashes from being guessed offline.
public enum PepperFile {
    /// The size of a pepper, in bytes.
    public static let byteCount = 32

    /// The pepper stored at `url`, or a new random one written there with mode 0600 if
    /// no file exists yet.
    ///
    /// - Throws: ``CredentialFileError`` when the file is not a regular file owned by this
    ///   user, has a mode wider than 0600, does not hold exactly 32 bytes, or cannot be
    ///   read or written. The error names the path and the fix, never the bytes.
    public static func loadOrCreate(at url: URL) throws(CredentialFileError) -> SymmetricKey {
        let path = url.path
        if let existing = try load(path) { return existing }
        var fresh = Sodium.randomBytes(count: byteCount)
        defer { Sodium.zero(&fresh) }
        if try OwnerOnlyFile.createExclusively(at: path, contents: fresh) {
            return SymmetricKey(data: fresh)
        }
        guard let existing = try load(path) else {
            throw CredentialFileError(.ioFailure, "\(path) vanished while being created; check what else manages that folder")
        }
        return existing
    }

    private static func load(_ path: String) throws(CredentialFileError) -> SymmetricKey? {
        guard case .contents(var bytes) = try OwnerOnlyFile.read(at: path, maximumByteCount: byteCount) else { return nil }
        defer { Sodium.zero(&bytes) }
        guard bytes.count == byteCount else {
            throw CredentialFileError(
                .wrongSize,
                "\(path) holds \(bytes.count) bytes, but a PIN pepper is exactly \(byteCount); restore the original file from your secret store (a new pepper makes every stored PIN unusable)"
            )
        }
        return SymmetricKey(data: bytes)
    }
}
