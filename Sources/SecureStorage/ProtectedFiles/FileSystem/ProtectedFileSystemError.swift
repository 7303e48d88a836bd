/// What a ``ProtectedFileSystem`` call failed with. Never carries file contents.
public enum ProtectedFileSystemError: Error, Equatable, Sendable {
    /// The file's protection class cannot be decrypted now (device locked, or not unlocked
    /// since boot): the file is there; try again after the user unlocks.
    case protectedDataUnavailable
    /// No file or directory at the path.
    case noSuchFile
    /// A file exists where a new one was to be created.
    case fileExists
    /// The handle was closed (or its process ended, as on a reboot).
    case handleClosed
    /// Any other failure, described without file contents (for example an errno name).
    case ioFailure(String)
}

extension ProtectedFileSystemError: CustomStringConvertible {
    /// What happened and what to do.
    public var description: String {
        switch self {
        case .protectedDataUnavailable:
            return "protected data unavailable: the file's protection class is locked now (device locked or not unlocked since boot); retry after unlock"
        case .noSuchFile: return "no such file or directory"
        case .fileExists: return "a file already exists at this path"
        case .handleClosed: return "the file handle is closed"
        case .ioFailure(let reason): return "file system failure: \(reason)"
        }
    }
}
