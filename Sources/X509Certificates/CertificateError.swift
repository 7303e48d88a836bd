import CodedErrors

/// Why a certificate could not be parsed or a chain could not be verified. The reason
/// names the certificate (by position or subject) and the rule it broke.
///
/// Equality compares the `code` only.
public typealias CertificateError = CodedError<CertificateFailures>

/// The domain of ``CertificateError``.
public enum CertificateFailures: ErrorDomain {
    /// `CertificateError`, as shown in descriptions.
    public static let name = "CertificateError"
}

extension ErrorCode where Domain == CertificateFailures {
    /// The bytes are not a DER X.509 certificate, or a field breaks RFC 5280's syntax.
    public static var malformed: Self { Self("malformed") }
    /// The certificate's public key is not of the kind required.
    public static var unsupportedKey: Self { Self("unsupportedKey") }
    /// A signature in the chain does not verify with its issuer's key.
    public static var badSignature: Self { Self("badSignature") }
    /// The verification time is outside a certificate's validity.
    public static var expired: Self { Self("expired") }
    /// The chain does not lead to a trusted root.
    public static var untrusted: Self { Self("untrusted") }
    /// OpenSSL refused the chain for another reason (its message is in the reason).
    public static var chainInvalid: Self { Self("chainInvalid") }
}
