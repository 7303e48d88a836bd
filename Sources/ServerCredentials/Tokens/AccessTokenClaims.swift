import DeviceBinding
import Foundation

/// The claims of a DeviceTrust access token (a JWT signed with ES256).
///
/// Times are whole seconds (JWT NumericDate): the initialiser drops fractions.
public struct AccessTokenClaims: Sendable, Hashable {
    /// `iss`: who issued the token (the server's configured issuer).
    public var issuer: String
    /// `aud`: who may accept it (the server's configured audience), a single string.
    public var audience: String
    /// `sub`: the account the device is bound to.
    public var subject: String
    /// `iat`: when the token was issued.
    public var issuedAt: Date
    /// `exp`: when it stops being valid; at most 300 s after ``issuedAt``.
    public var expiresAt: Date
    /// `jti`: a unique token identifier, by default 16 random bytes in base64url.
    public var tokenID: String
    /// `device_id`: the device that approved.
    public var deviceID: String
    /// `key`: the device key that signed the challenge (`biometric` or `device`).
    public var key: String
    /// `purpose`: what the challenge was for (`unlock`, `action`, `pin_change`, …).
    public var purpose: String
    /// `action_sha256`: lowercase hex SHA-256 of the approved action's canonical JSON;
    /// present exactly when ``purpose`` is `action`.
    public var actionSHA256: String?

    /// Claims for one token; `tokenID` defaults to a fresh ``randomTokenID()``.
    public init(
        issuer: String, audience: String, subject: String,
        issuedAt: Date, expiresAt: Date, tokenID: String = AccessTokenClaims.randomTokenID(),
        deviceID: String, key: String, purpose: String, actionSHA256: String? = nil
    ) {
        self.issuer = issuer
        self.audience = audience
        self.subject = subject
        self.issuedAt = Date(timeIntervalSince1970: issuedAt.timeIntervalSince1970.rounded(.down))
        self.expiresAt = Date(timeIntervalSince1970: expiresAt.timeIntervalSince1970.rounded(.down))
        self.tokenID = tokenID
        self.deviceID = deviceID
        self.key = key
        self.purpose = purpose
        self.actionSHA256 = actionSHA256
    }

    /// 16 random bytes in unpadded base64url (22 characters).
    public static func randomTokenID() -> String {
        Base64URL.encode(Sodium.randomBytes(count: 16))
    }

    /// The `purpose` whose tokens carry `action_sha256`.
    public static let actionPurpose = "action"

    /// `iat` in seconds since 1970.
    var issuedAtSeconds: Int64 { Int64(issuedAt.timeIntervalSince1970) }
    /// `exp` in seconds since 1970.
    var expiresAtSeconds: Int64 { Int64(expiresAt.timeIntervalSince1970) }

    /// The claims as our signer writes them (the token's payload): members in
    /// lexicographic order, no whitespace.
    public var canonicalJSON: String {
        var writer = JSONObjectWriter()
        if let actionSHA256 { writer.add("action_sha256", actionSHA256) }
        writer.add("aud", audience)
        writer.add("device_id", deviceID)
        writer.add("exp", expiresAtSeconds)
        writer.add("iat", issuedAtSeconds)
        writer.add("iss", issuer)
        writer.add("jti", tokenID)
        writer.add("key", key)
        writer.add("purpose", purpose)
        writer.add("sub", subject)
        return writer.json
    }

    /// The claims parsed from JSON, or nil when a member is missing or of the wrong type.
    /// The caller compares ``canonicalJSON`` with the input to refuse anything else.
    init?(json: Data) {
        struct Wire: Decodable {
            let action_sha256: String?
            let aud: String
            let device_id: String
            let exp: Int64
            let iat: Int64
            let iss: String
            let jti: String
            let key: String
            let purpose: String
            let sub: String
        }
        guard let wire = try? JSONDecoder().decode(Wire.self, from: json) else { return nil }
        self.init(
            issuer: wire.iss, audience: wire.aud, subject: wire.sub,
            issuedAt: Date(timeIntervalSince1970: TimeInterval(wire.iat)),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(wire.exp)),
            tokenID: wire.jti, deviceID: wire.device_id, key: wire.key,
            purpose: wire.purpose, actionSHA256: wire.action_sha256
        )
    }

    /// Checks what the signer guarantees about every token it issues.
    func validate(maximumLifetime: TimeInterval) throws(AccessTokenError) {
        let lifetime = expiresAtSeconds - issuedAtSeconds
        guard lifetime > 0, lifetime <= Int64(maximumLifetime) else {
            throw AccessTokenError(.lifetimeTooLong, "exp must be 1 to \(Int(maximumLifetime)) seconds after iat; it is \(lifetime) s")
        }
        let required = [("iss", issuer), ("aud", audience), ("sub", subject), ("jti", tokenID), ("device_id", deviceID), ("key", key), ("purpose", purpose)]
        if let (name, _) = required.first(where: { $0.1.isEmpty }) {
            throw AccessTokenError(.invalidClaims, "the claim '\(name)' is empty; every token names its issuer, audience, account, device, key and purpose")
        }
        switch (purpose == Self.actionPurpose, actionSHA256) {
        case (true, nil):
            throw AccessTokenError(.invalidClaims, "a token for purpose 'action' needs action_sha256, the hash of the approved action")
        case (false, .some):
            throw AccessTokenError(.invalidClaims, "action_sha256 belongs only to tokens for purpose 'action', not '\(purpose)'")
        case (true, .some(let hash)):
            guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw AccessTokenError(.invalidClaims, "action_sha256 must be 64 lowercase hex digits (a SHA-256 digest)")
            }
        case (false, nil):
            break
        }
    }
}
