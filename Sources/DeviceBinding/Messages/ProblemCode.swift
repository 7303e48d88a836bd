/// The stable error codes of the API, each with its HTTP status.
///
/// Clients branch on these; the `detail` text may change, the codes do not. The server
/// returns one generic code per failure class and logs the precise reason itself.
public enum ProblemCode: String, Codable, Sendable, CaseIterable {
    /// 400: the body is not the documented JSON, a field is malformed (including a public
    /// key that is not a valid P-256 point), or a device-key response lacks the PIN.
    case malformedRequest = "malformed_request"
    /// 401: the admin endpoint was called without a valid admin key.
    case unauthorized
    /// 404: no such enrollment, challenge, account or device.
    case notFound = "not_found"
    /// 410: the challenge or enrollment expired.
    case challengeExpired = "challenge_expired"
    /// 409: the challenge or enrollment was already answered.
    case challengeConsumed = "challenge_consumed"
    /// 403: the signature does not verify with the enrolled key over the payload.
    case signatureInvalid = "signature_invalid"
    /// 403: the PIN is wrong; the problem carries `attemptsRemaining`.
    case pinInvalid = "pin_invalid"
    /// 403: the device is revoked (removed, or five wrong PINs).
    case deviceRevoked = "device_revoked"
    /// 403: the device has no key of the kind asked for.
    case keyNotEnrolled = "key_not_enrolled"
    /// 403: a hardware attestation (App Attest, Android key attestation) or App Attest
    /// assertion is missing where required, or does not verify.
    case attestationInvalid = "attestation_invalid"
    /// 429: too many requests from this device or address.
    case rateLimited = "rate_limited"
    /// 413: the request body exceeds 64 KiB.
    case payloadTooLarge = "payload_too_large"
    /// 409: the access token was already redeemed (`POST /v1/tokens/redeem`).
    case tokenRedeemed = "token_redeemed"
    /// 401: the access token to redeem is malformed, tampered with, expired or not this
    /// server's; nothing was consumed.
    case tokenInvalid = "token_invalid"

    /// The HTTP status code sent with this problem.
    public var httpStatus: Int {
        switch self {
        case .malformedRequest: 400
        case .unauthorized, .tokenInvalid: 401
        case .tokenRedeemed: 409
        case .notFound: 404
        case .challengeExpired: 410
        case .challengeConsumed: 409
        case .signatureInvalid, .pinInvalid, .deviceRevoked, .keyNotEnrolled, .attestationInvalid: 403
        case .rateLimited: 429
        case .payloadTooLarge: 413
        }
    }

    /// A short, fixed, human-readable summary (the problem's `title`).
    public var title: String {
        switch self {
        case .malformedRequest: "Malformed request"
        case .unauthorized: "Unauthorized"
        case .notFound: "Not found"
        case .challengeExpired: "Challenge expired"
        case .challengeConsumed: "Challenge already used"
        case .signatureInvalid: "Signature invalid"
        case .pinInvalid: "PIN invalid"
        case .deviceRevoked: "Device revoked"
        case .keyNotEnrolled: "Key not enrolled"
        case .attestationInvalid: "Attestation invalid"
        case .rateLimited: "Too many requests"
        case .payloadTooLarge: "Request body too large"
        case .tokenRedeemed: "Token already redeemed"
        case .tokenInvalid: "Token invalid"
        }
    }

    /// The problem `type` URI: `urn:devicetrust:problem:<code>`.
    public var typeURI: String { "urn:devicetrust:problem:\(rawValue)" }
}
