import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// The folder of token-signing keys, `<data-dir>/token-signing-keys/` (mode 0700): one
/// file `<kid>.pem` per key (mode 0600), a `created-at:` line followed by the P-256 private
/// key as a PKCS#8 `PRIVATE KEY` PEM block:
///
/// ```text
/// created-at: 2026-12-02T15:51:17Z
/// -----BEGIN PRIVATE KEY-----
/// …
/// -----END PRIVATE KEY-----
/// ```
///
/// Files are only ever added (``addKey(in:now:)``, by `devicetrust keys rotate`); the
/// ``SigningKeyRing`` computes from the creation times which key signs and which are
/// published. Nodes share the folder as they share the other secrets: the same folder, or
/// copies of it.
public enum SigningKeyDirectory {
    /// One key read from the folder.
    public struct StoredKey: Sendable {
        /// The key's `kid`, which is also its file name without `.pem`.
        public let keyID: String
        /// When it was created.
        public let createdAt: Date
        /// The private key.
        public let privateKey: P256.Signing.PrivateKey

        /// The key as a ``SigningKeyRing`` member.
        public var member: SigningKeyRing.Member { SigningKeyRing.Member(keyID: keyID, createdAt: createdAt) }
    }

    /// The folder's name inside the data directory.
    public static let folderName = "token-signing-keys"
    /// The most keys a folder may hold; remove keys that are no longer published to go on.
    public static let maximumKeyCount = 256
    /// The `created-at` of a key migrated from the single `token-signing-key.pem` of
    /// earlier versions: 1970-01-01T00:00:00Z, older than any rotated key and the same on
    /// every node that migrates the same file.
    public static let migratedKeyCreationTime = Date(timeIntervalSince1970: 0)

    private static let creationPrefix = "created-at: "

    /// The keys of the folder at `folder`, creating it when missing: from `legacyFile` (the
    /// single key file of earlier versions, which is left in place) when that exists, else
    /// with one new key. Several processes doing this at once end up with the same folder.
    ///
    /// - Throws: ``CredentialFileError`` for a folder or file with wider permissions or
    ///   another owner, a file that is not `<kid>.pem` with a `created-at:` line and the key
    ///   of that `kid`, an empty folder, or more than ``maximumKeyCount`` keys. The error
    ///   names the path and the fix, never a key.
    public static func loadOrCreate(folder: URL, migratingFrom legacyFile: URL, now: Date = Date()) throws(CredentialFileError) -> [StoredKey] {
        if try OwnerOnlyFile.isOwnerOnlyFolder(at: folder.path) { return try load(folder: folder) }
        let first: StoredKey
        if let legacy = try SigningKeyFile.existingKey(at: legacyFile) {
            first = StoredKey(privateKey: legacy, createdAt: migratedKeyCreationTime)
        } else {
            first = StoredKey(privateKey: P256.Signing.PrivateKey(), createdAt: now)
        }
        var contents = try fileContents(of: first)
        defer { Sodium.zero(&contents) }
        _ = try OwnerOnlyFile.createFolderExclusively(at: folder.path, holding: fileName(for: first.keyID), contents: contents)
        return try load(folder: folder)
    }

    /// The keys of the existing folder at `folder`, oldest first.
    /// - Throws: ``CredentialFileError`` as ``loadOrCreate(folder:migratingFrom:now:)`` does,
    ///   and when the folder does not exist.
    public static func load(folder: URL) throws(CredentialFileError) -> [StoredKey] {
        let path = folder.path
        guard try OwnerOnlyFile.isOwnerOnlyFolder(at: path) else {
            throw CredentialFileError(
                .ioFailure, "\(path) does not exist; start `devicetrust serve` once to create the data directory, or copy it from another node")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw CredentialFileError(.ioFailure, "cannot list \(path); check its permissions")
        }
        // A file being written by `createExclusively` has a `.tmp-` name until it is linked.
        let keyFiles = names.filter { !$0.contains(".tmp-") }.sorted()
        guard keyFiles.count <= maximumKeyCount else {
            throw CredentialFileError(
                .wrongSize, "\(path) holds \(keyFiles.count) files, more than the \(maximumKeyCount) keys allowed; remove keys that are no longer published")
        }
        var keys: [StoredKey] = []
        for name in keyFiles {
            keys.append(try loadKey(named: name, in: path))
        }
        guard !keys.isEmpty else {
            throw CredentialFileError(
                .invalidContents, "\(path) holds no key; copy the folder from another node, or remove it to have it recreated (with a new key)")
        }
        return keys.sorted { ($0.createdAt, $0.keyID) < ($1.createdAt, $1.keyID) }
    }

    /// Adds a new random key created at `now` to the existing folder at `folder`: always the
    /// newest, one second after the newest key there when that is not older than `now`
    /// (creation times have whole seconds), so a rotation right after another never
    /// reorders the keys.
    /// - Returns: the new key.
    /// - Throws: ``CredentialFileError`` when the folder is missing, not owner-only or holds a
    ///   file it should not (see ``load(folder:)``), or the file cannot be written.
    public static func addKey(in folder: URL, now: Date = Date()) throws(CredentialFileError) -> StoredKey {
        let newest = try load(folder: folder).last?.createdAt
        let createdAt = newest.map { max(now, $0.addingTimeInterval(1)) } ?? now
        let key = StoredKey(privateKey: P256.Signing.PrivateKey(), createdAt: createdAt)
        var contents = try fileContents(of: key)
        defer { Sodium.zero(&contents) }
        let path = folder.appendingPathComponent(fileName(for: key.keyID)).path
        guard try OwnerOnlyFile.createExclusively(at: path, contents: contents) else {
            throw CredentialFileError(.ioFailure, "\(path) exists already; run the command again")
        }
        return key
    }

    private static func fileName(for keyID: String) -> String { keyID + ".pem" }

    private static func fileContents(of key: StoredKey) throws(CredentialFileError) -> [UInt8] {
        let created: RFC3339Timestamp
        do { created = try RFC3339Timestamp(key.createdAt) } catch {
            throw CredentialFileError(.invalidContents, "the clock is outside the RFC 3339 range; set the system clock")
        }
        return Array((creationPrefix + created.description + "\n" + key.privateKey.pemRepresentation + "\n").utf8)
    }

    private static func loadKey(named name: String, in folder: String) throws(CredentialFileError) -> StoredKey {
        let path = folder + "/" + name
        let keyID = String(name.dropLast(4))
        guard name.hasSuffix(".pem"), keyID.utf8.count == 43, keyID.utf8.allSatisfy(isBase64URL) else {
            throw CredentialFileError(
                .notARegularFile, "\(path) is not a key file named <kid>.pem (43 base64url characters); move it out of \(folder)")
        }
        guard case .contents(var bytes) = try OwnerOnlyFile.read(at: path, maximumByteCount: SigningKeyFile.maximumByteCount) else {
            throw CredentialFileError(.ioFailure, "\(path) vanished while being read; check what else manages that folder")
        }
        defer { Sodium.zero(&bytes) }
        let invalid = CredentialFileError(
            .invalidContents,
            "\(path) is not a 'created-at: <RFC 3339 time>' line followed by a P-256 'PRIVATE KEY' PEM block; restore it from another node's copy of the folder"
        )
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
            let line = String(bytes: bytes[..<newline], encoding: .utf8), line.hasPrefix(creationPrefix),
            let created = try? RFC3339Timestamp(parsing: String(line.dropFirst(creationPrefix.count))),
            let pem = String(bytes: bytes[(newline + 1)...], encoding: .utf8),
            let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: pem)
        else { throw invalid }
        let key = StoredKey(privateKey: privateKey, createdAt: created.date)
        guard key.keyID == keyID else {
            throw CredentialFileError(
                .invalidContents, "\(path) holds the key whose kid is \(key.keyID), not \(keyID); rename the file to \(key.keyID).pem or restore it")
        }
        return key
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}

extension SigningKeyDirectory.StoredKey {
    /// A key created at `createdAt`, rounded down to the second as its file keeps it.
    init(privateKey: P256.Signing.PrivateKey, createdAt: Date) {
        let seconds = createdAt.timeIntervalSince1970.rounded(.down)
        self.init(keyID: JSONWebKeySet.keyID(for: privateKey.publicKey), createdAt: Date(timeIntervalSince1970: seconds), privateKey: privateKey)
    }
}
