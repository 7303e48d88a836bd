import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TrustStoreTestSupport

/// "Several nodes on one PostgreSQL": the whole block in one bash, as shown, on the tests'
/// throwaway cluster (`make test` starts it): `sudo -u postgres` is a stand-in that runs the
/// command as that cluster's superuser, its port replaces 5432, and a free decade of ports
/// replaces 808 (8081–8083). Afterwards the three nodes are ready on one database and serve
/// one token-signing key. Without a cluster (a plain `swift test`) the run does nothing,
/// unless `DEVICETRUST_REQUIRE_POSTGRES=1` demands one.
enum PostgresNodesRun {
    static func run(_ context: ReadmeRunContext) throws {
        guard let adminURL = PostgresTestServer.adminURL, let components = URLComponents(string: adminURL),
            let host = components.host, let port = components.port
        else {
            #expect(
                !PostgresTestServer.isRequired,
                "DEVICETRUST_REQUIRE_POSTGRES=1 but DEVICETRUST_TEST_POSTGRES_URL is not set; run the tests with make test")
            return
        }
        let shell = context.shell
        try shell.installSudo(postgresHost: host, port: port)
        let decade = try LoopbackPort.freeDecade()
        shell.substitute("5432", with: String(port))
        shell.substitute("808", with: String(decade))
        dropDatabaseAndRole()
        defer { dropDatabaseAndRole() }

        let commands = context.commandsToRun(inBlock: 0)
        let script = try shell.start(commands)
        defer { script.group.signalGroup(SIGKILL) }
        let status = script.group.wait(upTo: 180)
        let line = commands.first?.line ?? 0
        try #require(
            status == 0,
            """
            the PostgreSQL block (README.md:\(line)) ended with \(String(describing: status)):
            \(script.output)
            \(script.errors)
            """)
        #expect(script.output.hasSuffix(#"{"status":"ready"}"#), "the last command prints what the README shows: \(script.output)")

        var keySets: Set<String> = []
        for node in 1...3 {
            let ready = try shell.runScript("curl -s http://127.0.0.1:\(decade)\(node)/readyz")
            #expect(ready.output == #"{"status":"ready"}"#, "node \(node) is ready: \(ready.output)")
            keySets.insert(try shell.runScript("curl -s http://127.0.0.1:\(decade)\(node)/.well-known/jwks.json").output)
        }
        #expect(keySets.count == 1, "the three nodes serve one token-signing key: \(keySets)")
        let tables = try PostgresTestServer.query(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
            url: PostgresTestServer.url(ofDatabase: "devicetrust"))
        #expect((Int(tables) ?? 0) > 0, "the nodes created their schema in the database devicetrust")
        script.group.signalGroup(SIGTERM)
        _ = script.group.wait(upTo: 20)
    }

    /// What the block creates in the shared cluster, removed before and after the run.
    static func dropDatabaseAndRole() {
        try? PostgresTestServer.administer("DROP DATABASE IF EXISTS devicetrust WITH (FORCE)")
        try? PostgresTestServer.administer("DROP ROLE IF EXISTS devicetrust")
    }
}
