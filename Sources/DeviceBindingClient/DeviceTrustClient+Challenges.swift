import DeviceBinding
import Foundation
import SecureStorage

extension DeviceTrustClient {
    /// Approves exactly `action`: asks for an action challenge for the biometric key,
    /// checks that the returned payload carries this action's hash and this device, key
    /// and purpose, then signs it with the biometric key (biometry unlocks the key) and
    /// returns the token, whose `action_sha256` claim names the action.
    ///
    /// Show the user `action` before calling; the client signs nothing else.
    /// - Throws: ``DeviceTrustClientError/Code/payloadMismatch`` (nothing signed or sent)
    ///   when the payload is for another action, device, key or purpose; the key's error
    ///   when biometry is cancelled or fails, or the key was invalidated by a new
    ///   enrolment (`KeychainError.authenticationFailed`: offer ``unlockWithPIN(deviceId:pin:)``
    ///   and ``rebindBiometricKey(deviceId:pin:newBiometricKey:)``); `Problem` when the
    ///   server refuses.
    public func approve(action: JSONValue, deviceId: String) async throws -> TokenResponse {
        let request = ChallengeRequest(deviceId: deviceId, key: .biometric, purpose: .action, action: action)
        return try await answerChallenge(request, expecting: 200, TokenResponse.self) { signature, _ in
            ChallengeResponse(signature: signature)
        }
    }

    /// Unlocks the app with biometry: the biometric key answers an `unlock` challenge.
    /// - Throws: as ``approve(action:deviceId:)``.
    public func unlock(deviceId: String) async throws -> TokenResponse {
        let request = ChallengeRequest(deviceId: deviceId, key: .biometric, purpose: .unlock)
        return try await answerChallenge(request, expecting: 200, TokenResponse.self) { signature, _ in
            ChallengeResponse(signature: signature)
        }
    }

    /// Unlocks the app without biometry: the device key answers an `unlock` challenge
    /// together with the PIN, which the server checks.
    /// - Throws: `Problem` with `pin_invalid` (and `attemptsRemaining`) for a wrong PIN,
    ///   `device_revoked` at the fifth consecutive one and after; otherwise as
    ///   ``approve(action:deviceId:)``.
    public func unlockWithPIN(deviceId: String, pin: PIN) async throws -> TokenResponse {
        let request = ChallengeRequest(deviceId: deviceId, key: .device, purpose: .unlock)
        return try await answerChallenge(request, expecting: 200, TokenResponse.self) { signature, _ in
            ChallengeResponse(signature: signature, pin: pin)
        }
    }

    /// Replaces the enrolled biometric key, after a new finger or face invalidated the old
    /// one: the device key answers a `rebind_biometric` challenge with the PIN, and
    /// `newBiometricKey` signs the same payload as its proof. From then on the client
    /// approves with `newBiometricKey`.
    /// - Throws: as ``unlockWithPIN(deviceId:pin:)``.
    public func rebindBiometricKey(deviceId: String, pin: PIN, newBiometricKey: any DeviceKey) async throws -> TokenResponse {
        let request = ChallengeRequest(deviceId: deviceId, key: .device, purpose: .rebindBiometric)
        let token = try await answerChallenge(request, expecting: 200, TokenResponse.self) { signature, payload in
            let proof = try await newBiometricKey.signature(for: payload)
            return ChallengeResponse(
                signature: signature, pin: pin, newBiometricKey: KeyRegistration(key: newBiometricKey.publicKey, proof: proof))
        }
        updateKeys { $0.biometricKey = newBiometricKey }
        return token
    }

    /// Changes the PIN: the device key answers a `pin_change` challenge with the current
    /// PIN and `newPIN`.
    /// - Throws: as ``unlockWithPIN(deviceId:pin:)``; a wrong current PIN counts as a
    ///   failed attempt.
    public func changePIN(deviceId: String, currentPIN: PIN, newPIN: PIN) async throws -> TokenResponse {
        let request = ChallengeRequest(deviceId: deviceId, key: .device, purpose: .pinChange)
        return try await answerChallenge(request, expecting: 200, TokenResponse.self) { signature, _ in
            ChallengeResponse(signature: signature, pin: currentPIN, newPin: newPIN)
        }
    }

    /// Removes (revokes) this device on the server: with biometry when `pin` is `nil`,
    /// otherwise with the device key and `pin`; after the server's `204`, wipes the
    /// device's data from the phone (``wipeLocalData()``). Every later call for the device
    /// gets `device_revoked`.
    /// - Throws: as ``approve(action:deviceId:)`` or ``unlockWithPIN(deviceId:pin:)``; the
    ///   local wipe's first failure, after the server removed the device.
    public func removeDevice(deviceId: String, pin: PIN? = nil) async throws {
        let request = ChallengeRequest(deviceId: deviceId, key: pin == nil ? .biometric : .device, purpose: .removeDevice)
        try await answerChallenge(request, expecting: 204) { signature, _ in
            ChallengeResponse(signature: signature, pin: pin)
        }
        try await wipeLocalData()
    }

    // MARK: The one challenge path

    /// Requests a challenge and answers it, decoding `Answer` from the `status` answer.
    func answerChallenge<Answer: Decodable>(
        _ request: ChallengeRequest, expecting status: Int, _ answer: Answer.Type,
        response: (_ signature: String, _ payload: Data) async throws -> ChallengeResponse
    ) async throws -> Answer {
        let body = try await answerChallenge(request, expecting: status, response: response)
        do {
            return try WireCoding.decode(Answer.self, from: body)
        } catch {
            throw DeviceTrustClientError(.unexpectedResponse, "the \(status) answer is not a valid \(Answer.self)", httpStatus: status)
        }
    }

    /// Requests a challenge for `request`, refuses a payload that is not exactly the one
    /// asked for, signs its bytes with the key of `request.key`, and posts the response
    /// `response` builds from the encoded signature and the payload bytes.
    @discardableResult
    func answerChallenge(
        _ request: ChallengeRequest, expecting status: Int,
        response: (_ signature: String, _ payload: Data) async throws -> ChallengeResponse
    ) async throws -> Data {
        try await wipingWhenRevoked { try await answerChallengeOnce(request, expecting: status, response: response) }
    }

    /// ``answerChallenge(_:expecting:response:)`` without the wipe on `device_revoked`.
    private func answerChallengeOnce(
        _ request: ChallengeRequest, expecting status: Int,
        response: (_ signature: String, _ payload: Data) async throws -> ChallengeResponse
    ) async throws -> Data {
        let signer = try key(request.key)
        let created = try await api.post(["v1", "challenges"], request, expecting: 201, ChallengeCreated.self)
        let (bytes, payload) = try SigningPayloadDecoding.decode(created.signingPayload, kind: .challenge)
        if case .differs(let reason) = ExpectedChallenge(request: request).verdict(for: payload, challengeId: created.challengeId) {
            throw DeviceTrustClientError(.payloadMismatch, "refused to sign: \(reason)")
        }
        let signature = SignatureEncoding.encode(try await signer.signature(for: bytes))
        let answer = try await response(signature, bytes)
        guard let appAttest else {
            return try await api.post(["v1", "challenges", created.challengeId, "response"], answer, expecting: status)
        }
        let api = api
        return try await appAttest.withAssertion(over: bytes) { [answer] assertion in
            var answer = answer
            answer.appAttestAssertion = assertion
            return try await api.post(["v1", "challenges", created.challengeId, "response"], answer, expecting: status)
        }
    }
}
