import DeviceBinding
import Foundation
import MicroHTTPTestSupport

/// Bounded approval, PIN-failure and revocation traffic spread over a cluster's nodes, run
/// while a test breaks something; it remembers exactly what the server acknowledged.
final class ApprovalLoad: @unchecked Sendable {
    /// An approval the server acknowledged (200 with a token), with the response it accepted.
    struct Acknowledged: Sendable {
        let challenge: ChallengeCreated
        let response: ChallengeResponse
    }

    private let cluster: Cluster
    private let lock = NSLock()
    private var stopped = false
    private var approvals: [Acknowledged] = []
    private var pinFailures: [String: Int] = [:]
    private var revocations: Set<String> = []
    private var statuses: [Int: Int] = [:]
    private let group = DispatchGroup()

    let approvers: [ClusterPhone]
    let pinPhones: [ClusterPhone]
    let revocable: [ClusterPhone]
    /// Wrong PINs tried per PIN phone at most (acknowledged or not), below the limit of 5.
    static let pinTries = 2

    /// Enrolls `clients` phones of each kind through the cluster.
    init(_ cluster: Cluster, clients: Int = 6) throws {
        self.cluster = cluster
        func enrolled(_ prefix: String) throws -> [ClusterPhone] {
            try (0..<clients).map { index in
                var phone = ClusterPhone()
                try cluster.enroll(&phone, account: "\(prefix)-\(index)", createdOn: index, completedOn: index + 1)
                return phone
            }
        }
        approvers = try enrolled("approver")
        pinPhones = try enrolled("pin")
        revocable = try enrolled("revocable")
    }

    /// Starts one thread per client; each runs until ``stop()`` or `seconds` pass.
    func start(seconds: TimeInterval = 60) {
        let deadline = Date().addingTimeInterval(seconds)
        for client in approvers.indices {
            group.enter()
            Thread { [self] in
                run(client, until: deadline)
                group.leave()
            }.start()
        }
    }

    /// Stops the clients and waits for them.
    func stop() {
        lock.withLock { stopped = true }
        group.wait()
    }

    var acknowledgedApprovals: [Acknowledged] { lock.withLock { approvals } }
    var acknowledgedPINFailures: [String: Int] { lock.withLock { pinFailures } }
    var acknowledgedRevocations: Set<String> { lock.withLock { revocations } }
    /// HTTP answers by status (transport errors as 0).
    var answersByStatus: [Int: Int] { lock.withLock { statuses } }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func count(_ status: Int) { lock.withLock { statuses[status, default: 0] += 1 } }

    private func run(_ client: Int, until deadline: Date) {
        var round = client
        var pinTries = 0
        var revoked = false
        while !isStopped, Date() < deadline {
            round += 1
            if round % 7 == 0, pinTries < Self.pinTries {
                pinTries += 1
                wrongPIN(pinPhones[client], round: round)
            } else if round % 11 == 0, !revoked {
                revoked = revoke(revocable[client], round: round)
            } else {
                approve(approvers[client], round: round)
            }
        }
    }

    private func approve(_ phone: ClusterPhone, round: Int) {
        guard let challenge = try? cluster.challenge(on: round, phone), let response = try? phone.response(to: challenge) else {
            count(0)
            usleep(20_000)
            return
        }
        let answer = try? cluster.respond(on: round + 1, to: challenge, response, timeout: 5)
        count(answer?.status ?? 0)
        if answer?.status == 200 { lock.withLock { approvals.append(Acknowledged(challenge: challenge, response: response)) } }
        if answer?.status != 200 { usleep(20_000) }
    }

    private func wrongPIN(_ phone: ClusterPhone, round: Int) {
        guard let challenge = try? cluster.challenge(on: round, phone, key: .device),
            let response = try? phone.response(to: challenge, key: .device, pin: ClusterPhone.wrongPIN)
        else { return count(0) }
        let answer = try? cluster.respond(on: round + 1, to: challenge, response, timeout: 5)
        count(answer?.status ?? 0)
        if let answer, (try? WireCoding.decode(Problem.self, from: answer.body))?.code == .pinInvalid {
            lock.withLock { pinFailures[phone.deviceId, default: 0] += 1 }
        }
    }

    private func revoke(_ phone: ClusterPhone, round: Int) -> Bool {
        let answer = try? cluster.node(round).send("DELETE", "/v1/devices/\(phone.deviceId)", bearer: cluster.adminKey, timeout: 5)
        count(answer?.status ?? 0)
        guard answer?.status == 204 else { return false }
        lock.withLock { _ = revocations.insert(phone.deviceId) }
        return true
    }
}

/// The checks after a fault: nothing the cluster acknowledged is lost, on any node.
enum AcknowledgedWrites {
    /// Every acknowledged approval's replay gets 409 `challenge_consumed` on every node;
    /// every acknowledged revocation holds; every acknowledged PIN failure is still counted.
    /// Returns what did not hold.
    static func verify(_ load: ApprovalLoad, on cluster: Cluster) throws -> [String] {
        var broken: [String] = []
        for approval in load.acknowledgedApprovals {
            for node in cluster.nodes.indices {
                let replay = try cluster.respond(on: node, to: approval.challenge, approval.response)
                let code = (try? WireCoding.decode(Problem.self, from: replay.body))?.code
                if replay.status != 409 || code != .challengeConsumed {
                    broken.append("approval \(approval.challenge.challengeId) replayed on node \(node): \(replay.status) \(replay.bodyText)")
                }
            }
        }
        for deviceId in load.acknowledgedRevocations {
            for node in cluster.nodes.indices {
                let answer = try cluster.node(node).send(
                    "POST", "/v1/challenges", json: WireCoding.encode(ChallengeRequest(deviceId: deviceId, key: .biometric, purpose: .unlock)))
                if (try? WireCoding.decode(Problem.self, from: answer.body))?.code != .deviceRevoked {
                    broken.append("revoked device \(deviceId) answered \(answer.status) on node \(node)")
                }
            }
        }
        for phone in load.pinPhones {
            let acknowledged = load.acknowledgedPINFailures[phone.deviceId] ?? 0
            guard acknowledged > 0 else { continue }
            let challenge = try cluster.challenge(on: 0, phone, key: .device)
            let answer = try cluster.respond(on: 1, to: challenge, phone.response(to: challenge, key: .device, pin: ClusterPhone.wrongPIN))
            let problem = try? WireCoding.decode(Problem.self, from: answer.body)
            // This failure plus every acknowledged one must be counted (unacknowledged tries may be too).
            if problem?.code != .pinInvalid || (problem?.attemptsRemaining ?? 5) > 5 - acknowledged - 1 {
                broken.append("device \(phone.deviceId) after \(acknowledged) acknowledged wrong PINs answered \(answer.status) \(answer.bodyText)")
            }
        }
        return broken
    }
}
