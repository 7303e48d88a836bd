import DeviceTrustCrypto
import Foundation

/// The file that holds the access-token signing key: a P-256 private key as a PKCS#8
/// `PRIVATE KEY` PEM block, mode 0600.
///
/// The single key of earlier versions (`token-signing-key.pem`); the server now keeps its
/// keys in a ``SigningKeyDirectory``, migrated from this file at start.
public enum SigningKeyFile {
    /// The largest file accepted; a P-256 PEM key is about 250 bytes.
    static let maximumByteCount = 16 * 1024

    /// The key stored at `url`, or a new random key written there with mode 0600 if no
    /// file exists yet.
    ///
    /// - Throws: ``CredentialFileError`` when the file is not a regular file owned by this
    ///   user, has a mode wider than 0600, does not hold one P-256 private key in PEM, or
    ///   cannot be read or written. The error names the path and the fix, never the key.
    public static func loadOrCreate(at url: URL) throws(CredentialFileError) -> P256.Signing.PrivateKey {
        let path = url.path
        if let existing = try load(path) { return existing }
        let fresh = P256.Signing.PrivateKey()
        var pem = Array((fresh.pemRepresentation + "\n").utf8)
        defer { Sodium.zero(&pem) }
        if try OwnerOnlyFile.createExclusively(at: path, contents: pem) {
            return fresh
        }
        guard let existing = try load(path) else {
            throw CredentialFileError(.ioFailure, "\(path) vanished while being created; check what else manages that folder")
        }
        return existing
    }

    /// The key stored at `url`, or `nil` when no file is there.
    /// - Throws: ``CredentialFileError`` as ``loadOrCreate(at:)`` does.
    public static func existingKey(at url: URL) throws(CredentialFileError) -> P256.Signing.PrivateKey? {
        try load(url.path)
    }

    private static func load(_ path: String) throws(CredentialFileError) -> P256.Signing.PrivateKey? {
        guard case .contents(var bytes) = try OwnerOnlyFile.read(at: path, maximumByteCount: maximumByteCount) else { return nil }
        defer { Sodium.zero(&bytes) }
        guard let pem = String(bytes: bytes, encoding: .utf8),
            let key = try? P256.Signing.PrivateKey(pemRepresentation: pem)
        else {
            throw CredentialFileError(
                .invalidContents,
                "\(path) does not hold a P-256 private key as a PEM 'PRIVATE KEY' or 'EC PRIVATE KEY' block; restore the original file, or move it away to have a new key created (tokens signed by the old key then fail verification)"
            )
        }
        return key
    }
}
