import DeviceBinding
import DeviceTrustCrypto
import Foundation
import ServerCredentials
import TrustStore

/// The DeviceTrust rules, without HTTP: enrollment, one-time challenges, signed responses,
/// the server-side PIN with its attempt limit, revocation and short-lived tokens.
///
/// Every method takes and returns `DeviceBinding` wire messages. Outcomes a client must
/// see are thrown as `Problem` with its stable code; failures of the server itself
/// (storage, broken records) as ``ServiceFailure``. Safe to call from many threads at
/// once: all shared state lives in the ``TrustStorage``, whose consume and PIN-counter
/// operations are atomic.
///
/// The clock and the random source are injectable, so expiry and identifiers are testable.
public final class DeviceTrustService: Sendable {
    /// The number of random bytes in nonces (the contract's 32).
    public static let nonceByteCount = SigningPayload.nonceByteCount
    /// The number of random bytes in enrollment, challenge and device identifiers.
    public static let identifierByteCount = 16

    /// The rules in force.
    public let configuration: DeviceTrustConfiguration
    /// The counters the service updates (and `GET /metrics` renders).
    public let metrics: ServiceMetrics
    /// Which hardware attestations are checked, and how strictly.
    public let attestation: AttestationConfiguration

    let store: any TrustStorage
    let pinHasher: PINHasher
    /// The token-signing keys: the signer of new tokens and the published keys.
    public let signingKeys: TokenSigningKeys
    let clock: ServiceClock
    let random: RandomSource
    let log: ServiceLog
    let deviceRateLimiter: RateLimiter
    /// Enrolled keys already parsed, for verifying responses.
    let publicKeys = PublicKeyCache()
    /// The accounts of devices already read, for issuing challenges in one store write.
    let deviceAccounts = DeviceAccountCache()

    /// A service over `store`.
    ///
    /// - Parameters:
    ///   - store: where enrollments, devices, keys, challenges and PIN counters live.
    ///   - pinHasher: the peppered Argon2id hasher for PINs.
    ///   - signingKeys: sign the access tokens; the published ones are served by ``jwks()``.
    ///   - configuration: TTLs, token claims and the PIN failure limit.
    ///   - clock: the server clock; the system clock by default.
    ///   - random: the CSPRNG for nonces and identifiers; the system one by default.
    ///   - log: where log lines go (never secrets); nowhere by default.
    ///   - metrics: the counters to update; fresh ones by default.
    ///   - attestation: the App Attest and Android key attestation checks; none by default.
    /// - Throws: ``ServiceFailure`` when `configuration` is out of range or `attestation`
    ///   lacks a verifier for a mode it turns on.
    public init(
        store: any TrustStorage,
        pinHasher: PINHasher,
        signingKeys: TokenSigningKeys,
        configuration: DeviceTrustConfiguration = DeviceTrustConfiguration(),
        clock: ServiceClock = .system,
        random: RandomSource = .system,
        log: ServiceLog = .discard,
        metrics: ServiceMetrics = ServiceMetrics(),
        attestation: AttestationConfiguration = .off
    ) throws(ServiceFailure) {
        try configuration.validate()
        try attestation.validate()
        self.attestation = attestation
        self.store = metrics.timing(store)
        self.pinHasher = pinHasher
        self.signingKeys = signingKeys
        self.configuration = configuration
        self.clock = clock
        self.random = random
        self.log = log
        self.metrics = metrics
        deviceRateLimiter = RateLimiter(limit: configuration.perDeviceRateLimit, clock: clock)
        Self.describeMetrics(metrics)
    }

    /// Returns when the storage answers (`GET /readyz`); throws ``ServiceFailure`` with
    /// code ``ServiceFailure/Code/unavailable`` when it cannot be reached.
    public func checkReadiness() throws {
        try storage("readiness check") { () throws(StoreError) in try store.checkAvailability() }
    }

    /// The published token-signing public keys as a JSON Web Key Set
    /// (`GET /.well-known/jwks.json`): the current, previous and pending keys.
    public func jwks() -> Data { signingKeys.jwks(at: clock.now()) }

    // MARK: Helpers shared by the operations

    /// A fresh random identifier: 16 bytes in base64url.
    func newIdentifier() -> String { Base64URL.encode(random.bytes(Self.identifierByteCount)) }

    /// The expiry of something issued at `now`, in whole seconds (rounded down, so the
    /// payload's `expires` and the stored expiry are the same instant).
    func expiry(from now: Date) throws -> RFC3339Timestamp {
        let seconds = (now.timeIntervalSince1970 + configuration.challengeTTL).rounded(.down)
        do {
            return try RFC3339Timestamp(secondsSince1970: Int64(seconds))
        } catch {
            throw ServiceFailure(.internal, "the server clock is outside the RFC 3339 range: \(error.code)")
        }
    }

    /// Logs `problem` for `operation` with the precise `reason`, counts it, and returns it.
    func refuse(_ operation: String, _ problem: Problem, reason: String) -> Problem {
        noteRefusal(operation, code: problem.code, reason: reason)
        return problem
    }

    /// Counts a refusal with `code` in `devicetrust_refusals_total` and logs it as a
    /// `refused` event (and `attestation_refused` for `attestation_invalid`).
    func noteRefusal(_ operation: String, code: ProblemCode, reason: String) {
        log.refused(operation: operation, code: code.rawValue, reason: reason)
        if code == .attestationInvalid { log.attestationRefused(operation: operation, reason: reason) }
        metrics.increment(.init("devicetrust_refusals_total", label: ("code", code.rawValue)))
    }

    /// Counts an accepted response (an approval) under `devicetrust_approvals_total` and, as
    /// before that family existed, `devicetrust_responses_accepted_total` (both by purpose).
    func countApproval(_ purpose: Purpose) {
        metrics.increment(.init("devicetrust_approvals_total", label: ("purpose", purpose.rawValue)))
        metrics.increment(.init("devicetrust_responses_accepted_total", label: ("purpose", purpose.rawValue)))
    }

    /// Counts a revocation under `devicetrust_revocations_total` and, as before that family
    /// existed, `devicetrust_devices_revoked_total`.
    func countRevocation() {
        metrics.increment(.init("devicetrust_revocations_total"))
        metrics.increment(.init("devicetrust_devices_revoked_total"))
    }

    /// Declares every family the service updates, with zero-valued series where the labels
    /// are known, so each is in `GET /metrics` from the start.
    private static func describeMetrics(_ metrics: ServiceMetrics) {
        metrics.describe("devicetrust_enrollments_created_total", "Enrollments started by the integrator.")
        metrics.describe("devicetrust_devices_enrolled_total", "Enrollments completed with valid proofs.")
        metrics.describe("devicetrust_challenges_issued_total", "Challenges issued.")
        metrics.describe("devicetrust_tokens_redeemed_total", "Access tokens redeemed.")
        metrics.describe("devicetrust_approvals_total", "Challenge responses accepted (approvals), by purpose.")
        metrics.describe("devicetrust_refusals_total", "Requests refused, by problem code.")
        metrics.describe("devicetrust_revocations_total", "Devices revoked (by the admin API, by the device itself, or after too many wrong PINs).")
        metrics.describe("devicetrust_responses_accepted_total", "Challenge responses accepted, by purpose (the same count as devicetrust_approvals_total).")
        metrics.describe("devicetrust_devices_revoked_total", "Devices revoked (the same count as devicetrust_revocations_total).")
        metrics.describeGauge("devicetrust_build_info", "The build of this server: always 1, with its version as a label.")
        metrics.describeVerifications()
        metrics.declareSeries(
            [
                "devicetrust_enrollments_created_total", "devicetrust_devices_enrolled_total", "devicetrust_challenges_issued_total",
                "devicetrust_tokens_redeemed_total", "devicetrust_revocations_total", "devicetrust_devices_revoked_total",
            ]
            .map { ServiceMetrics.Key($0) }
                + Purpose.allCases.map { ServiceMetrics.Key("devicetrust_approvals_total", label: ("purpose", $0.rawValue)) }
                + Purpose.allCases.map { ServiceMetrics.Key("devicetrust_responses_accepted_total", label: ("purpose", $0.rawValue)) }
                + ProblemCode.allCases.map { ServiceMetrics.Key("devicetrust_refusals_total", label: ("code", $0.rawValue)) })
        metrics.set(.init("devicetrust_build_info", label: ("version", DeviceTrustVersion.current)), to: 1)
    }
}
