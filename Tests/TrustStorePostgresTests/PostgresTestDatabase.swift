import Foundation
import TrustStore
import TrustStorePostgres
import TrustStoreTestSupport

/// A fresh, empty database on the test server, dropped by ``drop()``.
struct PostgresTestDatabase: TrustStoreConformanceDatabase {
    let name: String
    let url: String

    static func create() throws -> PostgresTestDatabase {
        let name = try PostgresTestServer.createDatabase()
        return PostgresTestDatabase(name: name, url: PostgresTestServer.url(ofDatabase: name))
    }

    func openStore() throws -> any TrustStorage {
        try PostgresTrustStore(databaseURL: url, options: .init(poolSize: 4))
    }

    func drop() { PostgresTestServer.dropDatabase(name) }
}
