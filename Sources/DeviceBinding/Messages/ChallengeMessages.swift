import DeviceTrustCrypto
import Foundation

/// `POST /v1/challenges` body: ask for a one-time payload to sign.
public struct ChallengeRequest: Codable, Hashable, Sendable, StrictRequestBody {
    /// The device whose key will answer.
    public var deviceId: String
    /// Which of its keys will answer.
    public var key: KeyKind
    /// What the answer will authorise.
    public var purpose: Purpose
    /// The exact action to approve, for ``Purpose/action``; hashed in canonical form.
    public var action: JSONValue?

    enum CodingKeys: String, CodingKey, CaseIterable { case deviceId, key, purpose, action }

    /// `deviceId`, `key`, `purpose` and `action`, whose own members are the integrator's.
    public static let requestMembers = RequestMembers(CodingKeys.self, nested: [.action: .anyJSON])

    /// A request from its fields.
    public init(deviceId: String, key: KeyKind, purpose: Purpose, action: JSONValue? = nil) {
        self.deviceId = deviceId
        self.key = key
        self.purpose = purpose
        self.action = action
    }
}

/// `201` answer to ``ChallengeRequest``.
public struct ChallengeCreated: Codable, Hashable, Sendable {
    /// The challenge identifier, used in the response URL.
    public var challengeId: String
    /// Base64url of the ``SigningPayload`` bytes to sign.
    public var signingPayload: String
    /// When the challenge stops being answerable.
    public var expiresAt: RFC3339Timestamp

    /// An answer from its fields.
    public init(challengeId: String, signingPayload: String, expiresAt: RFC3339Timestamp) {
        self.challengeId = challengeId
        self.signingPayload = signingPayload
        self.expiresAt = expiresAt
    }

    /// The answer that carries `payload`, taking the identifier and expiry from it.
    public init(payload: SigningPayload) {
        self.init(challengeId: payload.id, signingPayload: Base64URL.encode(payload.rendered), expiresAt: payload.expires)
    }

    /// Decodes and strictly parses ``signingPayload``.
    /// - Throws: ``WireFormatError`` for bad base64url, ``SigningPayloadError`` for bad text.
    public func decodedPayload() throws -> SigningPayload {
        try SigningPayload(parsing: Base64URL.decode(signingPayload))
    }
}

/// `POST /v1/challenges/{challengeId}/response` body (device).
public struct ChallengeResponse: Codable, Sendable, StrictRequestBody {
    /// Base64url of the strict-DER ECDSA signature over the payload bytes.
    public var signature: String
    /// The PIN; required with every `key: device` response.
    public var pin: PIN?
    /// The new PIN, for ``Purpose/pinChange``.
    public var newPin: PIN?
    /// The replacement biometric key, for ``Purpose/rebindBiometric``.
    public var newBiometricKey: KeyRegistration?
    /// iOS: base64url of an App Attest assertion whose clientData is the challenge's
    /// signing payload bytes.
    public var appAttestAssertion: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case signature, pin, newPin, newBiometricKey, appAttestAssertion }

    /// The response's members, and those of a new biometric key's registration.
    public static let requestMembers = RequestMembers(CodingKeys.self, nested: [.newBiometricKey: .object(KeyRegistration.requestMembers)])

    /// A response from its fields.
    public init(
        signature: String, pin: PIN? = nil, newPin: PIN? = nil, newBiometricKey: KeyRegistration? = nil,
        appAttestAssertion: String? = nil
    ) {
        self.signature = signature
        self.pin = pin
        self.newPin = newPin
        self.newBiometricKey = newBiometricKey
        self.appAttestAssertion = appAttestAssertion
    }

    /// The signature, strictly decoded (see ``SignatureEncoding``).
    /// - Throws: ``WireFormatError`` for bad base64url or a signature that is not strict DER.
    public func decodedSignature() throws(WireFormatError) -> P256.Signing.ECDSASignature {
        try SignatureEncoding.strictDERSignature(base64url: signature)
    }
}

/// `200` answer to a ``ChallengeResponse``: a short-lived access token.
public struct TokenResponse: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The ES256 JWT. Never logged: ``description`` hides it.
    public var accessToken: String
    /// Always `Bearer`.
    public var tokenType: String
    /// Seconds until the token expires (at most 300).
    public var expiresIn: Int

    /// An answer from its fields; `tokenType` is `Bearer`.
    public init(accessToken: String, tokenType: String = "Bearer", expiresIn: Int) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }

    /// The token type and lifetime, never the token.
    public var description: String { "TokenResponse(tokenType: \(tokenType), expiresIn: \(expiresIn), accessToken: redacted)" }
}
