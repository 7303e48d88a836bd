/// Why an access token could not be issued or was refused. The reason is precise (log it);
/// answer clients with a generic failure. Never carries the token or key material.
///
/// Equality compares the ``code`` only.
public struct AccessTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// Issuing: a claim is empty or malformed (e.g. `action_sha256` not 64 lowercase
        /// hex digits, or present for a purpose other than `action`).
        public static let invalidClaims = Code("invalidClaims")
        /// Issuing or verifying: `exp` is not after `iat`, or more than 300 s after it.
        public static let lifetimeTooLong = Code("lifetimeTooLong")
        /// Issuing: the signing key failed (should not happen).
        public static let signingFailed = Code("signingFailed")
        /// Verifying: not a compact JWS of our exact form (three base64url parts, JSON
        /// header and claims as our signer writes them, a 64-byte signature).
        public static let malformed = Code("malformed")
        /// Verifying: `alg` is missing or not `ES256` (`none`, `HS256`, … are refused).
        public static let unsupportedAlgorithm = Code("unsupportedAlgorithm")
        /// Verifying: no trusted key has the token's `kid`.
        public static let unknownKeyID = Code("unknownKeyID")
        /// Verifying: the signature does not match header and claims.
        public static let invalidSignature = Code("invalidSignature")
        /// Verifying: `iss` is not the expected issuer.
        public static let wrongIssuer = Code("wrongIssuer")
        /// Verifying: `aud` is not the expected audience.
        public static let wrongAudience = Code("wrongAudience")
        /// Verifying: `exp` has passed (beyond the leeway).
        public static let expired = Code("expired")
        /// Verifying: `iat` lies in the future (beyond the leeway).
        public static let notYetValid = Code("notYetValid")
        /// Reading a JWKS: not a key set of P-256 ES256 signing keys.
        public static let invalidKeySet = Code("invalidKeySet")

        /// The code's name, e.g. `expired`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    private let reason: String
    private let file: String
    private let line: Int

    /// An error with `code` and no reason, to compare with thrown errors (equality looks
    /// at the code only).
    public init(code: Code) {
        self.init(code, "")
    }

    init(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// Equal when the codes are equal; the reason and location do not count.
    public static func == (lhs: AccessTokenError, rhs: AccessTokenError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code and the reason; never the token.
    public var description: String { "AccessTokenError.\(code): \(reason) (\(file):\(line))" }
}
