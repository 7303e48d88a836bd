import Foundation

/// The throwaway PostgreSQL server `make test` starts (scripts/postgres-test-cluster.sh),
/// named by `DEVICETRUST_TEST_POSTGRES_URL`; `DEVICETRUST_REQUIRE_POSTGRES=1` makes its
/// absence a failure instead of a skip. Administration goes through `psql`, so this
/// support target links no database client.
public enum PostgresTestServer {
    /// The superuser URL of the server's maintenance database, when one is configured.
    public static let adminURL = ProcessInfo.processInfo.environment["DEVICETRUST_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// Whether the run must have a server (set by `make test`).
    public static let isRequired = ProcessInfo.processInfo.environment["DEVICETRUST_REQUIRE_POSTGRES"] == "1"
    /// Whether a server is configured.
    public static var isAvailable: Bool { adminURL != nil }
    /// `scripts/postgres-test-cluster.sh`, for tests that start and stop a cluster of their own.
    public static let clusterScript = ProcessInfo.processInfo.environment["DEVICETRUST_TEST_POSTGRES_CLUSTER_SCRIPT"].flatMap { $0.isEmpty ? nil : $0 }

    /// Runs value-free SQL with `psql` against `url` (the maintenance database by default).
    public static func administer(_ sql: String, url: String? = nil) throws {
        let output = try run("/usr/bin/env", ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url ?? adminURL!, "-c", sql])
        _ = output
    }

    /// Runs SQL with `psql` against `url` and returns the unaligned, tuples-only output.
    public static func query(_ sql: String, url: String) throws -> String {
        try run("/usr/bin/env", ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The URL of database `name` on the server `base` names (the test server by default).
    public static func url(ofDatabase name: String, on base: String? = nil) -> String {
        var components = URLComponents(string: base ?? adminURL!)!
        components.path = "/" + name
        return components.string!
    }

    /// Creates a fresh, empty database and returns its name.
    public static func createDatabase(on base: String? = nil) throws -> String {
        let name = "devicetrust_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try administer("CREATE DATABASE \(name)", url: base ?? adminURL!)
        return name
    }

    /// Drops a database made by ``createDatabase(on:)``, closing its connections.
    public static func dropDatabase(_ name: String, on base: String? = nil) {
        try? administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", url: base ?? adminURL!)
    }

    /// Runs a program to its end and returns its output (standard output and error).
    @discardableResult
    public static func run(_ program: String, _ arguments: [String]) throws -> String {
        try ChildProcess.run([program] + arguments)
    }
}
