import CodedErrors

/// An error from the pinning module: an extensible `code`, a private reason that names the
/// input and the fix, and the place it was thrown (the package's shared ``CodedError``
/// shape). Equality looks at the code only, so tests can write
/// `#expect(throws: PinningError(code: .invalidPin))`. Pins and domains are public
/// values, so the reason may quote them.
public typealias PinningError = CodedError<PinningFailures>

/// The domain of ``PinningError``.
public enum PinningFailures: ErrorDomain {
    /// `PinningError`, as shown in descriptions.
    public static let name = "PinningError"
}

extension ErrorCode where Domain == PinningFailures {
    /// The bytes given as a certificate are not one DER X.509 certificate.
    public static var malformedCertificate: Self { Self("malformedCertificate") }
    /// A pin is not the standard base64 of exactly 32 bytes (a SHA-256 digest).
    public static var invalidPin: Self { Self("invalidPin") }
    /// A pin set's domain is not a bare DNS name (no scheme, port, path or wildcard).
    public static var invalidDomain: Self { Self("invalidDomain") }
    /// An enforcing pin set has fewer than two distinct pins: a backup pin is required.
    public static var missingBackupPin: Self { Self("missingBackupPin") }
}
