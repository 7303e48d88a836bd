import DeviceBinding
import DeviceTrustCrypto
import Foundation
import ServerCredentials
import Testing
import TrustStoreEngines
import TrustStoreSQLite
@testable import TrustServer

/// The keys a running service signs with and publishes, read again from the key folder.
@Suite("Signing-key rotation: the service's keys")
struct TokenSigningKeysTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func kids(_ jwks: Data) throws -> Set<String> { Set(try JSONWebKeySet.publicKeys(from: jwks).keys) }

    @Test("A key added to the folder is published after the next read (≤ 5 s), signs after the publish delay, and the old key drops after the retention")
    func picksUpRotation() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("token-signing-keys")
        let old = try SigningKeyDirectory.loadOrCreate(folder: folder, migratingFrom: directory.url.appendingPathComponent("none.pem"), now: Self.start)[0]
        let keys = try TokenSigningKeys(folder: folder, publishDelay: 60, now: Self.start)
        #expect(try Self.kids(keys.jwks(at: Self.start)) == [old.keyID])

        let added = Self.start.addingTimeInterval(100)
        let new = try SigningKeyDirectory.addKey(in: folder, now: added)
        #expect(try Self.kids(keys.jwks(at: added.addingTimeInterval(TokenSigningKeys.reloadInterval))) == [old.keyID, new.keyID])
        #expect(keys.signer(at: added.addingTimeInterval(59)).keyID == old.keyID)
        #expect(keys.signer(at: added.addingTimeInterval(60)).keyID == new.keyID)
        #expect(Set(keys.publishedKeys(at: added.addingTimeInterval(60)).map(JSONWebKeySet.keyID(for:))) == [old.keyID, new.keyID])
        let dropped = added.addingTimeInterval(60 + SigningKeyRing.retention)
        #expect(try Self.kids(keys.jwks(at: dropped)) == [new.keyID])
        #expect(keys.signer(at: dropped).keyID == new.keyID)
    }

    @Test("A folder that becomes unreadable keeps the keys read before, and says so in the log")
    func keepsKeysWhenFolderBreaks() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("token-signing-keys")
        let key = try SigningKeyDirectory.loadOrCreate(folder: folder, migratingFrom: directory.url.appendingPathComponent("none.pem"), now: Self.start)[0]
        let log = LogRecorder()
        let keys = try TokenSigningKeys(folder: folder, log: log.serviceLog, now: Self.start)
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("stray.txt").path, contents: Data("x".utf8)))
        let later = Self.start.addingTimeInterval(10)
        #expect(keys.signer(at: later).keyID == key.keyID)
        #expect(try Self.kids(keys.jwks(at: later)) == [key.keyID])
        #expect(log.lines.contains { $0.contains("stray.txt") && $0.contains("still using the 1 key(s)") })
    }

    @Test("An old data directory (a single token-signing-key.pem) starts: the same key signs and is published, and tokens verify")
    func migratesOldDataDirectory() throws {
        let directory = try TemporaryDirectory()
        let configuration = ServerConfiguration(dataDirectory: directory.url.path)
        // The three secrets of an earlier version.
        let legacy = try SigningKeyFile.loadOrCreate(at: configuration.signingKeyURL)
        _ = try PepperFile.loadOrCreate(at: configuration.pepperURL)
        _ = try AdminKeyFile.loadOrCreate(at: configuration.adminKeyURL)
        let prepared = try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open)
        defer { prepared.store.close() }
        #expect(try Self.kids(prepared.service.jwks()) == [JSONWebKeySet.keyID(for: legacy.publicKey)])
        #expect(prepared.service.signingKeys.signer(at: Date()).keyID == JSONWebKeySet.keyID(for: legacy.publicKey))
        #expect(FileManager.default.fileExists(atPath: configuration.signingKeyURL.path), "the old file is left in place")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: configuration.signingKeyFolderURL.path) == ["\(JSONWebKeySet.keyID(for: legacy.publicKey)).pem"]
        )
    }

    @Test("A bad file in the key folder stops the start with an error naming it")
    func badFileAtStart() throws {
        let directory = try TemporaryDirectory()
        let configuration = ServerConfiguration(dataDirectory: directory.url.path)
        try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open).store.close()
        let stray = configuration.signingKeyFolderURL.appendingPathComponent("backup.pem")
        #expect(FileManager.default.createFile(atPath: stray.path, contents: Data("x".utf8), attributes: [.posixPermissions: 0o600]))
        do {
            try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open).store.close()
            Issue.record("a folder with a stray file was accepted")
        } catch {
            #expect(error.reason.contains(stray.path))
        }
    }
}

extension TokenSigningKeysTests {
    @Test("A key file deleted (a leaked key) is neither used nor published after the next read; the key left signs at once")
    func deletedKeyDrops() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("token-signing-keys")
        let leaked = try SigningKeyDirectory.loadOrCreate(folder: folder, migratingFrom: directory.url.appendingPathComponent("none.pem"), now: Self.start)[0]
        let keys = try TokenSigningKeys(folder: folder, publishDelay: 600, now: Self.start)
        let replacement = try SigningKeyDirectory.addKey(in: folder, now: Self.start.addingTimeInterval(10))
        #expect(keys.signer(at: Self.start.addingTimeInterval(20)).keyID == leaked.keyID)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("\(leaked.keyID).pem"))
        let later = Self.start.addingTimeInterval(20 + TokenSigningKeys.reloadInterval)
        #expect(keys.signer(at: later).keyID == replacement.keyID)
        #expect(try Self.kids(keys.jwks(at: later)) == [replacement.keyID])
    }
}

extension TokenSigningKeysTests {
    /// A token of the service's issuer and audience, issued at `now` by `key`.
    static func token(signedBy key: P256.Signing.PrivateKey, at now: Date) throws -> String {
        let issued = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        return try AccessTokenSigner(signingKey: key).issue(
            AccessTokenClaims(
                issuer: "devicetrust", audience: "devicetrust", subject: "acct-1", issuedAt: issued, expiresAt: issued.addingTimeInterval(120),
                deviceID: "device-1", key: "biometric", purpose: "unlock"))
    }

    @Test("Redemption accepts a token of every published key: the previous key's after a rotation, the pending key's; never an unknown key's")
    func redemptionAcceptsPublishedKeys() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let folder = directory.url.appendingPathComponent("token-signing-keys")
        let old = try SigningKeyDirectory.loadOrCreate(folder: folder, migratingFrom: directory.url.appendingPathComponent("none.pem"), now: clock.now)[0]
        let store = try SQLiteTrustStore(databaseURL: "sqlite:\(directory.path("trust.sqlite"))")
        defer { store.close() }
        let service = try DeviceTrustService(
            store: store, pinHasher: PINHasher(pepper: SymmetricKey(size: .bits256)),
            signingKeys: TokenSigningKeys(folder: folder, publishDelay: 60, now: clock.now), clock: clock.serviceClock)
        let beforeRotation = try Self.token(signedBy: old.privateKey, at: clock.now)
        let new = try SigningKeyDirectory.addKey(in: folder, now: clock.now)
        clock.advance(by: TokenSigningKeys.reloadInterval)
        let byPendingKey = try Self.token(signedBy: new.privateKey, at: clock.now)
        #expect(try service.redeemToken(byPendingKey).subject == "acct-1", "a pending key is published, so its tokens verify")
        clock.advance(by: 60)
        #expect(service.signingKeys.signer(at: clock.now).keyID == new.keyID)
        #expect(try service.redeemToken(beforeRotation).subject == "acct-1", "the previous key still verifies")
        expectProblem(.tokenInvalid) { _ = try service.redeemToken(Self.token(signedBy: P256.Signing.PrivateKey(), at: clock.now)) }
    }
}
