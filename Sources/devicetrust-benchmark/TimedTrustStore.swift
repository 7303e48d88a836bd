import Foundation
import TrustStore

/// How many store calls the servers made, and the wall time they spent in them, per kind
/// of call: the benchmark's view of round trips and commit latency, the same for every engine.
final class StoreCallRecorder: @unchecked Sendable {
    // @unchecked: `totals` is touched only with `lock` held.
    private let lock = NSLock()
    private var totals: [StoreCall: StoreCallTotals] = [:]

    func record(_ call: StoreCall, seconds: Double) {
        lock.withLock { totals[call, default: StoreCallTotals()].add(seconds) }
    }

    /// The totals so far; subtract two snapshots for one run (``StoreCallTotals/since(_:)``).
    var snapshot: [StoreCall: StoreCallTotals] { lock.withLock { totals } }
}

/// The calls a store answers, as ``TrustStorage`` names them.
enum StoreCall: String, CaseIterable, Comparable {
    case createEnrollment, enrollment, consumeEnrollment, enrollDevice
    case device, deviceWithActiveKey, devicesOfAccount, activeKey, keyHistory, markDeviceUsed, revokeDevice, replaceBiometricKey
    case recordPINFailure, resetPINFailures, setPINHash
    case receiptsDueForRefresh, recordReceiptRefresh, redeemToken
    case insertChallenge, insertChallengeIfDeviceUsable, challenge, consumeChallenge, consumeChallengeWithCounter, consumeChallengeWithDevice, keyAttestation
    case checkAvailability, purgeExpired

    /// Whether the call writes (a commit), as opposed to only reading.
    var writes: Bool {
        switch self {
        case .enrollment, .device, .deviceWithActiveKey, .devicesOfAccount, .activeKey, .keyHistory, .challenge, .keyAttestation, .checkAvailability: false
        default: true
        }
    }

    static func < (lhs: StoreCall, rhs: StoreCall) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A count of calls and their wall-clock seconds.
struct StoreCallTotals: Equatable {
    var calls = 0
    var seconds = 0.0

    mutating func add(_ callSeconds: Double) {
        calls += 1
        seconds += callSeconds
    }

    /// Per kind of call: `after` minus `before`, kinds with no calls left out.
    static func since(_ before: [StoreCall: StoreCallTotals], _ after: [StoreCall: StoreCallTotals]) -> [StoreCall: StoreCallTotals] {
        after.reduce(into: [:]) { result, entry in
            let earlier = before[entry.key] ?? StoreCallTotals()
            let calls = entry.value.calls - earlier.calls
            if calls > 0 { result[entry.key] = StoreCallTotals(calls: calls, seconds: entry.value.seconds - earlier.seconds) }
        }
    }
}

/// A ``TrustStorage`` that forwards every call to `inner` and records its wall time in a
/// ``StoreCallRecorder`` (two clock readings and a lock per call: well under a microsecond,
/// against the tens to hundreds of microseconds of a store call).
final class TimedTrustStore: TrustStorage, @unchecked Sendable {
    // @unchecked: both properties are immutable and thread-safe.
    private let inner: any TrustStorage
    private let recorder: StoreCallRecorder

    init(_ inner: any TrustStorage, recorder: StoreCallRecorder) {
        self.inner = inner
        self.recorder = recorder
    }

    private func timed<T>(_ call: StoreCall, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let elapsed = start.duration(to: clock.now).components
            recorder.record(call, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        }
        return try body()
    }

    func createEnrollment(_ enrollment: Enrollment) throws(StoreError) {
        try timed(.createEnrollment) { () throws(StoreError) in try inner.createEnrollment(enrollment) }
    }

    func enrollment(id: String) throws(StoreError) -> Enrollment? {
        try timed(.enrollment) { () throws(StoreError) in try inner.enrollment(id: id) }
    }

    func consumeEnrollment(id: String, now: Date) throws(StoreError) -> Enrollment {
        try timed(.consumeEnrollment) { () throws(StoreError) in try inner.consumeEnrollment(id: id, now: now) }
    }

    func enrollDevice(_ registration: DeviceRegistration, consumingEnrollment enrollmentId: String, now: Date) throws(StoreError) -> Device {
        try timed(.enrollDevice) { () throws(StoreError) in
            try inner.enrollDevice(registration, consumingEnrollment: enrollmentId, now: now)
        }
    }

    func device(id: String) throws(StoreError) -> Device? {
        try timed(.device) { () throws(StoreError) in try inner.device(id: id) }
    }

    func devices(ofAccount accountId: String) throws(StoreError) -> [DeviceSummary] {
        try timed(.devicesOfAccount) { () throws(StoreError) in try inner.devices(ofAccount: accountId) }
    }

    func activeKey(deviceId: String, kind: KeyKind) throws(StoreError) -> DeviceKeyRecord? {
        try timed(.activeKey) { () throws(StoreError) in try inner.activeKey(deviceId: deviceId, kind: kind) }
    }

    func deviceWithActiveKey(id: String, kind: KeyKind) throws(StoreError) -> (device: Device, key: DeviceKeyRecord?)? {
        try timed(.deviceWithActiveKey) { () throws(StoreError) in try inner.deviceWithActiveKey(id: id, kind: kind) }
    }

    func keyHistory(deviceId: String) throws(StoreError) -> [DeviceKeyRecord] {
        try timed(.keyHistory) { () throws(StoreError) in try inner.keyHistory(deviceId: deviceId) }
    }

    func markDeviceUsed(id: String, at time: Date) throws(StoreError) {
        try timed(.markDeviceUsed) { () throws(StoreError) in try inner.markDeviceUsed(id: id, at: time) }
    }

    func revokeDevice(id: String, now: Date) throws(StoreError) {
        try timed(.revokeDevice) { () throws(StoreError) in try inner.revokeDevice(id: id, now: now) }
    }

    func replaceBiometricKey(deviceId: String, publicKey: Data, now: Date) throws(StoreError) {
        try timed(.replaceBiometricKey) { () throws(StoreError) in
            try inner.replaceBiometricKey(deviceId: deviceId, publicKey: publicKey, now: now)
        }
    }

    func recordPINFailure(deviceId: String, limit: Int, now: Date) throws(StoreError) -> PINFailureOutcome {
        try timed(.recordPINFailure) { () throws(StoreError) in try inner.recordPINFailure(deviceId: deviceId, limit: limit, now: now) }
    }

    func resetPINFailures(deviceId: String) throws(StoreError) {
        try timed(.resetPINFailures) { () throws(StoreError) in try inner.resetPINFailures(deviceId: deviceId) }
    }

    func setPINHash(deviceId: String, pinHash: Data) throws(StoreError) {
        try timed(.setPINHash) { () throws(StoreError) in try inner.setPINHash(deviceId: deviceId, pinHash: pinHash) }
    }

    func insertChallenge(_ challenge: Challenge) throws(StoreError) {
        try timed(.insertChallenge) { () throws(StoreError) in try inner.insertChallenge(challenge) }
    }

    func insertChallengeIfDeviceUsable(_ challenge: Challenge) throws(StoreError) -> Bool {
        try timed(.insertChallengeIfDeviceUsable) { () throws(StoreError) in try inner.insertChallengeIfDeviceUsable(challenge) }
    }

    func redeemToken(id tokenId: String, expiresAt: Date, now: Date) throws(StoreError) {
        try timed(.redeemToken) { () throws(StoreError) in try inner.redeemToken(id: tokenId, expiresAt: expiresAt, now: now) }
    }

    func receiptsDueForRefresh(at now: Date, limit: Int) throws(StoreError) -> [DueReceipt] {
        try timed(.receiptsDueForRefresh) { () throws(StoreError) in try inner.receiptsDueForRefresh(at: now, limit: limit) }
    }

    func recordReceiptRefresh(deviceId: String, _ outcome: ReceiptRefreshOutcome, nextRefreshAt: Date?) throws(StoreError) {
        try timed(.recordReceiptRefresh) { () throws(StoreError) in try inner.recordReceiptRefresh(deviceId: deviceId, outcome, nextRefreshAt: nextRefreshAt) }
    }

    func challenge(id: String) throws(StoreError) -> Challenge? {
        try timed(.challenge) { () throws(StoreError) in try inner.challenge(id: id) }
    }

    func consumeChallenge(id: String, now: Date) throws(StoreError) -> Challenge {
        try timed(.consumeChallenge) { () throws(StoreError) in try inner.consumeChallenge(id: id, now: now) }
    }

    func consumeChallenge(id: String, now: Date, appAttestCounter: UInt32) throws(StoreError) -> Challenge {
        try timed(.consumeChallengeWithCounter) { () throws(StoreError) in
            try inner.consumeChallenge(id: id, now: now, appAttestCounter: appAttestCounter)
        }
    }

    func consumeChallengeWithDevice(id: String, now: Date) throws(StoreError) -> ConsumedChallenge {
        try timed(.consumeChallengeWithDevice) { () throws(StoreError) in try inner.consumeChallengeWithDevice(id: id, now: now) }
    }

    func keyAttestation(deviceId: String, kind: KeyKind) throws(StoreError) -> KeyAttestation? {
        try timed(.keyAttestation) { () throws(StoreError) in try inner.keyAttestation(deviceId: deviceId, kind: kind) }
    }

    func checkAvailability() throws(StoreError) {
        try timed(.checkAvailability) { () throws(StoreError) in try inner.checkAvailability() }
    }

    func close() {
        inner.close()
    }

    func purgeExpired(before cutoff: Date) throws(StoreError) -> Int {
        try timed(.purgeExpired) { () throws(StoreError) in try inner.purgeExpired(before: cutoff) }
    }
}
