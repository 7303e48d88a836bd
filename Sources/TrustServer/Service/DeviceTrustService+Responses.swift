import DeviceBinding
import DeviceTrustCrypto
import Foundation
import ServerCredentials
import TrustStore

extension DeviceTrustService {
    /// Answers a challenge (device) and carries out its purpose.
    ///
    /// The order of the checks is the security argument:
    /// 1. The challenge is consumed first, atomically and exactly once: the first response
    ///    uses it up whether it turns out valid or not, so concurrent or replayed responses
    ///    get `challenge_consumed`. Under App Attest, an iOS device's assertion is verified
    ///    just before, and its counter raised in the same transaction as the consumption
    ///    (`attestation_invalid` when missing where required, invalid, or not growing).
    /// 2. The device must still be active and hold a key of the challenge's kind, as read
    ///    with the consumption (in the same store call where the engine can), so a
    ///    revocation or key change acknowledged before the response arrived is always seen.
    /// 3. Structure: a strict-DER signature; the `pin` with every device-key response
    ///    (without it: `malformed_request`, which is not a PIN attempt); `newPin` exactly for
    ///    `pin_change`, `newBiometricKey` exactly for `rebind_biometric`.
    /// 4. The signature must verify with that device's key of that kind over that
    ///    challenge's exact payload, so action A's signature never approves action B and a
    ///    biometric challenge is never answered by the device key. For `rebind_biometric`
    ///    the new key's proof must verify over the same payload.
    /// 5. Only then the PIN: a wrong one counts a consecutive failure atomically in the
    ///    store (`pin_invalid` with `attemptsRemaining`); the one that reaches the limit
    ///    revokes the device (`device_revoked`); a right one resets the count.
    ///
    /// - Returns: a token for `unlock`, `action`, `pin_change` and `rebind_biometric`;
    ///   `nil` for `remove_device` (HTTP 204), which revokes the device.
    /// - Throws: `Problem` `not_found`, `challenge_expired`, `challenge_consumed`,
    ///   `device_revoked`, `key_not_enrolled`, `malformed_request`, `signature_invalid`,
    ///   `pin_invalid`, `attestation_invalid`; ``ServiceFailure`` otherwise.
    public func respond(challengeId: String, _ response: ChallengeResponse) throws -> TokenResponse? {
        let operation = "challenge response"
        let now = clock.now()
        let consumed = try consumeChallenge(challengeId, answeredBy: response, now: now)
        let challenge = consumed.challenge
        guard let purpose = Purpose(rawValue: challenge.purpose) else {
            throw ServiceFailure(.internal, "a stored challenge has a purpose this build does not know")
        }
        let (device, activeKey) = try usable(consumed.device.map { ($0, consumed.key) }, operation: operation)
        guard let keyRecord = activeKey else {
            throw refuse(
                operation, Problem(code: .keyNotEnrolled, detail: "the device no longer has that key"), reason: "no active \(challenge.keyKind.rawValue) key")
        }

        let signature = try checkStructure(of: response, challenge: challenge, purpose: purpose)

        let publicKey: P256.Signing.PublicKey
        do {
            publicKey = try publicKeys.key(x963: keyRecord.publicKey)
        } catch {
            throw ServiceFailure(.internal, "a stored public key is not a valid P-256 point")
        }
        guard metrics.measuring(.deviceSignature, { publicKey.isValidSignature(signature, for: challenge.payload) }) else {
            throw refuse(
                operation, Problem(code: .signatureInvalid, detail: "the signature does not verify over the challenge payload with the enrolled key"),
                reason: "signature invalid for device \(device.id)")
        }
        var newBiometricKey: Data?
        if let registration = response.newBiometricKey {
            let key = try verifiedKey(registration, kind: "newBiometricKey", payload: challenge.payload)
            guard key != keyRecord.publicKey else {
                throw refuse(
                    operation, Problem(code: .malformedRequest, detail: "the new biometric key must differ from the device key"), reason: "same key twice")
            }
            newBiometricKey = key
        }
        if challenge.keyKind == .device, let pin = response.pin {
            try checkPIN(pin, of: device, now: now)
        }

        switch purpose {
        case .unlock, .action:
            break
        case .pinChange:
            if let newPin = response.newPin {
                let hash = try hashPIN(newPin)
                try storage("device") { () throws(StoreError) in try store.setPINHash(deviceId: device.id, pinHash: hash) }
                log("PIN changed for device \(device.id)")
            }
        case .rebindBiometric:
            if let newBiometricKey {
                try storage("device") { () throws(StoreError) in
                    try store.replaceBiometricKey(deviceId: device.id, publicKey: newBiometricKey, now: now)
                }
                log.keyReplaced(deviceId: device.id, kind: "biometric")
            }
        case .removeDevice:
            try storage("device") { () throws(StoreError) in try store.revokeDevice(id: device.id, now: now) }
            countRevocation()
            countApproval(purpose)
            log.approved(deviceId: device.id, purpose: purpose.rawValue, key: challenge.keyKind.rawValue)
            log.revoked(deviceId: device.id, reason: "removed_by_device", text: "device \(device.id) removed by its own \(challenge.keyKind.rawValue) key")
            return nil
        }
        if Self.lastUseIsStale(device.lastUsedAt, now: now) {
            try storage("device") { () throws(StoreError) in try store.markDeviceUsed(id: device.id, at: now) }
        }
        countApproval(purpose)
        log.approved(deviceId: device.id, purpose: purpose.rawValue, key: challenge.keyKind.rawValue)
        return try issueToken(for: challenge, purpose: purpose, now: now)
    }

    /// How precisely a device's `lastUsedAt` is kept: an accepted response writes it only
    /// when the stored time is older than this (or absent), so a device in steady use costs
    /// one write a minute instead of one per approval. `lastUsedAt` is informational (the
    /// device list); revocation and key checks never depend on it.
    static let lastUsedResolution: TimeInterval = 60

    /// Whether `lastUsedAt` is missing or older than ``lastUsedResolution`` at `now`.
    static func lastUseIsStale(_ lastUsedAt: Date?, now: Date) -> Bool {
        guard let lastUsedAt else { return true }
        return now.timeIntervalSince(lastUsedAt) >= lastUsedResolution
    }

    /// Checks the shape of a response against its challenge and returns the decoded signature.
    private func checkStructure(of response: ChallengeResponse, challenge: Challenge, purpose: Purpose) throws -> P256.Signing.ECDSASignature {
        let operation = "challenge response"
        func malformed(_ detail: String) -> Problem {
            refuse(operation, Problem(code: .malformedRequest, detail: detail), reason: detail)
        }
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try response.decodedSignature()
        } catch {
            throw malformed("signature: \(error.code): \(Self.wireFormatAdvice(error.code))")
        }
        if challenge.keyKind == .device, response.pin == nil {
            throw malformed("a device-key response needs the pin")
        }
        if (purpose == .pinChange) != (response.newPin != nil) {
            throw malformed(purpose == .pinChange ? "pin_change needs newPin" : "only pin_change carries newPin")
        }
        if (purpose == .rebindBiometric) != (response.newBiometricKey != nil) {
            throw malformed(purpose == .rebindBiometric ? "rebind_biometric needs newBiometricKey" : "only rebind_biometric carries newBiometricKey")
        }
        return signature
    }

    /// Checks `pin` against the device's hash, counting a failure or resetting the count.
    private func checkPIN(_ pin: PIN, of device: Device, now: Date) throws {
        let operation = "challenge response"
        guard let stored = device.pinHash else {
            throw refuse(
                operation, Problem(code: .keyNotEnrolled, detail: "the device key is usable only with a PIN, and none was set at enrollment"),
                reason: "device key without PIN")
        }
        if pinHasher.verify(pin, against: String(decoding: stored, as: UTF8.self)) {
            try storage("device") { () throws(StoreError) in try store.resetPINFailures(deviceId: device.id) }
            return
        }
        let limit = configuration.pinFailureLimit
        let outcome = try storage("device") { () throws(StoreError) in
            try store.recordPINFailure(deviceId: device.id, limit: limit, now: now)
        }
        log.pinFailure(deviceId: device.id, count: outcome.failedAttempts, remaining: max(0, limit - outcome.failedAttempts))
        if outcome.revokedDevice {
            countRevocation()
            log.revoked(deviceId: device.id, reason: "pin_limit", text: nil)
            throw refuse(
                operation, Problem(code: .deviceRevoked, detail: "too many wrong PINs: the device is revoked; enroll it again"),
                reason: "PIN limit reached, device \(device.id) revoked")
        }
        let remaining = max(0, limit - outcome.failedAttempts)
        throw refuse(
            operation, Problem(code: .pinInvalid, detail: "the PIN is wrong", attemptsRemaining: remaining),
            reason: "wrong PIN for device \(device.id), \(remaining) left")
    }

    /// A signed access token for an accepted response.
    private func issueToken(for challenge: Challenge, purpose: Purpose, now: Date) throws -> TokenResponse {
        let lifetime = Int(configuration.tokenLifetime.rounded(.down))
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let claims = AccessTokenClaims(
            issuer: configuration.tokenIssuer, audience: configuration.tokenAudience, subject: challenge.accountId,
            issuedAt: issuedAt, expiresAt: issuedAt.addingTimeInterval(TimeInterval(lifetime)),
            deviceID: challenge.deviceId, key: challenge.keyKind.rawValue, purpose: purpose.rawValue,
            actionSHA256: purpose == .action ? challenge.actionSHA256 : nil)
        do {
            return TokenResponse(accessToken: try signingKeys.signer(at: now).issue(claims), expiresIn: lifetime)
        } catch {
            throw ServiceFailure(.internal, "token signing failed: \(error.code)")
        }
    }
}

extension DeviceTrustService {
    /// Uses up a challenge whose response could not even be read (a body that is not the
    /// documented JSON), as the first response does whether valid or not.
    ///
    /// - Throws: `Problem` `not_found`, `challenge_expired` or `challenge_consumed` when
    ///   there was nothing to use up; ``ServiceFailure`` for storage failures.
    public func discardChallenge(id challengeId: String) throws {
        let now = clock.now()
        _ = try storage("challenge") { () throws(StoreError) in try store.consumeChallenge(id: challengeId, now: now) }
        log("challenge response refused: malformed_request: unreadable body; challenge consumed")
    }
}
