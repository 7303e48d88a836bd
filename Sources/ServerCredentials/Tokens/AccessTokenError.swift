import CodedErrors

/// Why an access token could not be issued or was refused. The reason is precise (log it);
/// answer clients with a generic failure. Never carries the token or key material.
///
/// Equality compares the `code` only.
public typealias AccessTokenError = CodedError<AccessTokenFailures>

/// The domain of ``AccessTokenError``.
public enum AccessTokenFailures: ErrorDomain {
    /// `AccessTokenError`, as shown in descriptions.
    public static let name = "AccessTokenError"
}

extension ErrorCode where Domain == AccessTokenFailures {
    /// Issuing: a claim is empty or malformed (e.g. `action_sha256` not 64 lowercase
    /// hex digits, or present for a purpose other than `action`).
    public static var invalidClaims: Self { Self("invalidClaims") }
    /// Issuing or verifying: `exp` is not after `iat`, or more than 300 s after it.
    public static var lifetimeTooLong: Self { Self("lifetimeTooLong") }
    /// Issuing: the signing key failed (should not happen).
    public static var signingFailed: Self { Self("signingFailed") }
    /// Verifying: not a compact JWS of our exact form (three base64url parts, JSON
    /// header and claims as our signer writes them, a 64-byte signature).
    public static var malformed: Self { Self("malformed") }
    /// Verifying: `alg` is missing or not `ES256` (`none`, `HS256`, … are refused).
    public static var unsupportedAlgorithm: Self { Self("unsupportedAlgorithm") }
    /// Verifying: no trusted key has the token's `kid`.
    public static var unknownKeyID: Self { Self("unknownKeyID") }
    /// Verifying: the signature does not match header and claims.
    public static var invalidSignature: Self { Self("invalidSignature") }
    /// Verifying: `iss` is not the expected issuer.
    public static var wrongIssuer: Self { Self("wrongIssuer") }
    /// Verifying: `aud` is not the expected audience.
    public static var wrongAudience: Self { Self("wrongAudience") }
    /// Verifying: `exp` has passed (beyond the leeway).
    public static var expired: Self { Self("expired") }
    /// Verifying: `iat` lies in the future (beyond the leeway).
    public static var notYetValid: Self { Self("notYetValid") }
    /// Reading a JWKS: not a key set of P-256 ES256 signing keys.
    public static var invalidKeySet: Self { Self("invalidKeySet") }
}
