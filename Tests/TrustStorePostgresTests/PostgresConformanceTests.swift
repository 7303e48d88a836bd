import Foundation
import Testing
import TrustStore
import TrustStoreTestSupport

@Suite("PostgreSQL test server")
struct PostgresTestServerTests {
    @Test("make test provides a PostgreSQL server: the suite never silently skips it")
    func serverIsThereWhenRequired() {
        #expect(
            PostgresTestServer.isAvailable || !PostgresTestServer.isRequired,
            "DEVICETRUST_REQUIRE_POSTGRES=1 but DEVICETRUST_TEST_POSTGRES_URL is not set; run the tests with make test")
    }
}

/// Runs the shared conformance suite against a real PostgreSQL, one fresh database per check.
@Suite("PostgreSQL conforms to TrustStorage", .enabled(if: PostgresTestServer.isAvailable))
struct PostgresConformanceTests {
    @Test(arguments: TrustStoreConformance.checks)
    func conforms(_ check: TrustStoreConformanceCheck) throws {
        let database = try PostgresTestDatabase.create()
        defer { database.drop() }
        try check.run(against: database)
    }
}
