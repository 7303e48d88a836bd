import DeviceBinding
import Foundation
import TrustStore

extension DeviceTrustService {
    /// Issues a one-time challenge for one key of one device, for one purpose (and, for
    /// `action`, one exact action, hashed in RFC 8785 canonical JSON into the payload).
    ///
    /// `pin_change` and `rebind_biometric` are answered with the device key; the device key
    /// is usable only when the device was enrolled with a PIN.
    ///
    /// - Throws: `Problem` `not_found` (unknown device), `device_revoked`,
    ///   `key_not_enrolled` (no such key, or a device key without a PIN),
    ///   `malformed_request` (`action` missing for purpose `action` or present for another
    ///   purpose, an action with no canonical form, a purpose that needs the device key),
    ///   `rate_limited` (too many challenges for this device); ``ServiceFailure`` otherwise.
    public func createChallenge(_ request: ChallengeRequest) throws -> ChallengeCreated {
        let operation = "challenge"
        let now = clock.now()
        guard deviceRateLimiter.allows(request.deviceId) else {
            throw refuse(
                operation, Problem(code: .rateLimited, detail: "too many challenges for this device; retry in a moment"), reason: "per-device rate limit")
        }
        switch (request.purpose, request.action) {
        case (.action, nil):
            throw refuse(operation, Problem(code: .malformedRequest, detail: "purpose action needs the action to approve"), reason: "missing action")
        case (.action, .some):
            break
        case (_, .some):
            throw refuse(operation, Problem(code: .malformedRequest, detail: "only purpose action carries an action"), reason: "unexpected action")
        case (_, nil):
            break
        }
        if request.purpose == .pinChange || request.purpose == .rebindBiometric, request.key != .device {
            throw refuse(
                operation, Problem(code: .malformedRequest, detail: "\(request.purpose.rawValue) is answered with the device key and the PIN"),
                reason: "needs device key")
        }

        let kind = TrustStore.KeyKind(request.key)
        if let accountId = deviceAccounts.account(of: request.deviceId) {
            let (challenge, created) = try makeChallenge(request, deviceId: request.deviceId, accountId: accountId, kind: kind, now: now)
            if try storage("device", { () throws(StoreError) in try store.insertChallengeIfDeviceUsable(challenge) }) {
                metrics.increment(.init("devicetrust_challenges_issued_total"))
                return created
            }
            // Refused in the store: the full read below says why (or finds the device usable again).
        }
        let (device, key) = try usableDevice(request.deviceId, withKey: kind, operation: operation)
        deviceAccounts.remember(device.id, belongsTo: device.accountId)
        guard key != nil else {
            throw refuse(operation, Problem(code: .keyNotEnrolled, detail: "the device has no \(request.key.rawValue) key"), reason: "no \(kind.rawValue) key")
        }
        if kind == .device, device.pinHash == nil {
            throw refuse(
                operation, Problem(code: .keyNotEnrolled, detail: "the device key is usable only with a PIN, and none was set at enrollment"),
                reason: "device key without PIN")
        }
        let (challenge, created) = try makeChallenge(request, deviceId: device.id, accountId: device.accountId, kind: kind, now: now)
        try storage("device") { () throws(StoreError) in try store.insertChallenge(challenge) }
        metrics.increment(.init("devicetrust_challenges_issued_total"))
        return created
    }

    /// A new challenge for `request`, as stored and as answered; nothing is written.
    private func makeChallenge(
        _ request: ChallengeRequest, deviceId: String, accountId: String, kind: TrustStore.KeyKind, now: Date
    ) throws -> (Challenge, ChallengeCreated) {
        let expires = try expiry(from: now)
        let payload: SigningPayload
        do {
            payload = try SigningPayload.challenge(
                id: newIdentifier(), nonce: random.bytes(Self.nonceByteCount), account: accountId,
                device: deviceId, key: request.key, purpose: request.purpose, action: request.action, expires: expires)
        } catch {
            throw refuse("challenge", Problem(code: .malformedRequest, detail: "the challenge cannot be built: \(error.code)"), reason: "\(error)")
        }
        let rendered = payload.rendered
        let challenge = Challenge(
            id: payload.id, deviceId: deviceId, accountId: accountId, keyKind: kind,
            purpose: request.purpose.rawValue, actionSHA256: payload.actionSHA256, nonce: payload.nonce,
            payload: rendered, expiresAt: expires.date)
        return (challenge, ChallengeCreated(challengeId: payload.id, signingPayload: Base64URL.encode(rendered), expiresAt: payload.expires))
    }

    /// The device, if it exists and is not revoked, with its active key of `kind` (one read).
    func usableDevice(_ deviceId: String, withKey kind: TrustStore.KeyKind, operation: String) throws -> (Device, DeviceKeyRecord?) {
        try usable(try storage("device", { () throws(StoreError) in try store.deviceWithActiveKey(id: deviceId, kind: kind) }), operation: operation)
    }

    /// `found`, if it exists and is not revoked.
    func usable(_ found: (device: Device, key: DeviceKeyRecord?)?, operation: String) throws -> (Device, DeviceKeyRecord?) {
        guard let (device, key) = found else {
            throw refuse(operation, Problem(code: .notFound, detail: "no such device"), reason: "unknown device")
        }
        guard !device.isRevoked else {
            throw refuse(operation, Problem(code: .deviceRevoked, detail: "the device is revoked; enroll it again"), reason: "device \(device.id) revoked")
        }
        return (device, key)
    }
}
