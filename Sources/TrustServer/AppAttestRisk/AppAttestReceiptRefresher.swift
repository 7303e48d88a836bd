import Attestation
import Foundation
import ServerCredentials
import TrustStore

/// Keeps each App Attest key's receipt fresh at Apple's `attestationData` endpoint, so the
/// server knows Apple's fraud-risk metric for it (`--app-attest-risk-refresh`).
///
/// Off the request path: ``start()`` runs rounds on a thread of its own, every
/// ``Configuration/interval``; each round reads the receipts due from the store (so what
/// is due survives a restart and is shared by every node) and refreshes at most
/// ``Configuration/batchSize`` of them, ``Configuration/concurrency`` at a time, each call
/// bounded by ``Configuration/requestTimeout``. A slow or failing endpoint therefore costs
/// refresh rounds, never approvals.
///
/// Per answer (Apple's "Assessing fraud risk"): 200 carries a new receipt (base64), which
/// must verify (signature, chain, expiry, the same key and app as the stored one) before it
/// replaces the stored one; 304 and 404 keep the last good receipt; anything else, or no
/// answer, is retried with backoff (``AppAttestReceiptSchedule``). Two nodes may refresh
/// the same receipt in one round; both store a verified receipt, so that is harmless.
public final class AppAttestReceiptRefresher: Sendable {
    /// How the refresher runs.
    public struct Configuration: Sendable {
        /// Apple's endpoint, or a fake's (`--apple-attest-endpoint`).
        public var endpoint: URL
        /// The DeviceCheck key that authorizes the calls.
        public var key: DeviceCheckKey
        /// Roots that replace Apple Root CA - G3 for the new receipts.
        public var receiptRoots: [Data]?
        /// The time between rounds: 30 s, so a receipt is refreshed within a minute of being due.
        public var interval: TimeInterval = 30
        /// Receipts refreshed per round at most.
        public var batchSize = 100
        /// Calls to Apple at once.
        public var concurrency = 4
        /// The bound on one call.
        public var requestTimeout: TimeInterval = 10

        /// Apple's production endpoint.
        public static let productionEndpoint = URL(string: "https://data.appattest.apple.com/v1/attestationData")!
        /// Apple's development endpoint, for keys of the development environment.
        public static let developmentEndpoint = URL(string: "https://data-development.appattest.apple.com/v1/attestationData")!

        /// A configuration from its parts.
        public init(endpoint: URL, key: DeviceCheckKey, receiptRoots: [Data]? = nil) {
            self.endpoint = endpoint
            self.key = key
            self.receiptRoots = receiptRoots
        }
    }

    /// What one round did, for logs and tests.
    public struct Round: Sendable, Hashable {
        /// Receipts replaced by a verified new one.
        public var refreshed = 0
        /// 304 or 404: the last good receipt kept.
        public var kept = 0
        /// Calls that failed and will be retried.
        public var failed = 0
    }

    public let configuration: Configuration
    private let store: any TrustStorage
    private let transport: any AttestationDataTransport
    private let clock: ServiceClock
    private let log: ServiceLog
    private let worker = PeriodicWorker()

    /// A refresher over `store`, calling Apple through `transport`.
    public init(
        configuration: Configuration, store: any TrustStorage, transport: any AttestationDataTransport = URLSessionAttestationDataTransport(),
        clock: ServiceClock = .system, log: ServiceLog
    ) {
        self.configuration = configuration
        self.store = store
        self.transport = transport
        self.clock = clock
        self.log = log
    }

    /// Refreshes the receipts due now, once.
    /// - Throws: a `StoreError` when the due receipts cannot be read.
    @discardableResult
    public func refreshDue() throws -> Round {
        let due = try store.receiptsDueForRefresh(at: clock.now(), limit: configuration.batchSize)
        let outcomes = Outcomes(count: due.count)
        let lanes = max(1, min(configuration.concurrency, due.count))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: due.count, by: lanes) {
                outcomes.set(index, refresh(due[index]))
            }
        }
        var round = Round()
        for outcome in outcomes.all {
            switch outcome {
            case .refreshed: round.refreshed += 1
            case .kept: round.kept += 1
            case .failed: round.failed += 1
            }
        }
        return round
    }

    /// Starts rounds every ``Configuration/interval`` on a thread of its own; idempotent.
    public func start() {
        worker.start(name: "dt-receipts", every: configuration.interval) { [self] in
            do { try refreshDue() } catch { log("App Attest receipt refresh: the due receipts cannot be read: \(error)") }
        }
    }

    /// Stops the rounds and waits for the current one to end.
    public func stop() { worker.stop() }

    // MARK: One receipt

    private func refresh(_ due: DueReceipt) -> ReceiptRefreshOutcome {
        let now = clock.now()
        let record = due.attestation
        let (outcome, refreshedNext) = call(for: due, now: now)
        let next: Date
        switch outcome {
        case .refreshed:
            next = refreshedNext ?? now.addingTimeInterval(AppAttestReceiptSchedule.unchangedInterval)
        case .kept:
            next = now.addingTimeInterval(AppAttestReceiptSchedule.unchangedInterval)
        case .failed:
            next = AppAttestReceiptSchedule.retry(after: record.receiptRefreshFailures + 1, now: now)
        }
        do { try store.recordReceiptRefresh(deviceId: due.deviceId, outcome, nextRefreshAt: next) } catch {
            log("App Attest receipt refresh: device \(due.deviceId): the outcome cannot be stored: \(error)")
        }
        return outcome
    }

    /// The outcome of one call and, for a new receipt, when it is next due.
    private func call(for due: DueReceipt, now: Date) -> (ReceiptRefreshOutcome, Date?) {
        guard let stored = due.attestation.receipt, let current = try? AppAttestReceipt(der: stored) else {
            log("App Attest receipt refresh: device \(due.deviceId): the stored receipt does not parse; not sent")
            return (.failed, nil)
        }
        let answer: (status: Int, body: Data)
        do {
            let authorization = try configuration.key.authorization(now: now)
            answer = try transport.post(
                configuration.endpoint, authorization: authorization, body: Data(stored.base64EncodedString().utf8),
                timeout: configuration.requestTimeout)
        } catch {
            log("App Attest receipt refresh: device \(due.deviceId): no answer from \(configuration.endpoint.host ?? "the endpoint"): \(type(of: error))")
            return (.failed, nil)
        }
        switch answer.status {
        case 200:
            guard let receipt = verifiedReceipt(answer.body, replacing: current, deviceId: due.deviceId, now: now) else { return (.failed, nil) }
            return (
                .refreshed(receipt: receipt.der, riskMetric: receipt.parsed.riskMetric, expiresAt: receipt.parsed.expirationTime),
                AppAttestReceiptSchedule.firstRefresh(of: receipt.parsed)
            )
        case 304, 404:
            return (.kept, nil)
        default:
            log("App Attest receipt refresh: device \(due.deviceId): HTTP \(answer.status); retried with backoff")
            return (.failed, nil)
        }
    }

    /// The new receipt of a 200 answer, parsed once, when it verifies and is the same key's and app's.
    private func verifiedReceipt(_ body: Data, replacing current: AppAttestReceipt, deviceId: String, now: Date) -> (der: Data, parsed: AppAttestReceipt)? {
        let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let der = Data(base64Encoded: text) else {
            log("App Attest receipt refresh: device \(deviceId): the 200 answer is not a base64 receipt")
            return nil
        }
        do throws(AttestationError) {
            let receipt = try AppAttestReceipt(der: der)
            try receipt.verify(trustedRoots: configuration.receiptRoots, now: now)
            try receipt.verifyIssued(toCredentialCertificate: current.attestedCertificate, appID: current.appID)
            return (der, receipt)
        } catch {
            log("App Attest receipt refresh: device \(deviceId): the new receipt does not verify (\(error.code)); the last good one is kept")
            return nil
        }
    }
}

/// The outcome of each receipt of a round, written from several lanes.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ReceiptRefreshOutcome]

    init(count: Int) { values = Array(repeating: .failed, count: count) }
    func set(_ index: Int, _ outcome: ReceiptRefreshOutcome) { lock.withLock { values[index] = outcome } }
    var all: [ReceiptRefreshOutcome] { lock.withLock { values } }
}
