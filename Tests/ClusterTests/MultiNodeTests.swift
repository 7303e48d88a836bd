import DeviceBinding
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import MicroHTTPTestSupport
import ServerCredentials
import Testing
import TrustStoreTestSupport

/// A fresh database on the test server, dropped when the value goes away.
final class ClusterDatabase {
    let name: String
    let url: String

    init() throws {
        name = try PostgresTestServer.createDatabase()
        url = PostgresTestServer.url(ofDatabase: name)
    }

    deinit { PostgresTestServer.dropDatabase(name) }
}

/// Runs `count` calls, each on its own thread, released together; returns their results in order.
func concurrently<T>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let results = LockedResults<T>()
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            start.wait()
            results.set(index, body(index))
            group.leave()
        }.start()
    }
    for _ in 0..<count { start.signal() }
    group.wait()
    return results.all
}

@Suite("Several nodes on one PostgreSQL act as one service", .enabled(if: PostgresTestServer.isAvailable && devicetrustExecutable != nil), .serialized)
struct MultiNodeTests {
    @Test("three nodes started at once on an empty database come up with one schema; an enrollment created on one completes on another")
    func startTogetherAndEnrollAcross() throws {
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 3, database: database.url)
        // Every migration once (four today), whichever node applied it.
        #expect(try PostgresTestServer.query("SELECT count(*) = count(DISTINCT version) AND count(*) = 5 FROM schema_migrations", url: database.url) == "t")
        var phone = ClusterPhone()
        try cluster.enroll(&phone, createdOn: 0, completedOn: 1)
        let listed = try cluster.node(2).send("GET", "/v1/accounts/acct-1/devices", bearer: cluster.adminKey)
        #expect(listed.status == 200)
        #expect(try WireCoding.decode(DeviceList.self, from: listed.body).devices.map(\.deviceId) == [phone.deviceId])
        for node in cluster.nodes { #expect(try node.get("/readyz").status == 200) }
    }

    @Test("100 concurrent responses to one challenge over three nodes: exactly one token and 99 challenge_consumed")
    func oneChallengeOneToken() throws {
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 3, database: database.url)
        var phone = ClusterPhone()
        try cluster.enroll(&phone)
        let created = try cluster.challenge(on: 0, phone)
        let response = try phone.response(to: created)
        let answers = concurrently(100) { index in
            (try? cluster.respond(on: index, to: created, response)).map { "\($0.status) \(Self.problemCode($0) ?? "")" } ?? "transport error"
        }
        #expect(answers.filter { $0 == "200 " }.count == 1)
        #expect(answers.filter { $0 == "409 challenge_consumed" }.count == 99)
    }

    @Test("5 wrong PINs sent to different nodes: pin_invalid four times, device_revoked at the fifth")
    func wrongPINsAcrossNodes() throws {
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 3, database: database.url)
        var phone = ClusterPhone()
        try cluster.enroll(&phone)
        var codes: [String] = []
        var remaining: [Int] = []
        for attempt in 0..<5 {
            let created = try cluster.challenge(on: attempt, phone, key: .device)
            let answer = try cluster.respond(on: attempt + 1, to: created, phone.response(to: created, key: .device, pin: ClusterPhone.wrongPIN))
            codes.append(Self.problemCode(answer) ?? "\(answer.status)")
            if let problem = try? WireCoding.decode(Problem.self, from: answer.body), let left = problem.attemptsRemaining { remaining.append(left) }
        }
        #expect(codes == ["pin_invalid", "pin_invalid", "pin_invalid", "pin_invalid", "device_revoked"])
        #expect(remaining == [4, 3, 2, 1])
        let after = try cluster.node(2).send(
            "POST", "/v1/challenges", json: WireCoding.encode(ChallengeRequest(deviceId: phone.deviceId, key: .biometric, purpose: .unlock)))
        #expect(Self.problemCode(after) == "device_revoked")
    }

    @Test("10 concurrent wrong PINs on 10 challenges over the nodes: at most 4 pin_invalid with distinct counts, the rest device_revoked")
    func concurrentWrongPINs() throws {
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 3, database: database.url)
        var phone = ClusterPhone()
        try cluster.enroll(&phone)
        let challenges = try (0..<10).map { try cluster.challenge(on: $0, phone, key: .device) }
        let responses = try challenges.map { try phone.response(to: $0, key: .device, pin: ClusterPhone.wrongPIN) }
        let answers = concurrently(10) { index in try? cluster.respond(on: index + 1, to: challenges[index], responses[index]) }
        let problems = answers.map { $0.flatMap { try? WireCoding.decode(Problem.self, from: $0.body) } }
        let invalid = problems.compactMap { $0?.code == .pinInvalid ? $0?.attemptsRemaining : nil }
        #expect(invalid.count <= 4)
        #expect(Set(invalid).count == invalid.count, "remaining counts must be distinct: \(invalid)")
        #expect(problems.filter { $0?.code == .deviceRevoked }.count == 10 - invalid.count)
    }

    @Test("a token from one node verifies with another node's JWKS")
    func tokensVerifyAcrossNodes() throws {
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 2, database: database.url)
        var phone = ClusterPhone()
        try cluster.enroll(&phone)
        let created = try cluster.challenge(on: 0, phone)
        let answer = try cluster.respond(on: 0, to: created, phone.response(to: created))
        #expect(answer.status == 200)
        let token = try WireCoding.decode(TokenResponse.self, from: answer.body).accessToken
        let jwks = try cluster.node(1).get("/.well-known/jwks.json").body
        let verifier = try AccessTokenVerifier(jwks: jwks, issuer: "devicetrust", audience: "devicetrust")
        #expect(try verifier.verify(token).deviceID == phone.deviceId)
    }

    @Test("a token issued on one node is redeemed exactly once by 20 concurrent redemptions spread over two nodes")
    func redeemOnceAcrossNodes() throws {
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 2, database: database.url)
        var phone = ClusterPhone()
        try cluster.enroll(&phone)
        let created = try cluster.challenge(on: 0, phone)
        let token = try WireCoding.decode(TokenResponse.self, from: try cluster.respond(on: 0, to: created, phone.response(to: created)).body).accessToken
        let statuses = LockedResults<Int>()
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let body = try? WireCoding.encode(TokenRedemptionRequest(accessToken: token))
            statuses.set(index, (try? cluster.node(index).send("POST", "/v1/tokens/redeem", json: body, bearer: cluster.adminKey).status) ?? 0)
        }
        #expect(statuses.all.sorted() == [200] + Array(repeating: 409, count: 19))
    }

    @Test("App Attest assertions with growing counters alternate between nodes; a replayed counter fails on every node")
    func appAttestCountersAcrossNodes() throws {
        let lab = try AppAttestLab()
        let database = try ClusterDatabase()
        let cluster = try Cluster(nodes: 2, database: database.url, arguments: lab.serveArguments)
        defer { lab.remove() }
        var phone = ClusterPhone()
        let service = lab.service()
        let keyId = service.generateKey()
        let created = try cluster.createEnrollment(on: 0, account: "acct-1")
        let payload = try Base64URL.decode(created.signingPayload)
        let binding = AppAttestEnrollmentBinding.clientDataHash(
            signingPayload: payload, deviceKey: phone.deviceKey.publicKey, biometricKey: phone.biometricKey.publicKey)
        let attestation = Base64URL.encode(try service.attestKey(keyId, clientDataHash: binding))
        let completed = try cluster.node(1).send(
            "POST", "/v1/enrollments/\(created.enrollmentId)/complete",
            json: WireCoding.encode(try phone.completion(payload, appAttest: AppAttestRegistration(keyId: keyId, attestation: attestation))))
        #expect(completed.status == 201, "\(completed.bodyText)")
        phone.deviceId = try WireCoding.decode(EnrollmentCompleted.self, from: completed.body).deviceId

        func assertion(for challenge: ChallengeCreated) throws -> String {
            Base64URL.encode(try service.generateAssertion(keyId, clientDataHash: Data(SHA256.hash(data: Base64URL.decode(challenge.signingPayload)))))
        }
        var last = ""
        for round in 0..<6 {
            let challenge = try cluster.challenge(on: round, phone)
            last = try assertion(for: challenge)
            let answer = try cluster.respond(on: round + 1, to: challenge, phone.response(to: challenge, appAttestAssertion: last))
            #expect(answer.status == 200, "round \(round): \(answer.bodyText)")
        }
        for node in 0..<2 {
            // The last assertion again (counter 6, already stored) on a fresh challenge: refused everywhere.
            let challenge = try cluster.challenge(on: node, phone)
            let replay = try cluster.respond(on: node, to: challenge, phone.response(to: challenge, appAttestAssertion: last))
            #expect(Self.problemCode(replay) == "attestation_invalid", "node \(node): \(replay.bodyText)")
        }
    }

    static func problemCode(_ response: LoopbackHTTPResponse) -> String? {
        (try? WireCoding.decode(Problem.self, from: response.body))?.code.rawValue
    }
}

/// An App Attest test root written to a PEM file for `--app-attest-root`, and emulated
/// App Attest services under it.
struct AppAttestLab {
    static let appID = "TEAMID1234.com.example.bank"
    let authority: AppAttestAuthority
    let rootPath: String

    init() throws {
        authority = try AppAttestAuthority()
        rootPath = FileManager.default.temporaryDirectory.appendingPathComponent("app-attest-root-\(UUID().uuidString).pem").path
        let base64 = Data(authority.rootCertificate.der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        try "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n".write(toFile: rootPath, atomically: true, encoding: .utf8)
    }

    var serveArguments: [String] {
        [
            "--app-id", Self.appID, "--app-attest", "required", "--app-attest-environment", "development", "--app-attest-root", rootPath,
            "--app-attest-receipt-root", rootPath,
        ]
    }

    func service() -> EmulatedAppAttestService {
        EmulatedAppAttestService(appID: Self.appID, environment: .development, authority: authority)
    }

    func remove() { try? FileManager.default.removeItem(atPath: rootPath) }
}
