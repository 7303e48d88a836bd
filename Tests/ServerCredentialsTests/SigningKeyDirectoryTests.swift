import DeviceTrustCrypto
import Foundation
import ServerCredentials
import Testing

/// The key folder `token-signing-keys/`: files, permissions, migration, refusals.
@Suite("Signing-key rotation: the key folder")
struct SigningKeyDirectoryTests {
    struct Paths {
        let dataDirectory: URL
        var folder: URL { dataDirectory.appendingPathComponent(SigningKeyDirectory.folderName) }
        var legacy: URL { dataDirectory.appendingPathComponent("token-signing-key.pem") }
        init() throws { dataDirectory = try makeTemporaryFolder() }
    }

    @Test("A new folder (0700) holds one key file <kid>.pem (0600): a created-at line, then the PEM key; it loads back unchanged")
    func created() throws {
        let paths = try Paths()
        let now = Date(timeIntervalSince1970: 1_800_000_000.75)
        let keys = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy, now: now)
        #expect(keys.count == 1)
        let key = try #require(keys.first)
        #expect(key.keyID == JSONWebKeySet.keyID(for: key.privateKey.publicKey))
        #expect(key.createdAt == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(try permissions(of: paths.folder) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: paths.folder.path) == ["\(key.keyID).pem"])
        let file = paths.folder.appendingPathComponent("\(key.keyID).pem")
        #expect(try permissions(of: file) == 0o600)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("created-at: 2027-01-15T08:00:00Z\n-----BEGIN PRIVATE KEY-----\n"))
        #expect(!FileManager.default.fileExists(atPath: paths.legacy.path), "a new data directory gets no single-key file")
        let again = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy)
        #expect(again.map(\.keyID) == [key.keyID])
        #expect(again[0].privateKey.rawRepresentation == key.privateKey.rawRepresentation)
        #expect(try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path) == [SigningKeyDirectory.folderName])
    }

    @Test("An old data directory's token-signing-key.pem is migrated: the same key, created-at 1970, and the old file left in place")
    func migration() throws {
        let paths = try Paths()
        let legacy = try SigningKeyFile.loadOrCreate(at: paths.legacy)
        let legacyBytes = try Data(contentsOf: paths.legacy)
        let keys = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy)
        #expect(keys.count == 1)
        #expect(keys[0].privateKey.rawRepresentation == legacy.rawRepresentation)
        #expect(keys[0].keyID == JSONWebKeySet.keyID(for: legacy.publicKey))
        #expect(keys[0].createdAt == SigningKeyDirectory.migratedKeyCreationTime)
        #expect(try Data(contentsOf: paths.legacy) == legacyBytes, "nothing lost: the old file is kept for older binaries")
        // A second start (or another node on the same folder) migrates nothing again.
        let again = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy)
        #expect(again.map(\.keyID) == keys.map(\.keyID))
    }

    @Test("Two nodes migrating copies of the same old file write byte-identical key files")
    func migrationIsDeterministic() throws {
        let first = try Paths()
        let second = try Paths()
        _ = try SigningKeyFile.loadOrCreate(at: first.legacy)
        try FileManager.default.copyItem(at: first.legacy, to: second.legacy)
        let keys = try SigningKeyDirectory.loadOrCreate(folder: first.folder, migratingFrom: first.legacy)
        _ = try SigningKeyDirectory.loadOrCreate(folder: second.folder, migratingFrom: second.legacy)
        let name = "\(keys[0].keyID).pem"
        #expect(try Data(contentsOf: first.folder.appendingPathComponent(name)) == Data(contentsOf: second.folder.appendingPathComponent(name)))
    }

    @Test("addKey adds a key and keeps every earlier one; load lists them oldest first")
    func addKey() throws {
        let paths = try Paths()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy, now: start)[0]
        let second = try SigningKeyDirectory.addKey(in: paths.folder, now: start.addingTimeInterval(60))
        let third = try SigningKeyDirectory.addKey(in: paths.folder, now: start.addingTimeInterval(120))
        let loaded = try SigningKeyDirectory.load(folder: paths.folder)
        #expect(loaded.map(\.keyID) == [first.keyID, second.keyID, third.keyID])
        #expect(loaded.map(\.createdAt) == [start, start.addingTimeInterval(60), start.addingTimeInterval(120)])
        #expect(Set(loaded.map(\.keyID)).count == 3)
        for key in loaded {
            #expect(try permissions(of: paths.folder.appendingPathComponent("\(key.keyID).pem")) == 0o600)
        }
    }

    @Test("A key added in the same second as the newest (or with a clock behind) is still created after it, so it never takes the current key's place")
    func addKeyIsAlwaysNewest() throws {
        let paths = try Paths()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy, now: start)[0]
        let second = try SigningKeyDirectory.addKey(in: paths.folder, now: start.addingTimeInterval(0.5))
        let third = try SigningKeyDirectory.addKey(in: paths.folder, now: start.addingTimeInterval(-100))
        #expect(second.createdAt == start.addingTimeInterval(1))
        #expect(third.createdAt == start.addingTimeInterval(2))
        #expect(try SigningKeyDirectory.load(folder: paths.folder).map(\.keyID) == [first.keyID, second.keyID, third.keyID])
    }

    @Test("addKey and load refuse a missing folder, naming the fix")
    func missingFolder() throws {
        let paths = try Paths()
        #expect(throws: CredentialFileError(code: .ioFailure)) { try SigningKeyDirectory.addKey(in: paths.folder) }
        #expect(throws: CredentialFileError(code: .ioFailure)) { try SigningKeyDirectory.load(folder: paths.folder) }
    }

    @Test("A folder open to group or others, or a link in its place, is refused")
    func folderPermissions() throws {
        let paths = try Paths()
        _ = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy)
        try setPermissions(0o750, of: paths.folder)
        #expect(throws: CredentialFileError(code: .permissionsTooWide)) { try SigningKeyDirectory.load(folder: paths.folder) }
        #expect(throws: CredentialFileError(code: .permissionsTooWide)) { try SigningKeyDirectory.addKey(in: paths.folder) }
        try setPermissions(0o700, of: paths.folder)
        let link = paths.dataDirectory.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: paths.folder)
        #expect(throws: CredentialFileError(code: .notARegularFile)) { try SigningKeyDirectory.load(folder: link) }
    }

    @Test("A key file readable by others is refused, and the error names it and the fix")
    func filePermissions() throws {
        let paths = try Paths()
        let key = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy)[0]
        let file = paths.folder.appendingPathComponent("\(key.keyID).pem")
        try setPermissions(0o644, of: file)
        do {
            _ = try SigningKeyDirectory.load(folder: paths.folder)
            Issue.record("a 0644 key file was accepted")
        } catch {
            #expect(error == CredentialFileError(code: .permissionsTooWide))
            #expect(String(describing: error).contains(file.path))
            #expect(String(describing: error).contains("chmod 600"))
        }
    }

    /// Writes `contents` as a 0600 file `name` in the folder.
    static func write(_ contents: String, named name: String, in folder: URL) {
        #expect(
            FileManager.default.createFile(
                atPath: folder.appendingPathComponent(name).path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600]))
    }

    @Test("Bad files are refused with a clear error and never a key: a stray name, a missing or bad created-at, a bad PEM, a file named for another kid")
    func badFiles() throws {
        let key = P256.Signing.PrivateKey()
        let kid = JSONWebKeySet.keyID(for: key.publicKey)
        let otherKid = JSONWebKeySet.keyID(for: P256.Signing.PrivateKey().publicKey)
        let cases: [(name: String, contents: String, code: CredentialFileError.Code)] = [
            ("notes.txt", "hello", .notARegularFile),
            ("short.pem", "created-at: 2026-01-01T00:00:00Z\n" + key.pemRepresentation, .notARegularFile),
            ("\(kid).pem", key.pemRepresentation, .invalidContents),
            ("\(kid).pem", "created-at: yesterday\n" + key.pemRepresentation, .invalidContents),
            ("\(kid).pem", "created: 2026-01-01T00:00:00Z\n" + key.pemRepresentation, .invalidContents),
            ("\(kid).pem", "created-at: 2026-01-01T00:00:00Z\n-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", .invalidContents),
            ("\(otherKid).pem", "created-at: 2026-01-01T00:00:00Z\n" + key.pemRepresentation, .invalidContents),
        ]
        for bad in cases {
            let paths = try Paths()
            _ = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy)
            Self.write(bad.contents, named: bad.name, in: paths.folder)
            do {
                _ = try SigningKeyDirectory.load(folder: paths.folder)
                Issue.record("\(bad.name) was accepted")
            } catch {
                #expect(error == CredentialFileError(code: bad.code), "\(bad.name)")
                let text = String(describing: error)
                #expect(text.contains(bad.name), "the error names the file")
                #expect(!text.contains(key.pemRepresentation.split(separator: "\n")[1]), "the error never shows the key")
            }
        }
    }

    @Test("A hand-written file in the documented form is accepted; files being written (.tmp-) are skipped")
    func handWritten() throws {
        let paths = try Paths()
        _ = try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy, now: Date(timeIntervalSince1970: 0))
        let key = P256.Signing.PrivateKey()
        let kid = JSONWebKeySet.keyID(for: key.publicKey)
        Self.write("created-at: 2026-12-02T10:00:00Z\n" + key.pemRepresentation + "\n", named: "\(kid).pem", in: paths.folder)
        Self.write("partial", named: "\(kid).pem.tmp-0123abcd", in: paths.folder)
        let loaded = try SigningKeyDirectory.load(folder: paths.folder)
        #expect(loaded.count == 2)
        #expect(loaded[1].keyID == kid)
        #expect(try loaded[1].createdAt == RFC3339TimestampText.date("2026-12-02T10:00:00Z"))
    }

    @Test("An empty folder is refused rather than silently given a key no other node has")
    func emptyFolder() throws {
        let paths = try Paths()
        try FileManager.default.createDirectory(at: paths.folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        #expect(throws: CredentialFileError(code: .invalidContents)) {
            try SigningKeyDirectory.loadOrCreate(folder: paths.folder, migratingFrom: paths.legacy)
        }
    }

    @Test("Processes creating the folder at once all end up with the same single key")
    func concurrentCreation() async throws {
        let paths = try Paths()
        let folder = paths.folder
        let legacy = paths.legacy
        let kids = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { try SigningKeyDirectory.loadOrCreate(folder: folder, migratingFrom: legacy).map(\.keyID) }
            }
            var all: [[String]] = []
            for try await kids in group { all.append(kids) }
            return all
        }
        #expect(Set(kids).count == 1)
        #expect(kids[0].count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path) == [SigningKeyDirectory.folderName], "no temporary folder left")
    }
}

/// RFC 3339 text to a date, for expectations.
enum RFC3339TimestampText {
    static func date(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { throw CocoaError(.formatting) }
        return date
    }
}
