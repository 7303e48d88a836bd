import DeviceBinding
import DeviceTrustCrypto
import Foundation
import MicroHTTPTestSupport

/// Several `devicetrust serve` nodes on one database, each with its own copy of one data
/// directory, as the README tells operators to run them.
final class Cluster: @unchecked Sendable {
    let root: URL
    let database: String
    let adminKey: String
    private(set) var nodes: [ServeNode]

    /// Creates the shared secrets once (a first start on a throwaway SQLite file), copies the
    /// data directory `count` times, and starts `count` nodes at once on `database`.
    init(nodes count: Int, database: String, arguments: [String] = []) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-cluster-\(UUID().uuidString)")
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        self.database = database
        let seed = root.appendingPathComponent("seed").path
        let seedNode = try ServeNode.startingOnAFreePort(dataDirectory: seed, database: "sqlite:\(root.appendingPathComponent("seed.sqlite").path)")
        seedNode.kill9()
        adminKey = try String(contentsOfFile: seed + "/admin-api-key", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let directories = try (1...count).map { index -> String in
            let path = root.appendingPathComponent("node-\(index)").path
            try FileManager.default.copyItem(atPath: seed, toPath: path)
            return path
        }
        let started = LockedResults<Result<ServeNode, any Error>>()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            started.set(index, Result { try ServeNode.startingOnAFreePort(dataDirectory: directories[index], database: database, arguments: arguments) })
        }
        nodes = try (0..<count).map { try started.value(at: $0)!.get() }
    }

    deinit {
        nodes.forEach { $0.kill9() }
        try? FileManager.default.removeItem(at: root)
    }

    func node(_ index: Int) -> ServeNode { nodes[index % nodes.count] }

    /// Replaces node `index` by a fresh process on the same port and data directory.
    func restart(_ index: Int) throws {
        nodes[index].kill9()
        nodes[index] = try nodes[index].restarted()
    }

    func kill9(_ index: Int) { nodes[index].kill9() }

    // MARK: The API, as a backend and a phone use it

    /// `POST /v1/enrollments` on `node` with the admin key.
    func createEnrollment(on node: Int, account: String) throws -> EnrollmentCreated {
        let answer = try self.node(node).send("POST", "/v1/enrollments", json: WireCoding.encode(EnrollmentRequest(accountId: account)), bearer: adminKey)
        guard answer.status == 201 else { throw ClusterTestError("enrollment: \(answer.status) \(answer.bodyText)") }
        return try WireCoding.decode(EnrollmentCreated.self, from: answer.body)
    }

    /// Enrolls `phone` (created on `created`, completed on `completed`) and records its device id.
    func enroll(_ phone: inout ClusterPhone, account: String = "acct-1", createdOn: Int = 0, completedOn: Int = 0) throws {
        let created = try createEnrollment(on: createdOn, account: account)
        let answer = try node(completedOn).send(
            "POST", "/v1/enrollments/\(created.enrollmentId)/complete",
            json: WireCoding.encode(try phone.completion(Base64URL.decode(created.signingPayload))))
        guard answer.status == 201 else { throw ClusterTestError("completion: \(answer.status) \(answer.bodyText)") }
        phone.deviceId = try WireCoding.decode(EnrollmentCompleted.self, from: answer.body).deviceId
    }

    /// `POST /v1/challenges` on `node`.
    func challenge(on node: Int, _ phone: ClusterPhone, key: DeviceBinding.KeyKind = .biometric, purpose: Purpose = .unlock) throws -> ChallengeCreated {
        let answer = try self.node(node).send(
            "POST", "/v1/challenges", json: WireCoding.encode(ChallengeRequest(deviceId: phone.deviceId, key: key, purpose: purpose)))
        guard answer.status == 201 else { throw ClusterTestError("challenge: \(answer.status) \(answer.bodyText)") }
        return try WireCoding.decode(ChallengeCreated.self, from: answer.body)
    }

    /// `POST /v1/challenges/{id}/response` on `node` with `response`.
    func respond(on node: Int, to created: ChallengeCreated, _ response: ChallengeResponse, timeout: Int = 10) throws -> LoopbackHTTPResponse {
        try self.node(node).send("POST", "/v1/challenges/\(created.challengeId)/response", json: WireCoding.encode(response), timeout: timeout)
    }
}

/// An emulated phone's keys (no keychain: the cluster tests are about the server).
struct ClusterPhone: Sendable {
    let deviceKey = P256.Signing.PrivateKey()
    let biometricKey = P256.Signing.PrivateKey()
    var deviceId = ""

    static let pin = try! PIN("123456")
    static let wrongPIN = try! PIN("654321")

    func completion(_ payload: Data, appAttest: AppAttestRegistration? = nil) throws -> EnrollmentCompletion {
        EnrollmentCompletion(
            platform: .ios, deviceName: "Anna's iPhone",
            deviceKey: KeyRegistration(key: deviceKey.publicKey, proof: try deviceKey.signature(for: payload)),
            biometricKey: KeyRegistration(key: biometricKey.publicKey, proof: try biometricKey.signature(for: payload)),
            pin: Self.pin, appAttest: appAttest)
    }

    /// A response signed by the challenge's key; device-key responses carry `pin`.
    func response(
        to created: ChallengeCreated, key: DeviceBinding.KeyKind = .biometric, pin: PIN? = nil, appAttestAssertion: String? = nil
    ) throws -> ChallengeResponse {
        let signer = key == .device ? deviceKey : biometricKey
        let signature = SignatureEncoding.encode(try signer.signature(for: Base64URL.decode(created.signingPayload)))
        return ChallengeResponse(signature: signature, pin: pin, appAttestAssertion: appAttestAssertion)
    }
}

/// Results set from several threads by index.
final class LockedResults<Value>: @unchecked Sendable {
    // @unchecked: `values` is only touched with `lock` held.
    private let lock = NSLock()
    private var values: [Int: Value] = [:]
    func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }
    func value(at index: Int) -> Value? { lock.withLock { values[index] } }
    var all: [Value] { lock.withLock { values.keys.sorted().map { values[$0]! } } }
}
