import CodedErrors

/// Why a ``PINHasher`` could not be made or could not hash. Never carries the PIN, nor its
/// length. (A malformed PIN is refused earlier, by `DeviceBinding`'s `PIN`, with a
/// `WireFormatError`.)
///
/// Equality compares the `code` only.
public typealias PINHashError = CodedError<PINHashFailures>

/// The domain of ``PINHashError``.
public enum PINHashFailures: ErrorDomain {
    /// `PINHashError`, as shown in descriptions.
    public static let name = "PINHashError"
}

extension ErrorCode where Domain == PINHashFailures {
    /// The pepper is shorter than 32 bytes.
    public static var pepperTooShort: Self { Self("pepperTooShort") }
    /// libsodium could not compute the hash (it could not allocate the Argon2 memory,
    /// or failed to initialise).
    public static var hashingFailed: Self { Self("hashingFailed") }
}
