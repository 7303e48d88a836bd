import DeviceBinding
import DeviceTrustCrypto
import Foundation
import NamedThreads
import MicroHTTPTestSupport

/// What the clients measured together.
struct ApprovalLoadResult {
    /// Approvals answered 200 with a token.
    let approvals: Int
    /// Approvals attempted that failed (any other status, a bad payload, a socket error).
    let errors: Int
    /// Wall-clock seconds from the start signal until the last client finished.
    let seconds: Double
    /// Seconds per successful approval, challenge request to token, one per approval.
    let latencies: LatencyPercentiles
    /// TCP connections the clients opened during the run (one each when kept alive).
    let connectionsOpened: Int
    /// The first few distinct error descriptions.
    let errorSamples: [String]
    /// Whether the time cap stopped the run before every approval was attempted.
    let stoppedByTimeCap: Bool
    /// CPU seconds the whole process (server and clients) used during the run.
    let processCPUSeconds: Double
    /// CPU seconds the client threads themselves used (HTTP, JSON, payload checks, signing).
    let clientCPUSeconds: Double

    var approvalsPerSecond: Double { seconds > 0 ? Double(approvals) / seconds : 0 }
}

/// Runs approvals from one thread per client, each on its own keep-alive connection(s):
/// `POST /v1/challenges` (biometric key, purpose `action`) → parse the payload and check it
/// binds the action shown → sign it → `POST /v1/challenges/{id}/response` → expect 200.
///
/// With several nodes (`ports`), client *i* sends its challenges to node *i* mod *n* and
/// its responses to the next node, over one connection to each, so every approval crosses
/// nodes and the nodes share the load evenly.
///
/// Every client first makes one unmeasured approval (connections, prepared statements and
/// caches warm), then the clients share one budget of `approvals` attempts (bounded in
/// count) and stop at `secondsCap` at the latest (bounded in time).
enum ApprovalLoadGenerator {
    /// The action every approval confirms: small, as a payment confirmation would be.
    static let action: JSONValue = ["type": "transfer", "amount": 25, "currency": "EUR", "to": "DE89370400440532013000"]

    /// Runs the load; `sample` is called just before the clients start (with `true`) and
    /// just after the last one finished (with `false`), outside the timed span, for
    /// resource readings around the run.
    static func run<Sample>(
        ports: [UInt16], devices: [EnrolledDevice], approvals: Int, secondsCap: Int, sample: (_ beforeRun: Bool) -> Sample
    ) throws -> (result: ApprovalLoadResult, before: Sample, after: Sample) {
        precondition(!ports.isEmpty, "at least one node")
        let budget = ApprovalBudget(total: approvals)
        let results = WorkerResults()
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let deadline = ContinuousClock.now.advanced(by: .seconds(secondsCap))

        for (index, device) in devices.enumerated() {
            let challengeBody = try WireCoding.encode(ChallengeRequest(deviceId: device.deviceId, key: .biometric, purpose: .action, action: action))
            let challengePort = ports[index % ports.count]
            let responsePort = ports[(index + 1) % ports.count]
            // Named so that `perf --sort comm` tells clients from server threads.
            NamedThread.start("dt-bench-client") {
                let worker = ApprovalWorker(
                    challengePort: challengePort, responsePort: responsePort, device: device, challengeBody: challengeBody)
                worker.warmUp()
                ready.signal()
                go.wait()
                worker.run(budget: budget, deadline: deadline)
                results.add(worker.outcome())
                finished.signal()
            }
        }
        // Warm-up approvals have the same 10 s socket timeouts as the run.
        let warmUpPatience = DispatchTime.now() + .seconds(60)
        for _ in devices {
            guard ready.wait(timeout: warmUpPatience) == .success else {
                budget.drain()
                for _ in devices { go.signal() }
                throw InProcessTrustServer.Failure(description: "the clients' warm-up approvals did not finish within 60 s")
            }
        }
        let before = sample(true)
        let clock = ContinuousClock()
        let cpuBefore = CPUTime.process()
        let start = clock.now
        for _ in devices { go.signal() }
        // Every request has 10 s socket timeouts, so a client ends at most ~20 s after the cap.
        let patience = DispatchTime.now() + .seconds(secondsCap + 60)
        for _ in devices {
            guard finished.wait(timeout: patience) == .success else {
                throw InProcessTrustServer.Failure(description: "a client did not finish within \(secondsCap + 60) s")
            }
        }
        let elapsed = start.duration(to: clock.now).components
        let cpuAfter = CPUTime.process()
        let after = sample(false)
        let all = results.all
        let result = ApprovalLoadResult(
            approvals: all.reduce(0) { $0 + $1.latencies.count },
            errors: all.reduce(0) { $0 + $1.errors },
            seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18,
            latencies: LatencyPercentiles(all.flatMap(\.latencies)),
            connectionsOpened: all.reduce(0) { $0 + $1.connectionsOpened },
            errorSamples: Array(Set(all.flatMap(\.errorSamples)).sorted().prefix(5)),
            stoppedByTimeCap: budget.remaining > 0,
            processCPUSeconds: cpuAfter - cpuBefore,
            clientCPUSeconds: all.reduce(0) { $0 + $1.cpuSeconds })
        return (result, before, after)
    }
}

/// The shared count of approvals still to attempt.
private final class ApprovalBudget: @unchecked Sendable {
    // @unchecked: `left` is touched only with `lock` held.
    private let lock = NSLock()
    private var left: Int

    init(total: Int) { left = total }

    /// Takes one approval from the budget; false when none is left.
    func take() -> Bool {
        lock.withLock {
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }

    var remaining: Int { lock.withLock { left } }

    /// Leaves nothing to attempt: clients started afterwards stop at once.
    func drain() { lock.withLock { left = 0 } }
}

/// One client's figures, handed back when it finishes.
private struct WorkerOutcome: Sendable {
    let latencies: [Double]
    let errors: Int
    let errorSamples: [String]
    let connectionsOpened: Int
    let cpuSeconds: Double
}

private final class WorkerResults: @unchecked Sendable {
    // @unchecked: `outcomes` is touched only with `lock` held.
    private let lock = NSLock()
    private var outcomes: [WorkerOutcome] = []

    func add(_ outcome: WorkerOutcome) { lock.withLock { outcomes.append(outcome) } }
    var all: [WorkerOutcome] { lock.withLock { outcomes } }
}

/// One client: one device, one thread, one connection per node it talks to.
private final class ApprovalWorker {
    private let challengeConnection: LoopbackHTTPClient
    private let responseConnection: LoopbackHTTPClient
    private let device: EnrolledDevice
    private let challengeBody: Data
    private var latencies: [Double] = []
    private var errors = 0
    private var errorSamples: Set<String> = []
    private var cpuSeconds = 0.0

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    init(challengePort: UInt16, responsePort: UInt16, device: EnrolledDevice, challengeBody: Data) {
        challengeConnection = LoopbackHTTPClient(port: challengePort)
        responseConnection = challengePort == responsePort ? challengeConnection : LoopbackHTTPClient(port: responsePort)
        self.device = device
        self.challengeBody = challengeBody
        // Connected before the start signal; a failure here shows as errors in the run.
        try? challengeConnection.open()
        if responseConnection !== challengeConnection { try? responseConnection.open() }
    }

    /// One approval before the measurement; its outcome is not counted.
    func warmUp() {
        try? approveOnce()
    }

    func run(budget: ApprovalBudget, deadline: ContinuousClock.Instant) {
        let clock = ContinuousClock()
        latencies.reserveCapacity(4096)
        let cpuBefore = CPUTime.currentThread()
        defer { cpuSeconds = CPUTime.currentThread() - cpuBefore }
        while clock.now < deadline, budget.take() {
            let start = clock.now
            do {
                try approveOnce()
                let elapsed = start.duration(to: clock.now).components
                latencies.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
            } catch {
                errors += 1
                if errorSamples.count < 5 { errorSamples.insert(String(describing: error)) }
            }
        }
    }

    private func approveOnce() throws {
        let issued = try challengeConnection.send("POST", "/v1/challenges", json: challengeBody)
        guard issued.status == 201 else {
            throw Refused(description: "POST /v1/challenges answered \(issued.status): \(String(decoding: issued.body.prefix(200), as: UTF8.self))")
        }
        let challenge = try WireCoding.decode(ChallengeCreated.self, from: issued.body)
        let payloadBytes = try Base64URL.decode(challenge.signingPayload)
        // What the client SDK does before asking for Face ID: parse strictly, and refuse to
        // sign unless the payload binds this device, key and the action shown.
        let payload = try SigningPayload(parsing: payloadBytes)
        guard payload.confirms(action: ApprovalLoadGenerator.action),
            case .challenge(let deviceId, .biometric, .action) = payload.subject, deviceId == device.deviceId
        else {
            throw Refused(description: "the signing payload does not bind this device, key and action")
        }
        let signature = SignatureEncoding.encode(try device.biometricKey.signature(for: payloadBytes))
        let answered = try responseConnection.send(
            "POST", "/v1/challenges/\(challenge.challengeId)/response", json: Data(#"{"signature":"\#(signature)"}"#.utf8))
        guard answered.status == 200 else {
            throw Refused(
                description: "POST /v1/challenges/…/response answered \(answered.status): \(String(decoding: answered.body.prefix(200), as: UTF8.self))")
        }
    }

    func outcome() -> WorkerOutcome {
        let connectionsOpened =
            challengeConnection.connectionsOpened
            + (responseConnection === challengeConnection ? 0 : responseConnection.connectionsOpened)
        return WorkerOutcome(
            latencies: latencies, errors: errors, errorSamples: Array(errorSamples), connectionsOpened: connectionsOpened, cpuSeconds: cpuSeconds)
    }
}

/// CPU time consumed so far, in seconds, from `clock_gettime`.
enum CPUTime {
    /// By the whole process, all threads.
    static func process() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }
    /// By the calling thread.
    static func currentThread() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
