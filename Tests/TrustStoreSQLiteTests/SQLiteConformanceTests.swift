import Foundation
import Testing
import TrustStore
import TrustStoreSQLite
import TrustStoreTestSupport

/// A SQLite database file that the conformance suite opens stores on.
struct SQLiteConformanceDatabase: TrustStoreConformanceDatabase {
    let path: String
    let options: SQLiteTrustStore.Options

    func openStore() throws -> any TrustStorage {
        try SQLiteTrustStore(path: path, options: options)
    }
}

/// Runs the shared ``TrustStoreConformance`` suite against SQLite, with issued challenges
/// committed both without and with fsync.
@Suite("SQLite conforms to TrustStorage")
struct SQLiteConformanceTests {
    @Test(arguments: TrustStoreConformance.checks, [false, true])
    func conforms(_ check: TrustStoreConformanceCheck, issuedChallengesWaitForFsync: Bool) throws {
        let directory = try TemporaryDirectory()
        let database = SQLiteConformanceDatabase(
            path: directory.path("trust.sqlite"),
            options: .init(issuedChallengesWaitForFsync: issuedChallengesWaitForFsync))
        try check.run(against: database)
    }
}
