import Foundation
import TrustStore
import TrustStoreTestSupport
@testable import TrustStorePostgres

/// The throwaway PostgreSQL server `make test` starts (scripts/postgres-test-cluster.sh),
/// named by `DEVICETRUST_TEST_POSTGRES_URL`; `DEVICETRUST_REQUIRE_POSTGRES=1` makes its
/// absence a failure instead of a skip.
enum PostgresTestServer {
    static let adminURL = ProcessInfo.processInfo.environment["DEVICETRUST_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let isRequired = ProcessInfo.processInfo.environment["DEVICETRUST_REQUIRE_POSTGRES"] == "1"
    static var isAvailable: Bool { adminURL != nil }

    /// Runs value-free SQL on the server's maintenance database.
    static func administer(_ sql: String) throws {
        let settings = try PostgresSettings(try StoreURL(parsing: adminURL!))
        let connection = try PostgresConnection(settings: settings, generation: 0)
        try connection.executeValueFree(sql, during: "administering the test server")
    }

    /// The URL of database `name` on the test server.
    static func url(ofDatabase name: String) -> String {
        var components = URLComponents(string: adminURL!)!
        components.path = "/" + name
        return components.string!
    }
}

/// A fresh, empty database on the test server, dropped by ``drop()``.
struct PostgresTestDatabase: TrustStoreConformanceDatabase {
    let name: String
    let url: String

    static func create() throws -> PostgresTestDatabase {
        let name = "devicetrust_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresTestServer.administer("CREATE DATABASE \(name)")
        return PostgresTestDatabase(name: name, url: PostgresTestServer.url(ofDatabase: name))
    }

    func openStore() throws -> any TrustStorage {
        try PostgresTrustStore(databaseURL: url, options: .init(poolSize: 4))
    }

    func drop() {
        try? PostgresTestServer.administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
}
