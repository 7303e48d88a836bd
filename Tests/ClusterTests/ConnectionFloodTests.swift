import DeviceBinding
import Foundation
import MicroHTTPTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real `devicetrust serve` with its default connection limits under a connection flood
/// from one address: other clients are still answered quickly, and all is well afterwards.
@Suite(.serialized) struct ConnectionFloodTests {
    static let floodAddress = "127.0.0.1"
    static let clientAddress = "127.0.0.2"

    /// With the default limits (1000 connections per address) and with no per-address cap,
    /// where the server holds all 6000 flood connections at once (epoll, not select()).
    @Test(arguments: [[], ["--max-connections-per-address", "0"]])
    func otherClientsAreAnsweredWithin100msWhileOneAddressFloodsTheServer(arguments: [String]) throws {
        let limit = ConnectionFlood.raiseOpenFileLimit()
        try #require(limit >= 6_500, "the flood needs 6,000 descriptors; the hard open-file limit is \(limit)")
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-flood-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        let cluster = try Cluster(nodes: 1, database: "sqlite:\(database)", arguments: arguments)
        let node = cluster.node(0)
        var phone = ClusterPhone()
        try cluster.enroll(&phone)

        let flood = ConnectionFlood(port: node.port, sourceAddress: Self.floodAddress)
        defer { flood.close() }
        try flood.openIdle(5_000)
        try flood.openSlowHeaders(1_000)
        usleep(500_000)
        flood.trickle()

        var healthz: [Double] = []
        var approvals: [Double] = []
        for attempt in 0..<20 {
            healthz.append(try Self.timed { try Self.healthz(node, from: Self.clientAddress) })
            approvals.append(try Self.timed { try Self.approve(phone, on: node, from: Self.clientAddress) })
            if attempt % 5 == 4 { flood.trickle() }
        }
        let held = flood.stillOpen()
        let rss = try Self.residentBytes(of: node.pid)
        let healthzP95 = Self.p95(healthz)
        let approvalP95 = Self.p95(approvals)
        print(
            """
            connection flood (5000 idle + 1000 slow-header from \(Self.floodAddress), \(arguments.isEmpty ? "default limits" : arguments.joined(separator: " "))): \
            GET /healthz p95 \(Self.milliseconds(healthzP95)) ms, approval p95 \(Self.milliseconds(approvalP95)) ms \
            (20 tries each from \(Self.clientAddress)); server VmRSS \(rss / 1_048_576) MB; \
            \(held) of the flood's \(flood.count) connections still open
            """)
        #expect(healthzP95 <= 0.100)
        #expect(approvalP95 <= 0.100)
        #expect(rss < 512 * 1_048_576)
        if arguments.isEmpty {
            #expect(held <= 1_000, "the per-address cap (1000) holds")
        } else {
            #expect(held > 5_000, "without a per-address cap the server holds the flood")
        }

        flood.close()
        var recovered = false
        var lastFailure = "none"
        let deadline = Date().addingTimeInterval(15)
        while !recovered, Date() < deadline {
            do {
                try Self.healthz(node, from: Self.floodAddress)
                try Self.approve(phone, on: node, from: Self.floodAddress)
                recovered = true
            } catch {
                lastFailure = "\(error)"
                usleep(100_000)
            }
        }
        #expect(
            recovered,
            "after the flood, the flooding address is served again within 15 s (last failure: \(lastFailure); \(flood.stillOpen()) flood connections open)")
    }

    private static func healthz(_ node: ServeNode, from source: String) throws {
        let client = try LoopbackHTTPClient(host: "127.0.0.1", port: node.port, timeoutSeconds: 5, sourceAddress: source)
        let answer = try client.request(method: "GET", target: "/healthz")
        guard answer.status == 200 else { throw ClusterTestError("/healthz: \(answer.status)") }
    }

    /// A whole approval on a new connection: challenge, signature, response, token.
    private static func approve(_ phone: ClusterPhone, on node: ServeNode, from source: String) throws {
        let client = try LoopbackHTTPClient(host: "127.0.0.1", port: node.port, timeoutSeconds: 5, sourceAddress: source)
        let created = try client.send(
            "POST", "/v1/challenges", json: WireCoding.encode(ChallengeRequest(deviceId: phone.deviceId, key: .biometric, purpose: .unlock)))
        guard created.status == 201 else { throw ClusterTestError("challenge: \(created.status) \(created.bodyText)") }
        let challenge = try WireCoding.decode(ChallengeCreated.self, from: created.body)
        let answer = try client.send("POST", "/v1/challenges/\(challenge.challengeId)/response", json: WireCoding.encode(try phone.response(to: challenge)))
        guard answer.status == 200 else { throw ClusterTestError("response: \(answer.status) \(answer.bodyText)") }
    }

    private static func timed(_ work: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The 95th percentile (nearest rank) of `samples`.
    private static func p95(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted[max(0, Int((0.95 * Double(sorted.count)).rounded(.up)) - 1)]
    }

    private static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

    /// `VmRSS` of `pid` from /proc, in bytes.
    private static func residentBytes(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
        else { throw ClusterTestError("no VmRSS in /proc/\(pid)/status") }
        return kilobytes * 1024
    }
}
