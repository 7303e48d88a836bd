import DeviceBinding
import DeviceTrustCrypto
import Foundation
import TrustStore

extension DeviceTrustService {
    /// Starts enrolling a device into `accountId` (admin): stores an open enrollment with a
    /// 32-byte nonce and returns the payload each new key must sign.
    ///
    /// - Throws: `Problem` `malformed_request` for an account identifier the payload cannot
    ///   carry (``AccountIdentifier``: empty, over 256 bytes, control characters, surrounding
    ///   whitespace);
    ///   ``ServiceFailure`` for storage failures.
    public func createEnrollment(accountId: String) throws -> EnrollmentCreated {
        let now = clock.now()
        let expires = try expiry(from: now)
        let payload: SigningPayload
        do {
            payload = try SigningPayload.enrollment(
                id: newIdentifier(), nonce: random.bytes(Self.nonceByteCount), account: accountId, expires: expires)
        } catch {
            throw refuse("enrollment", Problem(code: .malformedRequest, detail: "accountId is not a valid identifier: \(error.code)"), reason: "\(error)")
        }
        let enrollment = Enrollment(
            id: payload.id, accountId: accountId, nonce: payload.nonce, signingPayload: payload.rendered, expiresAt: expires.date)
        try storage("enrollment") { () throws(StoreError) in try store.createEnrollment(enrollment) }
        metrics.increment(.init("devicetrust_enrollments_created_total"))
        return EnrollmentCreated(payload: payload)
    }

    /// Completes an enrollment (device): checks each key's proof of possession over the
    /// exact enrollment payload, hashes the optional PIN, and creates the device.
    ///
    /// The enrollment is consumed by the first completion attempt, successful or not,
    /// exactly once. Without a PIN the device key is enrolled but unusable: challenges for
    /// it are refused with `key_not_enrolled` until a device is enrolled with a PIN.
    ///
    /// - Throws: `Problem` `not_found` (unknown enrollment), `challenge_expired`,
    ///   `challenge_consumed`, `malformed_request` (a key that is not a valid P-256 point, a
    ///   proof that is not strict DER, the same key twice, a bad device name),
    ///   `signature_invalid` (a proof that does not verify), `attestation_invalid` (an
    ///   attestation missing where ``AttestationConfiguration`` requires one, or one that does
    ///   not verify or attests another key); ``ServiceFailure`` otherwise.
    public func completeEnrollment(id enrollmentId: String, _ completion: EnrollmentCompletion) throws -> EnrollmentCompleted {
        let now = clock.now()
        guard let enrollment = try storage("enrollment", { () throws(StoreError) in try store.enrollment(id: enrollmentId) }) else {
            throw refuse("enrollment completion", Problem(code: .notFound, detail: "no such enrollment"), reason: "unknown enrollment")
        }
        guard enrollment.consumedAt == nil else {
            throw refuse(
                "enrollment completion", Problem(code: .challengeConsumed, detail: "the enrollment was already used; start a new one"),
                reason: "already consumed")
        }
        guard enrollment.expiresAt > now else {
            throw refuse("enrollment completion", Problem(code: .challengeExpired, detail: "the enrollment expired; start a new one"), reason: "expired")
        }

        let registration: DeviceRegistration
        do {
            registration = try checkedRegistration(completion, enrollment: enrollment)
        } catch let problem as Problem {
            // The first attempt consumes the enrollment whether it succeeds or not.
            _ = try storage("enrollment") { () throws(StoreError) in try store.consumeEnrollment(id: enrollmentId, now: now) }
            throw problem
        }

        let device = try storage("enrollment") { () throws(StoreError) in
            try store.enrollDevice(registration, consumingEnrollment: enrollmentId, now: now)
        }
        metrics.increment(.init("devicetrust_devices_enrolled_total"))
        log.enrolled(deviceId: device.id, keys: registration.publicKeys.keys.sorted().map(\.rawValue))
        return EnrollmentCompleted(
            deviceId: device.id, accountId: device.accountId,
            keys: registration.publicKeys.keys.sorted().map { DeviceBinding.KeyKind($0) })
    }

    /// Decodes and verifies the keys of `completion`, and hashes its PIN.
    private func checkedRegistration(_ completion: EnrollmentCompletion, enrollment: Enrollment) throws -> DeviceRegistration {
        let operation = "enrollment completion"
        let name = completion.deviceName
        guard DeviceName.isValid(name) else {
            throw refuse(
                operation,
                Problem(code: .malformedRequest, detail: "deviceName must be 1 to \(DeviceName.maximumByteCount) bytes without control characters"),
                reason: "bad device name")
        }
        var keys: [TrustStore.KeyKind: Data] = [:]
        keys[.device] = try verifiedKey(completion.deviceKey, kind: "deviceKey", payload: enrollment.signingPayload)
        if let biometricKey = completion.biometricKey {
            let key = try verifiedKey(biometricKey, kind: "biometricKey", payload: enrollment.signingPayload)
            guard key != keys[.device] else {
                throw refuse(operation, Problem(code: .malformedRequest, detail: "deviceKey and biometricKey must be different keys"), reason: "same key twice")
            }
            keys[.biometric] = key
        }
        let attestations = try verifiedAttestations(completion, enrollment: enrollment, keys: keys)
        var pinHash: Data?
        if let pin = completion.pin {
            pinHash = try hashPIN(pin)
        }
        return DeviceRegistration(
            deviceId: newIdentifier(), name: name, platform: completion.platform.rawValue, publicKeys: keys, pinHash: pinHash,
            attestations: attestations)
    }

    /// The X9.63 bytes of a registration's key, once its proof verifies over `payload`.
    func verifiedKey(_ registration: KeyRegistration, kind field: String, payload: Data) throws -> Data {
        let operation = "key registration"
        let publicKey: P256.Signing.PublicKey
        let proof: P256.Signing.ECDSASignature
        do {
            publicKey = try registration.decodedPublicKey()
            proof = try registration.decodedProof()
        } catch {
            throw refuse(
                operation, Problem(code: .malformedRequest, detail: "\(field): \(error.code): \(Self.wireFormatAdvice(error.code))"),
                reason: "\(field) \(error.code)")
        }
        guard metrics.measuring(.deviceSignature, { publicKey.isValidSignature(proof, for: payload) }) else {
            throw refuse(
                operation, Problem(code: .signatureInvalid, detail: "the \(field) proof does not verify over the signing payload"),
                reason: "\(field) proof invalid")
        }
        return publicKey.x963Representation
    }

    /// The stored form of a PIN hash.
    func hashPIN(_ pin: PIN) throws -> Data {
        do {
            return Data(try pinHasher.hash(pin).utf8)
        } catch {
            throw ServiceFailure(.internal, "PIN hashing failed: \(error.code)")
        }
    }

    /// Fixed advice for a wire-format error code (never repeating the input).
    static func wireFormatAdvice(_ code: WireFormatError.Code) -> String {
        switch code {
        case .invalidPublicKey: "send the P-256 SPKI DER or the 65-byte X9.63 point, base64url without padding"
        case .invalidSignature: "send a strict-DER ECDSA P-256 signature, base64url without padding"
        case .invalidBase64URL: "send base64url without padding"
        default: "see the API documentation"
        }
    }
}
