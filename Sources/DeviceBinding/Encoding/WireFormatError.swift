import CodedErrors

/// A value on the wire does not have the exact form the protocol requires.
///
/// The package's shared ``CodedError`` shape: equality compares the `code` only, so tests
/// and callers match on the kind of failure while `description` carries the precise
/// reason and the source location that raised it. The reason names the field and what was
/// wrong with it; it never contains the offending value, because that value may be a PIN
/// or a signature.
public typealias WireFormatError = CodedError<WireFormatFailures>

/// The domain of ``WireFormatError``.
public enum WireFormatFailures: ErrorDomain {
    /// `WireFormatError`, as shown in descriptions.
    public static let name = "WireFormatError"
}

/// The kinds of malformed value. New codes may be added in later versions.
extension ErrorCode where Domain == WireFormatFailures {
    /// Not base64url without padding in its one canonical form.
    public static var invalidBase64URL: Self { Self("invalidBase64URL") }
    /// Not lowercase hexadecimal of the expected length.
    public static var invalidHex: Self { Self("invalidHex") }
    /// Not an RFC 3339 UTC timestamp of the form `YYYY-MM-DDTHH:MM:SSZ`.
    public static var invalidTimestamp: Self { Self("invalidTimestamp") }
    /// A date outside the years 0000–9999 that the timestamp form can express.
    public static var timestampOutOfRange: Self { Self("timestampOutOfRange") }
    /// Not a P-256 public key as SPKI DER or a 65-byte X9.63 point on the curve.
    public static var invalidPublicKey: Self { Self("invalidPublicKey") }
    /// Not a strict-DER ECDSA P-256 signature.
    public static var invalidSignature: Self { Self("invalidSignature") }
    /// Not a PIN of 6 to 12 ASCII digits.
    public static var invalidPIN: Self { Self("invalidPIN") }
}
