/// What went wrong reading or writing a ``ProtectedFile``; never carries file contents or
/// key material.
///
/// How an app must react:
/// - ``locked``: the data is there but cannot be decrypted now (device locked, or not
///   unlocked since boot). Keep everything and retry after unlock; never treat it as loss.
/// - ``gone(_:)``: the file does not exist (``Gone/file``), or the store's key is gone
///   (``Gone/key``: the store was destroyed, or the files came from another device or an
///   older key). The data cannot come back; start over.
/// - ``tampered``: the file was modified, truncated, extended, reordered, or copied from
///   another file or name. Discard it; do not use any bytes already read from it.
public enum ProtectedFileError: Error, Equatable, Sendable {
    /// Protected data is unavailable now: the keychain item or the file's class is locked.
    case locked
    /// The file or the key is gone for good.
    case gone(Gone)
    /// Authentication failed: the file is not what this store wrote under this name.
    case tampered
    /// The name is empty, longer than 255 UTF-8 bytes, contains `/` or NUL, or starts with
    /// `.` (names starting with `.` are the store's temporary files).
    case invalidName
    /// A keychain failure other than "locked" or "not found".
    case keychain(KeychainError)
    /// A file-system failure other than "locked" or "not found".
    case storage(ProtectedFileSystemError)

    /// What is gone.
    public enum Gone: Sendable, Hashable {
        /// No file under this name.
        case file
        /// The store's key: deleted by ``ProtectedFileStore/destroy()``, never restored to
        /// this device, or replaced since the file was written.
        case key
    }

    static func mapping(_ error: KeychainError) -> ProtectedFileError {
        switch error {
        case .interactionNotAllowed: return .locked
        case .itemNotFound: return .gone(.key)
        default: return .keychain(error)
        }
    }

    static func mapping(_ error: ProtectedFileSystemError) -> ProtectedFileError {
        switch error {
        case .protectedDataUnavailable: return .locked
        case .noSuchFile: return .gone(.file)
        default: return .storage(error)
        }
    }
}

extension ProtectedFileError: CustomStringConvertible {
    /// What happened and what to do.
    public var description: String {
        switch self {
        case .locked: return "protected file locked: the device is locked or not unlocked since boot; keep the data and retry after unlock"
        case .gone(.file): return "protected file not found"
        case .gone(.key): return "protected file unreadable for good: its store key was deleted or never reached this device"
        case .tampered: return "protected file failed authentication (modified, truncated, extended, reordered or moved); discard it"
        case .invalidName: return "invalid protected file name: use 1 to 255 UTF-8 bytes, no '/', no NUL, not starting with '.'"
        case .keychain(let error): return "protected file key: \(error)"
        case .storage(let error): return "protected file storage: \(error)"
        }
    }
}
