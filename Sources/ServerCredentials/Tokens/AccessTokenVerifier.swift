import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// Verifies DeviceTrust access tokens, for tests and for integrators' backends.
///
/// Strict by design: it accepts only what ``AccessTokenSigner`` writes. The checks, in
/// order: at most 8 KiB; three non-empty base64url parts; a header of exactly
/// `alg` `ES256`, a known `kid` and `typ` `JWT`; a 64-byte r ‖ s signature valid under
/// that key; claims in our exact serialization (no unknown or duplicate members); `iss`
/// and `aud` equal to the expected values; `exp` 1–300 s after `iat`; `iat` not in the
/// future and `exp` not past, each with ``leeway``.
public struct AccessTokenVerifier: Sendable {
    /// The largest token accepted, in bytes.
    public static let maximumTokenByteCount = 8 * 1024

    private let keys: [String: P256.Signing.PublicKey]
    /// The required `iss`.
    public let issuer: String
    /// The required `aud`.
    public let audience: String
    /// The clock skew tolerated on `iat` and `exp`, in seconds.
    public let leeway: TimeInterval
    private let now: @Sendable () -> Date

    /// A verifier trusting `publicKeys` (their `kid`s are computed as the signer does).
    /// - Parameters:
    ///   - leeway: clock skew tolerated on `iat` and `exp`; 10 s by default.
    ///   - now: the clock; the system clock by default.
    public init(
        publicKeys: [P256.Signing.PublicKey], issuer: String, audience: String,
        leeway: TimeInterval = 10, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        var keys: [String: P256.Signing.PublicKey] = [:]
        for key in publicKeys { keys[JSONWebKeySet.keyID(for: key)] = key }
        self.init(keys: keys, issuer: issuer, audience: audience, leeway: leeway, now: now)
    }

    /// A verifier trusting the keys of a JWKS, such as the server's `/.well-known/jwks.json`.
    /// - Throws: ``AccessTokenError`` ``AccessTokenError/Code/invalidKeySet``.
    public init(
        jwks: Data, issuer: String, audience: String,
        leeway: TimeInterval = 10, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(AccessTokenError) {
        self.init(keys: try JSONWebKeySet.publicKeys(from: jwks), issuer: issuer, audience: audience, leeway: leeway, now: now)
    }

    private init(keys: [String: P256.Signing.PublicKey], issuer: String, audience: String, leeway: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.keys = keys
        self.issuer = issuer
        self.audience = audience
        self.leeway = leeway
        self.now = now
    }

    /// The claims of `token` if every check passes.
    /// - Throws: ``AccessTokenError`` whose code says which check failed: `malformed`,
    ///   `unsupportedAlgorithm`, `unknownKeyID`, `invalidSignature`, `wrongIssuer`,
    ///   `wrongAudience`, `lifetimeTooLong`, `notYetValid` or `expired`.
    public func verify(_ token: String) throws(AccessTokenError) -> AccessTokenClaims {
        guard token.utf8.count <= Self.maximumTokenByteCount else {
            throw AccessTokenError(.malformed, "the token is longer than \(Self.maximumTokenByteCount) bytes")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            throw AccessTokenError(.malformed, "a compact JWS has three non-empty parts separated by '.'; got \(parts.count) part(s)")
        }
        let publicKey = try checkHeader(parts[0])
        guard let signatureBytes = try? Base64URL.decode(String(parts[2])), signatureBytes.count == 64,
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        else {
            throw AccessTokenError(.malformed, "the signature part must be 64 bytes (r ‖ s) in unpadded base64url")
        }
        let signingInput = Data(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard publicKey.isValidSignature(signature, for: signingInput) else {
            throw AccessTokenError(.invalidSignature, "the ES256 signature does not match the header and claims")
        }
        guard let claimsJSON = try? Base64URL.decode(String(parts[1])), let claims = AccessTokenClaims(json: claimsJSON),
            Data(claims.canonicalJSON.utf8) == claimsJSON
        else {
            throw AccessTokenError(
                .malformed, "the claims are not the JSON object our signer writes (a member is missing, unknown, repeated, of the wrong type, or out of order)")
        }
        try checkClaims(claims)
        return claims
    }

    /// The key named by a valid header.
    private func checkHeader(_ part: Substring) throws(AccessTokenError) -> P256.Signing.PublicKey {
        struct Wire: Decodable { let alg: String?; let kid: String?; let typ: String? }
        guard let json = try? Base64URL.decode(String(part)), let header = try? JSONDecoder().decode(Wire.self, from: json) else {
            throw AccessTokenError(.malformed, "the header is not a JSON object in unpadded base64url")
        }
        guard header.alg == "ES256" else {
            throw AccessTokenError(.unsupportedAlgorithm, "only alg ES256 is accepted")
        }
        guard let kid = header.kid, Data(AccessTokenSigner.headerJSON(keyID: kid).utf8) == json else {
            throw AccessTokenError(.malformed, "the header must be exactly {\"alg\":\"ES256\",\"kid\":…,\"typ\":\"JWT\"}")
        }
        guard let key = keys[kid] else {
            throw AccessTokenError(.unknownKeyID, "no trusted key has this kid; refresh the JWKS if the server rotated its key")
        }
        return key
    }

    private func checkClaims(_ claims: AccessTokenClaims) throws(AccessTokenError) {
        guard claims.issuer == issuer else {
            throw AccessTokenError(.wrongIssuer, "iss is not the expected issuer '\(issuer)'")
        }
        guard claims.audience == audience else {
            throw AccessTokenError(.wrongAudience, "aud is not the expected audience '\(audience)'")
        }
        let lifetime = claims.expiresAt.timeIntervalSince(claims.issuedAt)
        guard lifetime > 0, lifetime <= AccessTokenSigner.maximumLifetime else {
            throw AccessTokenError(.lifetimeTooLong, "exp must be 1 to \(Int(AccessTokenSigner.maximumLifetime)) s after iat; it is \(Int(lifetime)) s")
        }
        let current = now()
        guard claims.issuedAt.timeIntervalSince(current) <= leeway else {
            throw AccessTokenError(.notYetValid, "iat is \(Int(claims.issuedAt.timeIntervalSince(current))) s in the future; check the clocks")
        }
        guard current.timeIntervalSince(claims.expiresAt) < leeway else {
            throw AccessTokenError(.expired, "the token expired \(Int(current.timeIntervalSince(claims.expiresAt))) s ago")
        }
    }
}
