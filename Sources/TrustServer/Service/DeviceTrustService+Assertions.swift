import Attestation
import DeviceBinding
import Foundation
import TrustStore

extension DeviceTrustService {
    /// Consumes the challenge for `response`, exactly once.
    ///
    /// For an iOS device while App Attest is on, the response's assertion (required in
    /// `required` mode; checked whenever sent) is verified first with the device's stored
    /// App Attest key over the challenge's payload bytes, and the consumption raises the
    /// stored counter in the same store transaction. A response whose assertion fails still
    /// consumes the challenge.
    ///
    /// - Throws: `Problem` `not_found`, `challenge_expired`, `challenge_consumed` (from the
    ///   consumption), `attestation_invalid`; ``ServiceFailure`` otherwise.
    ///
    /// - Returns: the consumed challenge with its device and that device's active key of
    ///   the challenge's kind, read after the consumption.
    func consumeChallenge(_ challengeId: String, answeredBy response: ChallengeResponse, now: Date) throws -> ConsumedChallenge {
        guard attestation.appAttestMode != .off, !attestation.appAttest.isEmpty,
            response.appAttestAssertion != nil || attestation.appAttestMode == .required,
            let challenge = try storage("challenge", { () throws(StoreError) in try store.challenge(id: challengeId) }),
            let device = try storage("device", { () throws(StoreError) in try store.device(id: challenge.deviceId) }),
            device.platform == Platform.ios.rawValue
        else {
            let consumed = try consumeChallenge(challengeId, now: now)
            try refuseAboveRiskLimit(consumed)
            return consumed
        }
        let counter: UInt32
        do {
            counter = try verifiedAssertionCounter(response.appAttestAssertion, deviceId: device.id, payload: challenge.payload)
        } catch let problem as Problem {
            // The first response consumes the challenge, valid or not; a replay learns only
            // that the challenge is gone.
            _ = try consumeChallenge(challengeId, now: now)
            throw problem
        }
        let consumed: Challenge
        do {
            consumed = try store.consumeChallenge(id: challengeId, now: now, appAttestCounter: counter)
        } catch  where error.code == .counterNotIncreasing {
            throw attestationRefusal("appAttestAssertion", reason: "the counter did not grow past the stored one (a replayed or reordered assertion)")
        } catch {
            throw refuse("challenge response", try problemOrRethrow(error.mapped("challenge")), reason: "consume failed")
        }
        let found = try storage("device") { () throws(StoreError) in try store.deviceWithActiveKey(id: consumed.deviceId, kind: consumed.keyKind) }
        return ConsumedChallenge(challenge: consumed, found: found)
    }

    /// With `--app-attest-max-risk`, an iOS device whose App Attest key's latest risk metric
    /// exceeds the limit is refused also when it sent no assertion (optional mode); the
    /// challenge stays consumed. One more read, only when a limit is set.
    private func refuseAboveRiskLimit(_ consumed: ConsumedChallenge) throws {
        guard let limit = attestation.appAttestMaximumRisk, attestation.appAttestMode != .off,
            let device = consumed.device, device.platform == Platform.ios.rawValue,
            let risk = try storage("device key", { () throws(StoreError) in try store.keyAttestation(deviceId: device.id, kind: .device) })?.riskMetric,
            risk > limit
        else { return }
        throw riskRefusal(risk, limit)
    }

    private func riskRefusal(_ risk: Int, _ limit: Int) -> Problem {
        attestationRefusal("appAttestAssertion", reason: "the key's App Attest risk metric \(risk) exceeds --app-attest-max-risk \(limit)")
    }

    /// The plain consumption with the device read in the same call, its outcome refused as
    /// a `Problem` where it is one.
    private func consumeChallenge(_ challengeId: String, now: Date) throws -> ConsumedChallenge {
        do {
            return try storage("challenge") { () throws(StoreError) in try store.consumeChallengeWithDevice(id: challengeId, now: now) }
        } catch let problem as Problem {
            throw refuse("challenge response", problem, reason: "consume failed")
        }
    }

    private func problemOrRethrow(_ error: any Error) throws -> Problem {
        guard let problem = error as? Problem else { throw error }
        return problem
    }

    /// The assertion's counter, once it verifies with the device's App Attest key over
    /// `payload` and exceeds the stored counter.
    private func verifiedAssertionCounter(_ encoded: String?, deviceId: String, payload: Data) throws -> UInt32 {
        let field = "appAttestAssertion"
        guard let encoded else { throw attestationRefusal(field, reason: "missing in required mode") }
        guard let record = try storage("device key", { () throws(StoreError) in try store.keyAttestation(deviceId: deviceId, kind: .device) }),
            record.format == "apple-appattest", let publicKey = record.appAttestPublicKey
        else {
            throw attestationRefusal(field, reason: "the device has no attested App Attest key")
        }
        let assertion: Data
        do { assertion = try Base64URL.decode(encoded) } catch {
            throw attestationRefusal(field, reason: "not base64url")
        }
        if let limit = attestation.appAttestMaximumRisk, let risk = record.riskMetric, risk > limit { throw riskRefusal(risk, limit) }
        // The app id the key was attested under is the only one it asserts for; a record
        // stored before app ids were kept is tried against every configured one.
        let verifiers = attestation.appAttest.filter { verifier in record.appAttestAppId.map { $0 == verifier.appID } ?? true }
        guard !verifiers.isEmpty else {
            throw attestationRefusal(field, reason: "the key was attested for an app id this server no longer accepts")
        }
        var failures: [String] = []
        for verifier in verifiers {
            do {
                return try metrics.measuring(.appAttestAssertion) { () throws(AttestationError) in
                    try verifier.verifyAssertion(assertion, clientData: payload, publicKey: publicKey, previousCounter: record.signCount)
                }
            } catch {
                failures.append("\(error.code)")
            }
        }
        throw attestationRefusal(field, reason: "verification failed: \(failures.joined(separator: ", "))")
    }
}
