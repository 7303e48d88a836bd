import DeviceBinding
import Foundation
import MicroHTTPTestSupport
import Testing
import TrustStoreTestSupport

/// Crashes and database outages in the middle of load. Every test is bounded in time and
/// sends traffic to loopback only.
@Suite("Faults: what was acknowledged survives", .enabled(if: devicetrustExecutable != nil), .serialized)
struct FaultTests {
    @Test(
        "kill -9 a node on PostgreSQL in the middle of load, restart it: every acknowledged write is still there on every node",
        .enabled(if: PostgresTestServer.isAvailable))
    func killANodeOnPostgres() throws {
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 2, database: database.url)
        let load = try ApprovalLoad(cluster)
        load.start()
        Thread.sleep(forTimeInterval: 1.5)
        cluster.kill9(0)
        Thread.sleep(forTimeInterval: 1)
        try cluster.restart(0)
        Thread.sleep(forTimeInterval: 1)
        load.stop()
        #expect(load.acknowledgedApprovals.count > 20, "too little load to mean anything: \(load.answersByStatus)")
        #expect(try AcknowledgedWrites.verify(load, on: cluster) == [])
    }

    @Test("kill -9 the node on SQLite in the middle of load, restart it: every acknowledged write survives and integrity_check is ok")
    func killTheNodeOnSQLite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-sqlite-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("devicetrust.sqlite").path
        let cluster = try Cluster(nodes: 1, database: "sqlite:\(file)")
        let load = try ApprovalLoad(cluster)
        load.start()
        Thread.sleep(forTimeInterval: 1.5)
        cluster.kill9(0)
        let check = try PostgresTestServer.run(
            "/usr/bin/env",
            [
                "python3", "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])", file,
            ])
        #expect(check.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        try cluster.restart(0)
        Thread.sleep(forTimeInterval: 1)
        load.stop()
        #expect(load.acknowledgedApprovals.count > 20, "too little load to mean anything: \(load.answersByStatus)")
        #expect(try AcknowledgedWrites.verify(load, on: cluster) == [])
    }

    @Test(
        "PostgreSQL stopped in the middle of load (fast, then immediate): nodes answer 503 within 2 s and stay up, /readyz goes 503; restarted, approvals succeed again on every node within 10 s and nothing acknowledged is lost",
        .enabled(if: PostgresTestServer.clusterScript != nil))
    func databaseOutages() throws {
        let script = PostgresTestServer.clusterScript!
        let clusterDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-outage-\(UUID().uuidString)").path
        let serverURL =
            try PostgresTestServer.run("/bin/bash", [script, "start", clusterDirectory])
            .split(whereSeparator: \.isNewline).last { $0.hasPrefix("postgres://") }.map(String.init) ?? ""
        defer {
            _ = try? PostgresTestServer.run("/bin/bash", [script, "delete", clusterDirectory])
            try? FileManager.default.removeItem(atPath: clusterDirectory)
        }
        let name = try PostgresTestServer.createDatabase(on: serverURL)
        let cluster = try Cluster(nodes: 2, database: PostgresTestServer.url(ofDatabase: name, on: serverURL))
        let load = try ApprovalLoad(cluster)
        load.start()
        for mode in ["fast", "immediate"] {
            Thread.sleep(forTimeInterval: 1.5)
            try PostgresTestServer.run("/bin/bash", [script, "stop", clusterDirectory, mode])
            try expectUnavailable(cluster, mode: mode)
            try PostgresTestServer.run("/bin/bash", [script, "start", clusterDirectory])
            try expectRecovered(cluster, mode: mode)
        }
        Thread.sleep(forTimeInterval: 1)
        load.stop()
        #expect(load.acknowledgedApprovals.count > 20, "too little load to mean anything: \(load.answersByStatus)")
        #expect(try AcknowledgedWrites.verify(load, on: cluster) == [])
    }

    /// While the database is down: a route that needs it answers 503 `service_unavailable`
    /// with `Retry-After` within 2 s on every node; `/healthz` stays 200; `/readyz` turns
    /// 503 within 5 s.
    private func expectUnavailable(_ cluster: Cluster, mode: String) throws {
        for (index, node) in cluster.nodes.enumerated() {
            let started = Date()
            let answer = try node.send(
                "POST", "/v1/challenges", json: WireCoding.encode(ChallengeRequest(deviceId: "any-device", key: .biometric, purpose: .unlock)),
                timeout: 5)
            let elapsed = Date().timeIntervalSince(started)
            #expect(answer.status == 503, "\(mode), node \(index): \(answer.status) \(answer.bodyText)")
            #expect(answer.headers.contains { $0.name.lowercased() == "retry-after" }, "\(mode), node \(index)")
            #expect(answer.headers.contains { $0.name.lowercased() == "content-type" && $0.value.hasPrefix("application/problem+json") })
            let problem = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
            #expect(problem?["code"] as? String == "service_unavailable", "\(mode), node \(index): \(answer.bodyText)")
            #expect(elapsed < 2, "\(mode), node \(index) took \(elapsed) s")
            #expect(try node.get("/healthz").status == 200, "\(mode), node \(index)")
            let readyDeadline = Date().addingTimeInterval(5)
            var ready = 200
            while Date() < readyDeadline {
                ready = try node.get("/readyz").status
                if ready == 503 { break }
                usleep(100_000)
            }
            #expect(ready == 503, "\(mode), node \(index): /readyz stayed \(ready)")
            #expect(node.isRunning, "\(mode), node \(index) exited")
        }
    }

    /// After the database is back: within 10 s an approval succeeds on every node, and
    /// `/readyz` is 200, without restarting any node.
    private func expectRecovered(_ cluster: Cluster, mode: String) throws {
        var phone = ClusterPhone()
        let deadline = Date().addingTimeInterval(10)
        var enrolled = false
        while !enrolled, Date() < deadline {
            enrolled = (try? cluster.enroll(&phone, account: "after-\(mode)")) != nil
            if !enrolled { usleep(100_000) }
        }
        #expect(enrolled, "\(mode): no enrollment within 10 s of the restart")
        for index in cluster.nodes.indices {
            var approved = false
            while !approved, Date() < deadline {
                if let challenge = try? cluster.challenge(on: index, phone),
                    let answer = try? cluster.respond(on: index, to: challenge, phone.response(to: challenge))
                {
                    approved = answer.status == 200
                }
                if !approved { usleep(100_000) }
            }
            #expect(approved, "\(mode): node \(index) approved nothing within 10 s of the restart")
            #expect(try cluster.node(index).get("/readyz").status == 200, "\(mode), node \(index)")
            #expect(cluster.node(index).isRunning)
        }
    }
}
