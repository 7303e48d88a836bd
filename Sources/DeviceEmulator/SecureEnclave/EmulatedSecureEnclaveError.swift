import CodedErrors

/// Why the emulated Secure Enclave refused a key's `dataRepresentation`.
///
/// Failures that iOS reports as keychain statuses (no passcode, cancelled or failed
/// prompt, locked device, changed biometry) are thrown as `KeychainError` instead.
/// Equality compares the ``code`` only.
public typealias EmulatedSecureEnclaveError = CodedError<EmulatedSecureEnclaveFailures>

/// The domain of ``EmulatedSecureEnclaveError``.
public enum EmulatedSecureEnclaveFailures: ErrorDomain {
    /// `EmulatedSecureEnclaveError`, as shown in descriptions.
    public static let name = "EmulatedSecureEnclaveError"
}

extension ErrorCode where Domain == EmulatedSecureEnclaveFailures {
    /// The key was made by another device's enclave, which alone can use it (for
    /// example, a `dataRepresentation` restored from a backup onto a new phone).
    public static var keyFromAnotherDevice: Self { Self("keyFromAnotherDevice") }
    /// The bytes are not a key of the emulated enclave, or were altered.
    public static var malformedKeyData: Self { Self("malformedKeyData") }
}
