import Foundation
import Testing
import TrustStore
import TrustStoreTestSupport
@testable import TrustStorePostgres

@Suite("PostgresTrustStore", .enabled(if: PostgresTestServer.isAvailable))
struct PostgresTrustStoreTests {
    private func enrollment(_ id: String) -> Enrollment {
        Enrollment(
            id: id, accountId: "acct-1", nonce: Data(repeating: 7, count: 32), signingPayload: Data("p".utf8),
            expiresAt: Date(timeIntervalSince1970: 1_900_000_000))
    }

    @Test("an unreachable server is unavailable at once, and no message carries the password")
    func unreachableServer() throws {
        let started = Date()
        do {
            _ = try PostgresTrustStore(databaseURL: "postgres://dt:s3cret-pw@127.0.0.1:1/devicetrust")
            Issue.record("connected to port 1")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!error.description.contains("s3cret-pw"))
            #expect(error.description.contains("postgres://dt:***@127.0.0.1:1/devicetrust"))
        }
        #expect(Date().timeIntervalSince(started) < 2.5)
    }

    @Test("a URL libpq refuses is an invalid argument naming no password")
    func badURL() {
        #expect(throws: StoreError.invalidArgument) { try PostgresTrustStore(databaseURL: "postgres://dt:s3cret@h/db?no_such_parameter=1") }
        do { _ = try PostgresTrustStore(databaseURL: "postgres://dt:s3cret@h/db?no_such_parameter=1") } catch {
            #expect(!error.description.contains("s3cret"))
        }
    }

    @Test("eight stores opening an empty database at once all come up with one schema")
    func concurrentMigrations() throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        let failures = LockedList<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do { _ = try database.openStore() } catch { failures.append("\(error)") }
        }
        #expect(failures.all == [])
        let store = try PostgresTrustStore(databaseURL: database.url)
        let versions = try store.read("reading versions") { connection throws(StoreError) in
            try connection.execute("SELECT version FROM schema_migrations ORDER BY version", during: "reading versions")
                .rows { row throws(StoreError) in try row.int8(0) }
        }
        #expect(versions == PostgresSchema.migrations.map(\.version))
    }

    @Test("a database migrated by a newer build is refused")
    func newerSchema() throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        let store = try PostgresTrustStore(databaseURL: database.url)
        try store.read("bumping") { connection throws(StoreError) -> Void in
            _ = try connection.execute("INSERT INTO schema_migrations (version, summary) VALUES (99, 'future')", during: "bumping")
        }
        store.close()
        #expect(throws: StoreError(.incompatibleSchema, reason: "")) { try PostgresTrustStore(databaseURL: database.url) }
    }

    @Test("after the server drops every connection, the next calls reconnect by themselves and lose nothing")
    func reconnectsAfterTerminatedConnections() throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        let store = try PostgresTrustStore(databaseURL: database.url, options: .init(poolSize: 3))
        try store.createEnrollment(enrollment("enr-before"))
        try PostgresTestServer.administer(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database.name)' AND pid <> pg_backend_pid()")
        try store.checkAvailability()
        try store.createEnrollment(enrollment("enr-after"))
        #expect(try store.enrollment(id: "enr-before") != nil)
        #expect(try store.consumeEnrollment(id: "enr-after", now: Date(timeIntervalSince1970: 1_800_000_000)).consumedAt != nil)
    }

    @Test("duplicates carry SQLSTATE 23505 and never the stored value")
    func duplicateError() throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        let store = try PostgresTrustStore(databaseURL: database.url)
        try store.createEnrollment(enrollment("enr-SECRET-1234"))
        do {
            try store.createEnrollment(enrollment("enr-SECRET-1234"))
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.code == .duplicate)
            #expect(error.engineCode == .sqlstate("23505"))
            #expect(!error.description.contains("SECRET"))
        }
    }

    @Test("a pool whose connections are all busy answers unavailable after its bounded wait")
    func boundedPoolWait() throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        let store = try PostgresTrustStore(databaseURL: database.url, options: .init(poolSize: 1, acquireTimeout: 1))
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? store.read("holding") { _ throws(StoreError) in
                held.signal()
                release.wait()
            }
        }
        holder.start()
        held.wait()
        let started = Date()
        #expect(throws: StoreError.unavailable) { try store.checkAvailability() }
        // One bounded wait, not a second one for a retry: busy connections are not lost ones.
        #expect(Date().timeIntervalSince(started) < 1.8)
        release.signal()
    }
}

/// Collects values from several threads.
final class LockedList<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `values` is only touched with `lock` held.
    private let lock = NSLock()
    private var values: [Value] = []
    func append(_ value: Value) { lock.lock(); values.append(value); lock.unlock() }
    var all: [Value] { lock.lock(); defer { lock.unlock() }; return values }
}

@Suite("PostgresTrustStore durability", .enabled(if: PostgresTestServer.isAvailable))
struct PostgresDurabilityTests {
    @Test("commits are synchronous even where the server's default lowers synchronous_commit")
    func synchronousCommitStaysOn() throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        try PostgresTestServer.administer("ALTER DATABASE \(database.name) SET synchronous_commit = off")
        #expect(try PostgresTestServer.query("SHOW synchronous_commit", url: database.url) == "off")
        let store = try PostgresTrustStore(databaseURL: database.url)
        let setting = try store.read("reading synchronous_commit") { connection throws(StoreError) in
            try connection.execute("SELECT current_setting('synchronous_commit')", during: "reading synchronous_commit")
                .rows { row throws(StoreError) in try row.text(0) }.first
        }
        #expect(setting == "on")
    }
}

@Suite("PostgresTrustStore bounded replies", .enabled(if: PostgresTestServer.isAvailable))
struct PostgresReplyTimeoutTests {
    @Test("a statement whose reply does not come (a row lock held elsewhere) answers unavailable within the bound; the store goes on")
    func stuckReplyIsBounded() throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        let store = try PostgresTrustStore(databaseURL: database.url, options: .init(poolSize: 2, replyTimeout: 0.5))
        try store.createEnrollment(
            Enrollment(
                id: "enr-1", accountId: "acct-1", nonce: Data(repeating: 1, count: 32), signingPayload: Data("p".utf8),
                expiresAt: Date(timeIntervalSince1970: 1_900_000_000)))
        // Another session holds the row lock for 3 s.
        let holder = Thread {
            try? PostgresTestServer.administer(
                "BEGIN; SELECT 1 FROM enrollments WHERE id = 'enr-1' FOR UPDATE; SELECT pg_sleep(3); COMMIT;", url: database.url)
        }
        holder.start()
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        #expect(throws: StoreError.unavailable) { try store.consumeEnrollment(id: "enr-1", now: Date(timeIntervalSince1970: 1_800_000_000)) }
        // One reply bound (0.5 s), not a second one spent recognising the write.
        #expect(Date().timeIntervalSince(started) < 0.95)
        try store.checkAvailability()
        Thread.sleep(forTimeInterval: 3)
        // The given-up statement was rolled back or waited: either way the consumption is
        // decided exactly once, and the store answers.
        let enrollment = try #require(try store.enrollment(id: "enr-1"))
        if enrollment.consumedAt == nil {
            #expect(try store.consumeEnrollment(id: "enr-1", now: Date(timeIntervalSince1970: 1_800_000_001)).consumedAt != nil)
        }
    }
}
