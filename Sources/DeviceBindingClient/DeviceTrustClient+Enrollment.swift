import DeviceBinding
import Foundation
import SecureStorage

extension DeviceTrustClient {
    /// Completes an enrollment the integrator's backend started (after its own full login)
    /// with `POST /v1/enrollments`: each key signs the exact payload bytes as its proof of
    /// possession, and the server registers the keys and the PIN.
    ///
    /// The client then signs with these keys in later calls.
    /// - Parameters:
    ///   - enrollmentId: the `enrollmentId` the backend received.
    ///   - signingPayload: the `signingPayload` the backend received (base64url).
    ///   - deviceName: a name the user recognises, such as "Anna's iPhone".
    ///   - platform: the device's operating system.
    ///   - deviceKey: the key usable without biometry (create it with `.privateKeyUsage`).
    ///   - biometricKey: the biometry-gated key (`.privateKeyUsage`, `.biometryCurrentSet`),
    ///     if the device has biometry; signing its proof shows the biometric prompt.
    ///   - pin: the PIN that makes the device key usable.
    /// - Throws: ``DeviceTrustClientError/Code/invalidSigningPayload`` unless the payload is
    ///   an enrollment payload for `enrollmentId`; a key's error when it cannot sign;
    ///   `Problem` when the server refuses (`challenge_expired`, `challenge_consumed`, …);
    ///   with an App Attest provider, ``DeviceTrustClientError/Code/appAttestUnsupported``,
    ///   ``DeviceTrustClientError/Code/appAttestKeyInvalid`` or
    ///   ``DeviceTrustClientError/Code/appAttestRateLimited`` (after the retries).
    public func enroll(
        enrollmentId: String, signingPayload: String, deviceName: String, platform: Platform,
        deviceKey: any DeviceKey, biometricKey: (any DeviceKey)?, pin: PIN?
    ) async throws -> EnrollmentCompleted {
        let (bytes, payload) = try SigningPayloadDecoding.decode(signingPayload, kind: .enrollment)
        guard payload.id == enrollmentId else {
            throw DeviceTrustClientError(.invalidSigningPayload, "the payload is for another enrollment than enrollmentId")
        }
        let deviceProof = try await deviceKey.signature(for: bytes)
        var biometricRegistration: KeyRegistration?
        if let biometricKey {
            biometricRegistration = KeyRegistration(key: biometricKey.publicKey, proof: try await biometricKey.signature(for: bytes))
        }
        let appAttestRegistration = try await appAttest?.attest(
            payload: bytes, deviceKey: deviceKey.publicKey, biometricKey: biometricKey?.publicKey)
        let completion = EnrollmentCompletion(
            platform: platform, deviceName: deviceName, deviceKey: KeyRegistration(key: deviceKey.publicKey, proof: deviceProof),
            biometricKey: biometricRegistration, pin: pin, appAttest: appAttestRegistration)
        let completed = try await api.post(
            ["v1", "enrollments", enrollmentId, "complete"], completion, expecting: 201, EnrollmentCompleted.self)
        if let appAttest, let appAttestRegistration {
            try appAttest.storeKeyId(appAttestRegistration.keyId)
        }
        updateKeys { keys in
            keys = BoundKeys(deviceKey: deviceKey, biometricKey: biometricKey)
        }
        return completed
    }
}
