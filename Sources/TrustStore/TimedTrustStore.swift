import Foundation

/// The operations a store answers, as ``TrustStorage`` names them (the two-argument
/// `consumeChallenge` is `consumeChallengeWithCounter`): the `operation` of
/// ``TimedTrustStore``.
public enum StoreOperation: String, CaseIterable, Comparable, Sendable {
    case createEnrollment, enrollment, consumeEnrollment, enrollDevice
    case device, deviceWithActiveKey, devicesOfAccount, activeKey, keyHistory, markDeviceUsed, revokeDevice, replaceBiometricKey
    case recordPINFailure, resetPINFailures, setPINHash
    case receiptsDueForRefresh, recordReceiptRefresh, redeemToken
    case insertChallenge, insertChallengeIfDeviceUsable, challenge, consumeChallenge, consumeChallengeWithCounter, consumeChallengeWithDevice, keyAttestation
    case checkAvailability, purgeExpired

    /// Whether the operation writes (a commit), as opposed to only reading.
    public var writes: Bool {
        switch self {
        case .enrollment, .device, .deviceWithActiveKey, .devicesOfAccount, .activeKey, .keyHistory, .challenge, .keyAttestation, .checkAvailability: false
        default: true
        }
    }

    /// Orders as the cases are declared.
    public static func < (lhs: StoreOperation, rhs: StoreOperation) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A ``TrustStorage`` that forwards every call to `inner`, unchanged and with its errors,
/// and hands its wall time to `record` with the ``StoreOperation`` it was: for the server's
/// storage histogram and the benchmark's per-call totals alike (two clock readings per
/// call: well under a microsecond, against the tens to hundreds of microseconds of a store
/// call).
public final class TimedTrustStore: TrustStorage {
    private let inner: any TrustStorage
    private let record: @Sendable (StoreOperation, _ seconds: Double) -> Void

    /// Wraps `inner`; `record` is called after every call, from the calling thread.
    public init(_ inner: any TrustStorage, record: @escaping @Sendable (StoreOperation, _ seconds: Double) -> Void) {
        self.inner = inner
        self.record = record
    }

    private func timed<T>(_ call: StoreOperation, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let elapsed = start.duration(to: clock.now).components
            record(call, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        }
        return try body()
    }

    public func createEnrollment(_ enrollment: Enrollment) throws(StoreError) {
        try timed(.createEnrollment) { () throws(StoreError) in try inner.createEnrollment(enrollment) }
    }

    public func enrollment(id: String) throws(StoreError) -> Enrollment? {
        try timed(.enrollment) { () throws(StoreError) in try inner.enrollment(id: id) }
    }

    public func consumeEnrollment(id: String, now: Date) throws(StoreError) -> Enrollment {
        try timed(.consumeEnrollment) { () throws(StoreError) in try inner.consumeEnrollment(id: id, now: now) }
    }

    public func enrollDevice(_ registration: DeviceRegistration, consumingEnrollment enrollmentId: String, now: Date) throws(StoreError) -> Device {
        try timed(.enrollDevice) { () throws(StoreError) in
            try inner.enrollDevice(registration, consumingEnrollment: enrollmentId, now: now)
        }
    }

    public func device(id: String) throws(StoreError) -> Device? {
        try timed(.device) { () throws(StoreError) in try inner.device(id: id) }
    }

    public func devices(ofAccount accountId: String) throws(StoreError) -> [DeviceSummary] {
        try timed(.devicesOfAccount) { () throws(StoreError) in try inner.devices(ofAccount: accountId) }
    }

    public func activeKey(deviceId: String, kind: KeyKind) throws(StoreError) -> DeviceKeyRecord? {
        try timed(.activeKey) { () throws(StoreError) in try inner.activeKey(deviceId: deviceId, kind: kind) }
    }

    public func deviceWithActiveKey(id: String, kind: KeyKind) throws(StoreError) -> (device: Device, key: DeviceKeyRecord?)? {
        try timed(.deviceWithActiveKey) { () throws(StoreError) in try inner.deviceWithActiveKey(id: id, kind: kind) }
    }

    public func keyHistory(deviceId: String) throws(StoreError) -> [DeviceKeyRecord] {
        try timed(.keyHistory) { () throws(StoreError) in try inner.keyHistory(deviceId: deviceId) }
    }

    public func markDeviceUsed(id: String, at time: Date) throws(StoreError) {
        try timed(.markDeviceUsed) { () throws(StoreError) in try inner.markDeviceUsed(id: id, at: time) }
    }

    public func revokeDevice(id: String, now: Date) throws(StoreError) {
        try timed(.revokeDevice) { () throws(StoreError) in try inner.revokeDevice(id: id, now: now) }
    }

    public func replaceBiometricKey(deviceId: String, publicKey: Data, now: Date) throws(StoreError) {
        try timed(.replaceBiometricKey) { () throws(StoreError) in
            try inner.replaceBiometricKey(deviceId: deviceId, publicKey: publicKey, now: now)
        }
    }

    public func recordPINFailure(deviceId: String, limit: Int, now: Date) throws(StoreError) -> PINFailureOutcome {
        try timed(.recordPINFailure) { () throws(StoreError) in try inner.recordPINFailure(deviceId: deviceId, limit: limit, now: now) }
    }

    public func resetPINFailures(deviceId: String) throws(StoreError) {
        try timed(.resetPINFailures) { () throws(StoreError) in try inner.resetPINFailures(deviceId: deviceId) }
    }

    public func setPINHash(deviceId: String, pinHash: Data) throws(StoreError) {
        try timed(.setPINHash) { () throws(StoreError) in try inner.setPINHash(deviceId: deviceId, pinHash: pinHash) }
    }

    public func insertChallenge(_ challenge: Challenge) throws(StoreError) {
        try timed(.insertChallenge) { () throws(StoreError) in try inner.insertChallenge(challenge) }
    }

    public func insertChallengeIfDeviceUsable(_ challenge: Challenge) throws(StoreError) -> Bool {
        try timed(.insertChallengeIfDeviceUsable) { () throws(StoreError) in try inner.insertChallengeIfDeviceUsable(challenge) }
    }

    public func redeemToken(id tokenId: String, expiresAt: Date, now: Date) throws(StoreError) {
        try timed(.redeemToken) { () throws(StoreError) in try inner.redeemToken(id: tokenId, expiresAt: expiresAt, now: now) }
    }

    public func receiptsDueForRefresh(at now: Date, limit: Int) throws(StoreError) -> [DueReceipt] {
        try timed(.receiptsDueForRefresh) { () throws(StoreError) in try inner.receiptsDueForRefresh(at: now, limit: limit) }
    }

    public func recordReceiptRefresh(deviceId: String, _ outcome: ReceiptRefreshOutcome, nextRefreshAt: Date?) throws(StoreError) {
        try timed(.recordReceiptRefresh) { () throws(StoreError) in try inner.recordReceiptRefresh(deviceId: deviceId, outcome, nextRefreshAt: nextRefreshAt) }
    }

    public func challenge(id: String) throws(StoreError) -> Challenge? {
        try timed(.challenge) { () throws(StoreError) in try inner.challenge(id: id) }
    }

    public func consumeChallenge(id: String, now: Date) throws(StoreError) -> Challenge {
        try timed(.consumeChallenge) { () throws(StoreError) in try inner.consumeChallenge(id: id, now: now) }
    }

    public func consumeChallenge(id: String, now: Date, appAttestCounter: UInt32) throws(StoreError) -> Challenge {
        try timed(.consumeChallengeWithCounter) { () throws(StoreError) in
            try inner.consumeChallenge(id: id, now: now, appAttestCounter: appAttestCounter)
        }
    }

    public func consumeChallengeWithDevice(id: String, now: Date) throws(StoreError) -> ConsumedChallenge {
        try timed(.consumeChallengeWithDevice) { () throws(StoreError) in try inner.consumeChallengeWithDevice(id: id, now: now) }
    }

    public func keyAttestation(deviceId: String, kind: KeyKind) throws(StoreError) -> KeyAttestation? {
        try timed(.keyAttestation) { () throws(StoreError) in try inner.keyAttestation(deviceId: deviceId, kind: kind) }
    }

    public func checkAvailability() throws(StoreError) {
        try timed(.checkAvailability) { () throws(StoreError) in try inner.checkAvailability() }
    }

    public func close() {
        inner.close()
    }

    public func purgeExpired(before cutoff: Date) throws(StoreError) -> Int {
        try timed(.purgeExpired) { () throws(StoreError) in try inner.purgeExpired(before: cutoff) }
    }
}
