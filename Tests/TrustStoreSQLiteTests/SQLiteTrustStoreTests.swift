import Foundation
import Testing
import TrustStore
@testable import TrustStoreSQLite

/// What is specific to the SQLite store: files, modes, URLs, migrations, errors.
@Suite("SQLiteTrustStore")
struct SQLiteTrustStoreTests {
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func createsTheDatabaseAndItsWALFilesOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trust.sqlite")
        let store = try SQLiteTrustStore(path: path)
        try store.createEnrollment(
            Enrollment(
                id: "enr-1", accountId: "acct-1", nonce: Data(count: 32), signingPayload: Data("p".utf8),
                expiresAt: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(try mode(path) == 0o600)
        #expect(try mode(path + "-wal") == 0o600)
        #expect(try mode(path + "-shm") == 0o600)
    }

    @Test func tightensAnExistingFileToOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trust.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        _ = try SQLiteTrustStore(path: path)
        #expect(try mode(path) == 0o600)
    }

    @Test func aMissingDirectoryGivesAClearError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("no-such-dir/trust.sqlite")
        do {
            _ = try SQLiteTrustStore(path: path)
            Issue.record("opening succeeded")
        } catch {
            #expect(error.code == .cannotOpen)
            #expect(error.description.contains(path))
            #expect(error.description.contains("No such file or directory"))
            #expect(error.description.contains("check that the directory exists"))
        }
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsCorrupt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trust.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError(.corrupt, reason: "")) { try SQLiteTrustStore(path: path) }
    }

    @Test func opensSQLiteURLsAndRefusesOtherSchemes() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteTrustStore(databaseURL: "sqlite:" + directory.path("trust.sqlite"))
        #expect(store.path == directory.path("trust.sqlite"))
        #expect(throws: StoreError.invalidArgument) { try SQLiteTrustStore(databaseURL: "postgres://localhost/db") }
        #expect(throws: StoreError.invalidArgument) { try SQLiteTrustStore(databaseURL: "sqlite:") }
    }

    @Test func migrationsAreRecordedOnceAcrossReopens() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trust.sqlite")
        for _ in 0..<3 { _ = try SQLiteTrustStore(path: path) }
        let store = try SQLiteTrustStore(path: path)
        let versions = try store.read { connection throws(StoreError) in
            try connection.statement("SELECT version FROM schema_migrations ORDER BY version")
                .query(during: "test") { row throws(StoreError) in row.integer(0) }
        }
        #expect(versions == SQLiteSchema.migrations.map(\.version))
        #expect(SQLiteTrustStore.schemaVersion == 5)
    }

    @Test func aVersion1DatabaseGainsKeyAttestationsAndKeepsItsDevices() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trust.sqlite")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            let store = try SQLiteTrustStore(path: path)
            try store.createEnrollment(
                Enrollment(
                    id: "enr-1", accountId: "acct-1", nonce: Data(repeating: 1, count: 32), signingPayload: Data("p".utf8),
                    expiresAt: now.addingTimeInterval(60)))
            _ = try store.enrollDevice(
                DeviceRegistration(deviceId: "dev-1", name: "Pixel", platform: "android", publicKeys: [.device: Data([4] + Array(repeating: 1, count: 64))]),
                consumingEnrollment: "enr-1", now: now)
            // Back to schema version 1, as a database written before migration 2.
            try store.read { connection throws(StoreError) in
                try connection.executeValueFreeSQL("DROP TABLE key_attestations", during: "test")
                try connection.executeValueFreeSQL("DROP TABLE redeemed_tokens", during: "test")
                try connection.executeValueFreeSQL("DELETE FROM schema_migrations WHERE version >= 2", during: "test")
            }
            store.close()
        }
        let store = try SQLiteTrustStore(path: path)
        defer { store.close() }
        let devices = try store.devices(ofAccount: "acct-1")
        #expect(devices.map(\.device.id) == ["dev-1"])
        #expect(devices.map(\.attestations) == [[:]])
    }

    @Test func aDatabaseFromANewerBuildIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trust.sqlite")
        do {
            let store = try SQLiteTrustStore(path: path)
            try store.read { connection throws(StoreError) in
                try connection.statement("INSERT INTO schema_migrations (version, summary) VALUES (?1, ?2)")
                    .execute([.integer(999), .text("from the future")], during: "test")
            }
        }
        #expect(throws: StoreError(.incompatibleSchema, reason: "")) { try SQLiteTrustStore(path: path) }
    }

    @Test func theConnectionIsConfiguredForSecurityState() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteTrustStore(path: directory.path("trust.sqlite"))
        let settings = try store.read { connection throws(StoreError) in
            (
                try connection.statement("PRAGMA journal_mode").query(during: "test") { row throws(StoreError) in row.text(0) },
                try connection.statement("PRAGMA synchronous").query(during: "test") { row throws(StoreError) in row.integer(0) },
                try connection.statement("PRAGMA foreign_keys").query(during: "test") { row throws(StoreError) in row.integer(0) }
            )
        }
        #expect(settings.0 == ["wal"])
        #expect(settings.1 == [2])  // FULL
        #expect(settings.2 == [1])
    }

    @Test func underSteadyWritesTheWALIsCopiedBackAndStartedOverSoItStopsGrowing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trust.sqlite")
        let store = try SQLiteTrustStore(path: path)
        var written = 0
        func write(_ count: Int) throws {
            for _ in 0..<count {
                written += 1
                try store.createEnrollment(
                    Enrollment(
                        id: "enr-\(written)", accountId: "acct-1", nonce: Data(count: 32), signingPayload: Data(repeating: 0x70, count: 600),
                        expiresAt: Date(timeIntervalSince1970: 1_800_000_000)))
            }
        }
        func waitForCheckpoints(_ count: Int) throws {
            let deadline = Date().addingTimeInterval(30)
            while store.completedCheckpoints < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            try #require(store.completedCheckpoints >= count, "the checkpointer copied the whole WAL \(store.completedCheckpoints) times")
        }
        func walSize() throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? -1
        }
        // Each pass is requested every 200 commits; once one has copied every frame, the
        // next commit writes the WAL from its beginning again instead of appending.
        try write(WALCheckpointer.commitsPerCheckpoint + 50)
        try waitForCheckpoints(1)
        let afterOneCycle = try walSize()
        try write(WALCheckpointer.commitsPerCheckpoint + 50)
        try waitForCheckpoints(2)
        try write(100)
        // Appending all along would have made it 600/250 = 2.4 times as large.
        let afterThreeCycles = try walSize()
        #expect(afterThreeCycles < afterOneCycle * 3 / 2, "WAL \(afterThreeCycles) bytes after \(written) commits, \(afterOneCycle) after 250")
    }

    @Test func errorsNeverCarryStoredValues() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteTrustStore(path: directory.path("trust.sqlite"))
        let secretId = "enr-SECRET-1234"
        let enrollment = Enrollment(
            id: secretId, accountId: "acct-SECRET", nonce: Data(count: 32), signingPayload: Data("p".utf8),
            expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
        try store.createEnrollment(enrollment)
        do {
            try store.createEnrollment(enrollment)
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.code == .duplicate)
            #expect(error.engineCode == .sqlite(1555))  // SQLITE_CONSTRAINT_PRIMARYKEY
            #expect(!error.description.contains("SECRET"))
        }
    }

    @Test func aClosedStoreRefusesWork() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteTrustStore(path: directory.path("trust.sqlite"))
        store.close()
        store.close()
        #expect(throws: StoreError(.closed, reason: "")) { try store.device(id: "dev-1") }
    }

    @Test func deviceDescriptionsHideThePINHash() {
        let device = Device(
            id: "dev-1", accountId: "acct-1", name: "n", platform: "ios", createdAt: Date(timeIntervalSince1970: 0),
            pinHash: Data(repeating: 0xAB, count: 4))
        #expect(!String(describing: device).contains("ab"))
        #expect(!String(reflecting: device).contains("171"))
        var dumped = ""
        dump(device, to: &dumped)
        #expect(!dumped.contains("pinHash"))
    }
}
