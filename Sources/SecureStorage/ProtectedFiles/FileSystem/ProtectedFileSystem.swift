import Foundation

/// The single path from ``ProtectedFileStore`` to a file system: the real one on a device
/// (``LocalFileSystem``), an emulated iPhone's in tests (`EmulatedApp.files` in
/// `DeviceEmulator`), where lock state decides what a call may do.
///
/// Paths are absolute, `/`-separated strings. Every file is created with an explicit
/// ``FileProtection`` class, so no file silently gets the system default.
public protocol ProtectedFileSystem: Sendable {
    /// Creates the directory and any missing parents; succeeds when it exists.
    func createDirectory(atPath path: String) throws(ProtectedFileSystemError)
    /// The names of the files directly inside the directory, in no particular order.
    /// - Throws: ``ProtectedFileSystemError/noSuchFile`` when the directory does not exist.
    func contentsOfDirectory(atPath path: String) throws(ProtectedFileSystemError) -> [String]
    /// Creates a new, empty file with `protection` and opens it for appending.
    /// - Throws: ``ProtectedFileSystemError/fileExists`` when the path is taken,
    ///   ``ProtectedFileSystemError/protectedDataUnavailable`` when files of that class
    ///   cannot be created now.
    func createFile(atPath path: String, protection: FileProtection) throws(ProtectedFileSystemError) -> any ProtectedFileWriteHandle
    /// Opens an existing file for reading from its start.
    func openFile(atPath path: String) throws(ProtectedFileSystemError) -> any ProtectedFileReadHandle
    /// Moves the file at `source` to `destination` in one step, replacing any file there
    /// (`rename(2)`): a reader sees the old file or the new one, never a mix.
    func replaceItem(atPath destination: String, withItemAtPath source: String) throws(ProtectedFileSystemError)
    /// Removes the file at `path`.
    func removeItem(atPath path: String) throws(ProtectedFileSystemError)
    /// The protection class of the file at `path`.
    func protection(ofItemAtPath path: String) throws(ProtectedFileSystemError) -> FileProtection
}

/// A file opened for reading by a ``ProtectedFileSystem``; used from one thread at a time.
public protocol ProtectedFileReadHandle: AnyObject {
    /// Up to `count` bytes from the current position; empty at the end of the file.
    func read(upToCount count: Int) throws(ProtectedFileSystemError) -> Data
    /// Closes the handle; later calls throw ``ProtectedFileSystemError/handleClosed``.
    func close()
}

/// A file opened for appending by a ``ProtectedFileSystem``; used from one thread at a time.
public protocol ProtectedFileWriteHandle: AnyObject {
    /// Appends `data` to the file.
    func write(_ data: Data) throws(ProtectedFileSystemError)
    /// Flushes written data to stable storage (`fsync`).
    func synchronize() throws(ProtectedFileSystemError)
    /// Closes the handle; later calls throw ``ProtectedFileSystemError/handleClosed``.
    func close()
}
