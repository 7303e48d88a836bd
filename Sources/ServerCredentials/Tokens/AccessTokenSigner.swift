import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// Issues DeviceTrust access tokens: compact JWS (RFC 7515) JWTs signed with ES256.
///
/// The header is always `{"alg":"ES256","kid":"<kid>","typ":"JWT"}`; header and claims
/// are written with members in lexicographic order and no whitespace; the signature is
/// r ‖ s (64 bytes), as RFC 7518 §3.4 requires. All three parts are unpadded base64url.
public struct AccessTokenSigner: Sendable {
    /// The longest lifetime a token may have: 300 s (`exp - iat`).
    public static let maximumLifetime: TimeInterval = 300

    private let signingKey: P256.Signing.PrivateKey
    /// The `kid` of every token this signer issues; see ``JSONWebKeySet/keyID(for:)``.
    public let keyID: String
    private let encodedHeader: String

    /// A signer with `signingKey` (see ``SigningKeyFile/loadOrCreate(at:)``).
    public init(signingKey: P256.Signing.PrivateKey) {
        self.signingKey = signingKey
        keyID = JSONWebKeySet.keyID(for: signingKey.publicKey)
        encodedHeader = Base64URL.encode(Data(Self.headerJSON(keyID: keyID).utf8))
    }

    /// The public key that verifies this signer's tokens.
    public var publicKey: P256.Signing.PublicKey { signingKey.publicKey }

    /// The compact JWS `header.claims.signature` for `claims`.
    /// - Throws: ``AccessTokenError`` ``AccessTokenError/Code/lifetimeTooLong`` when `exp`
    ///   is not 1–300 s after `iat`; ``AccessTokenError/Code/invalidClaims`` for an empty
    ///   claim or a wrong `action_sha256`.
    public func issue(_ claims: AccessTokenClaims) throws(AccessTokenError) -> String {
        try claims.validate(maximumLifetime: Self.maximumLifetime)
        return try CompactJWS.es256(encodedHeader: encodedHeader, payload: claims.canonicalJSON, key: signingKey)
    }

    /// The JWKS that publishes this signer's public key, for `/.well-known/jwks.json`.
    public func jwks() -> Data {
        JSONWebKeySet.data(for: [publicKey])
    }

    /// The header JSON for `keyID`.
    static func headerJSON(keyID: String) -> String {
        var writer = JSONObjectWriter()
        writer.add("alg", "ES256")
        writer.add("kid", keyID)
        writer.add("typ", "JWT")
        return writer.json
    }
}
