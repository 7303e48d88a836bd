import Foundation

/// The server's storage: enrollments, devices, their keys, challenges and PIN counters.
///
/// Implemented over SQLite (`TrustStoreSQLite`) and PostgreSQL (`TrustStorePostgres`);
/// both pass the same conformance suite (the `TrustStoreTestSupport` test target).
///
/// ## Rules
/// The life-cycle rules are stated once, in this module, and every engine only maps its
/// rows to them: ``ConsumptionRule`` (consumed once, then `alreadyConsumed`; `expired`;
/// `notFound`) and ``DeviceRules`` (revoked devices refuse changes; the PIN failure that
/// reaches the limit revokes in the same transaction; App Attest counters only grow).
///
/// ## Threading
/// Conforming types are safe to call from several threads at once. Every operation is
/// one transaction; the read-modify-write ones (consumption, PIN counters, key
/// replacement) hold the write lock from their first read (`BEGIN IMMEDIATE` in SQLite,
/// row locks in PostgreSQL), so concurrent callers, in this or another process, are
/// serialised.
///
/// ## Durability
/// When an operation returns, its write is committed. Which commits are also on stable
/// storage (fsync'd) before returning:
///
/// | write | durable before return | why |
/// |---|---|---|
/// | ``consumeEnrollment(id:now:)``, ``enrollDevice(_:consumingEnrollment:now:)`` | yes | losing a consumption would allow a replay; a lost device would break an acknowledged enrollment |
/// | ``consumeChallenge(id:now:)`` | yes | losing it would allow a replay |
/// | ``recordPINFailure(deviceId:limit:)``, ``resetPINFailures(deviceId:)``, ``setPINHash(deviceId:pinHash:)`` | yes | a lost failure would give an attacker extra guesses |
/// | ``revokeDevice(id:now:)`` | yes | a revocation must survive a crash |
/// | ``replaceBiometricKey(deviceId:publicKey:now:)`` | yes | an acknowledged key change must survive |
/// | ``createEnrollment(_:)`` | yes | the integrator hands the enrollment to the user |
/// | ``insertChallenge(_:)`` | implementation's choice, documented there | a challenge issued but never answered is harmless to lose |
/// | ``markDeviceUsed(id:at:)`` | implementation's choice, documented there | informational only |
/// | ``purgeExpired(before:)`` | implementation's choice | housekeeping |
///
/// A write that is not durable before return is still ordered: once any later durable
/// write returns, the earlier one is durable too. So a consumed challenge can never
/// survive a crash while its insertion is lost.
///
/// ## Time
/// The store never reads a clock: callers pass `now`. Times are kept with microsecond
/// precision (PostgreSQL's); finer fractions are rounded.
public protocol TrustStorage: Sendable {

    // MARK: Enrollments

    /// Stores a new, open enrollment. Throws ``StoreError/Code/duplicate`` if the id exists.
    func createEnrollment(_ enrollment: Enrollment) throws(StoreError)

    /// Returns the enrollment, consumed or not, or `nil`.
    func enrollment(id: String) throws(StoreError) -> Enrollment?

    /// Consumes an open enrollment exactly once and returns it (with `consumedAt == now`).
    ///
    /// Only the first caller gets it; later callers get ``StoreError/Code/alreadyConsumed``.
    /// An unconsumed enrollment whose `expiresAt <= now` gives ``StoreError/Code/expired``
    /// and is left as it is; an unknown one gives ``StoreError/Code/notFound``.
    /// Use it when a completion attempt fails; a successful one uses
    /// ``enrollDevice(_:consumingEnrollment:now:)``.
    func consumeEnrollment(id: String, now: Date) throws(StoreError) -> Enrollment

    /// Atomically consumes the enrollment and creates the device (in the enrollment's
    /// account) with its keys and optional PIN hash.
    ///
    /// Throws as ``consumeEnrollment(id:now:)`` does, with nothing written;
    /// ``StoreError/Code/invalidArgument`` without a device key;
    /// ``StoreError/Code/duplicate`` if the device id exists.
    func enrollDevice(_ registration: DeviceRegistration, consumingEnrollment enrollmentId: String, now: Date) throws(StoreError) -> Device

    // MARK: Devices and keys

    /// Returns the device or `nil`.
    func device(id: String) throws(StoreError) -> Device?

    /// The account's devices, revoked ones included, oldest first, each with its active key kinds.
    func devices(ofAccount accountId: String) throws(StoreError) -> [DeviceSummary]

    /// The device's active key of that kind, or `nil` (unknown device, or no such key).
    func activeKey(deviceId: String, kind: KeyKind) throws(StoreError) -> DeviceKeyRecord?

    /// The device and its active key of `kind` (`nil` when it has none), or `nil` for an
    /// unknown device: what a challenge and its response check, in one read where the
    /// engine can. A default implementation reads ``device(id:)`` and then
    /// ``activeKey(deviceId:kind:)``.
    func deviceWithActiveKey(id: String, kind: KeyKind) throws(StoreError) -> (device: Device, key: DeviceKeyRecord?)?

    /// All keys the device ever had, active and replaced, oldest first.
    func keyHistory(deviceId: String) throws(StoreError) -> [DeviceKeyRecord]

    /// Records the time of a successful use. Throws ``StoreError/Code/notFound`` or
    /// ``StoreError/Code/deviceRevoked`` (so it can serve as the last check before a token is issued).
    func markDeviceUsed(id: String, at time: Date) throws(StoreError)

    /// Revokes the device (idempotent: a revoked device keeps its first `revokedAt`).
    /// Throws ``StoreError/Code/notFound``.
    func revokeDevice(id: String, now: Date) throws(StoreError)

    /// Replaces the active biometric key (or adds one if there was none), marking the old
    /// one replaced at `now`. Throws ``StoreError/Code/notFound`` or ``StoreError/Code/deviceRevoked``.
    func replaceBiometricKey(deviceId: String, publicKey: Data, now: Date) throws(StoreError)

    // MARK: PIN

    /// Adds one consecutive PIN failure and returns the new count; the failure that
    /// reaches `limit` revokes the device in the same transaction.
    /// Throws ``StoreError/Code/notFound`` or ``StoreError/Code/deviceRevoked`` (nothing counted).
    func recordPINFailure(deviceId: String, limit: Int, now: Date) throws(StoreError) -> PINFailureOutcome

    /// Sets the consecutive failure count to zero after a correct PIN.
    /// Throws ``StoreError/Code/notFound`` or ``StoreError/Code/deviceRevoked``.
    func resetPINFailures(deviceId: String) throws(StoreError)

    /// Sets (or replaces) the PIN hash and resets the failure count.
    /// Throws ``StoreError/Code/notFound`` or ``StoreError/Code/deviceRevoked``.
    func setPINHash(deviceId: String, pinHash: Data) throws(StoreError)

    // MARK: Challenges

    /// Stores a new, open challenge for an existing device.
    /// Throws ``StoreError/Code/duplicate`` or ``StoreError/Code/notFound`` (unknown device).
    func insertChallenge(_ challenge: Challenge) throws(StoreError)

    /// Stores `challenge` like ``insertChallenge(_:)``, but only when, in the same
    /// statement, its device can be challenged: the device exists, belongs to
    /// `challenge.accountId`, is not revoked and has an active key of `challenge.keyKind`;
    /// a device-key challenge also needs the device's PIN. Returns whether it was stored;
    /// when it was not, nothing is written (the caller reads the device to say why).
    ///
    /// One round trip instead of ``deviceWithActiveKey(id:kind:)`` followed by
    /// ``insertChallenge(_:)``, for a caller that already knows the device's account
    /// (which never changes). Throws ``StoreError/Code/duplicate``.
    func insertChallengeIfDeviceUsable(_ challenge: Challenge) throws(StoreError) -> Bool

    /// Returns the challenge, consumed or not, or `nil`.
    func challenge(id: String) throws(StoreError) -> Challenge?

    /// Consumes an open challenge exactly once, even under concurrent callers, and returns
    /// it (with `consumedAt == now`). The first caller gets it whether its answer turns out
    /// valid or not; later callers get ``StoreError/Code/alreadyConsumed``. An unconsumed
    /// challenge whose `expiresAt <= now` gives ``StoreError/Code/expired``; an unknown one
    /// ``StoreError/Code/notFound``.
    func consumeChallenge(id: String, now: Date) throws(StoreError) -> Challenge

    /// Consumes the challenge as ``consumeChallenge(id:now:)`` does and, in the same
    /// transaction, raises the App Attest signature counter of the challenge's device to
    /// `appAttestCounter`.
    ///
    /// When the stored counter is not below `appAttestCounter` (or the device has no App
    /// Attest record), the counter is left as it is, the consumption still commits, and the
    /// call throws ``StoreError/Code/counterNotIncreasing``: a replayed assertion never
    /// gets a challenge, and never gets it back either. Durable like the plain consumption.
    func consumeChallenge(id: String, now: Date, appAttestCounter: UInt32) throws(StoreError) -> Challenge

    /// Consumes the challenge as ``consumeChallenge(id:now:)`` does (same errors, same
    /// durability) and returns it with its device and the device's active key of the
    /// challenge's kind, read no earlier than the consumption: what a response checks next.
    /// A revocation or key change acknowledged before this call is always seen.
    ///
    /// A default implementation calls ``consumeChallenge(id:now:)`` and then
    /// ``deviceWithActiveKey(id:kind:)``; engines with round trips answer in one.
    func consumeChallengeWithDevice(id: String, now: Date) throws(StoreError) -> ConsumedChallenge

    /// The device's attestation record for `kind`, or `nil`.
    func keyAttestation(deviceId: String, kind: KeyKind) throws(StoreError) -> KeyAttestation?

    /// Marks the access token `tokenId` (its `jti`) redeemed, exactly once, even under
    /// concurrent callers on any node; kept until `expiresAt` (the token's `exp`), after
    /// which ``purgeExpired(before:)`` may drop it (an expired token no longer verifies).
    /// Later calls throw ``StoreError/Code/alreadyConsumed``. Durable before return.
    func redeemToken(id tokenId: String, expiresAt: Date, now: Date) throws(StoreError)

    /// Up to `limit` App Attest records of devices not revoked whose receipt refresh is
    /// due at `now` (`receiptRefreshAt <= now`), earliest first.
    func receiptsDueForRefresh(at now: Date, limit: Int) throws(StoreError) -> [DueReceipt]

    /// Records the outcome of a receipt refresh for the device's App Attest record:
    /// ``ReceiptRefreshOutcome/refreshed(receipt:riskMetric:expiresAt:)`` replaces the
    /// receipt and its figures and clears the failure count;
    /// ``ReceiptRefreshOutcome/kept`` keeps the last good receipt and clears it;
    /// ``ReceiptRefreshOutcome/failed`` adds one failure. Each sets the next due time.
    /// Throws ``StoreError/Code/notFound`` when the device has no App Attest record.
    func recordReceiptRefresh(deviceId: String, _ outcome: ReceiptRefreshOutcome, nextRefreshAt: Date?) throws(StoreError)

    // MARK: Housekeeping and life cycle

    /// Asks the database for a trivial answer (readiness): returns when it answers, throws
    /// ``StoreError/Code/unavailable`` (or ``StoreError/Code/closed``) when it cannot be
    /// reached. Bounded in time like every other call.
    func checkAvailability() throws(StoreError)

    /// Closes the store's connections. Later calls throw ``StoreError/Code/closed``.
    /// Idempotent; calls already running finish first.
    func close()

    /// Deletes challenges and enrollments whose `expiresAt` is before `cutoff`, consumed or
    /// not (devices do not depend on them). Returns how many rows were deleted.
    func purgeExpired(before cutoff: Date) throws(StoreError) -> Int
}

extension TrustStorage {
    /// Two reads: ``device(id:)``, then ``activeKey(deviceId:kind:)``.
    public func deviceWithActiveKey(id: String, kind: KeyKind) throws(StoreError) -> (device: Device, key: DeviceKeyRecord?)? {
        guard let device = try device(id: id) else { return nil }
        return (device, try activeKey(deviceId: id, kind: kind))
    }

    /// Two calls: ``consumeChallenge(id:now:)``, then ``deviceWithActiveKey(id:kind:)``.
    public func consumeChallengeWithDevice(id: String, now: Date) throws(StoreError) -> ConsumedChallenge {
        let challenge = try consumeChallenge(id: id, now: now)
        let found = try deviceWithActiveKey(id: challenge.deviceId, kind: challenge.keyKind)
        return ConsumedChallenge(challenge: challenge, found: found)
    }
}
