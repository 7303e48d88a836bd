import CodedErrors

/// Why a secret file (the PIN pepper, the token signing key) was refused or could not be
/// written. The reason names the file and the fix; it never shows the file's contents.
///
/// Equality compares the `code` only.
public typealias CredentialFileError = CodedError<CredentialFileFailures>

/// The domain of ``CredentialFileError``.
public enum CredentialFileFailures: ErrorDomain {
    /// `CredentialFileError`, as shown in descriptions.
    public static let name = "CredentialFileError"
}

extension ErrorCode where Domain == CredentialFileFailures {
    /// The file grants more than read and write to its owner (mode wider than 0600).
    public static var permissionsTooWide: Self { Self("permissionsTooWide") }
    /// The file belongs to another user than the one running the server.
    public static var wrongOwner: Self { Self("wrongOwner") }
    /// The path is a symbolic link, a folder or another non-regular file.
    public static var notARegularFile: Self { Self("notARegularFile") }
    /// The file has the wrong size for what it should hold.
    public static var wrongSize: Self { Self("wrongSize") }
    /// The file's contents are not what it should hold (e.g. not a P-256 PEM key).
    public static var invalidContents: Self { Self("invalidContents") }
    /// The operating system refused to read or write the file.
    public static var ioFailure: Self { Self("ioFailure") }
}
