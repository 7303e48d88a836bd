import Foundation
import SecureStorage

/// An ``EmulatedApp``'s files, with iOS's data protection: every file has a
/// `FileProtection` class, and the device's lock state (the one that also decides
/// keychain availability) decides what can be opened, created, read and written.
///
/// Get it from ``EmulatedApp/files``. A background task sees exactly what the lock state
/// allows: running in the background unlocks nothing, so a download into a `complete`
/// file fails with `ProtectedFileSystemError.protectedDataUnavailable` once the phone
/// locks, while one into a `completeUnlessOpen` file opened before the lock goes on.
/// A reboot ends the app's process, which closes every handle. The files are deleted with
/// the app and travel in backups. See <doc:FileProtectionBehaviour>.
public final class EmulatedFileSystem: ProtectedFileSystem {
    let app: EmulatedApp

    init(app: EmulatedApp) {
        self.app = app
    }

    /// Creates the directory and its missing parents.
    public func createDirectory(atPath path: String) throws(ProtectedFileSystemError) {
        try withTree { tree, _ throws(ProtectedFileSystemError) in tree.createDirectory(path) }
    }

    /// The names of the files directly in the directory.
    public func contentsOfDirectory(atPath path: String) throws(ProtectedFileSystemError) -> [String] {
        try withTree { tree, _ throws(ProtectedFileSystemError) in try tree.contents(ofDirectory: path) }
    }

    /// Creates an empty file of class `protection`, open for appending.
    public func createFile(atPath path: String, protection: FileProtection) throws(ProtectedFileSystemError) -> any ProtectedFileWriteHandle {
        let id = try withTree { tree, access throws(ProtectedFileSystemError) in try tree.create(path, protection: protection, in: access) }
        return EmulatedFileHandle(fileSystem: self, id: id)
    }

    /// Creates an empty file without naming a class, as `Data.write(to:)` without
    /// protection options does: it gets iOS's default,
    /// `FileProtection.completeUntilFirstUserAuthentication`.
    public func createFile(atPath path: String) throws(ProtectedFileSystemError) -> any ProtectedFileWriteHandle {
        try createFile(atPath: path, protection: .systemDefault)
    }

    /// Opens an existing file for reading.
    public func openFile(atPath path: String) throws(ProtectedFileSystemError) -> any ProtectedFileReadHandle {
        let id = try withTree { tree, access throws(ProtectedFileSystemError) in try tree.open(path, in: access) }
        return EmulatedFileHandle(fileSystem: self, id: id)
    }

    /// Renames `source` over `destination` in one step. Renaming needs no class key.
    public func replaceItem(atPath destination: String, withItemAtPath source: String) throws(ProtectedFileSystemError) {
        try withTree { tree, _ throws(ProtectedFileSystemError) in try tree.replace(destination, with: source) }
    }

    /// Removes a file; deleting needs no class key, so it works while locked.
    public func removeItem(atPath path: String) throws(ProtectedFileSystemError) {
        try withTree { tree, _ throws(ProtectedFileSystemError) in try tree.remove(path) }
    }

    /// The file's protection class (file metadata, readable in every lock state).
    public func protection(ofItemAtPath path: String) throws(ProtectedFileSystemError) -> FileProtection {
        try withTree { tree, _ throws(ProtectedFileSystemError) in try tree.protection(of: path) }
    }

    /// The bytes stored in a file, whatever the lock state: what someone holding the disk
    /// sees of a file the app encrypted itself. For tests that inspect or tamper.
    public func rawContents(atPath path: String) -> Data? {
        try? withTree { tree, _ throws(ProtectedFileSystemError) in tree.rawContents(of: path) }
    }

    /// Overwrites a file's stored bytes in place, whatever the lock state, as an attacker
    /// with the disk could. Returns `false` when there is no such file.
    @discardableResult
    public func setRawContents(_ data: Data, atPath path: String) -> Bool {
        (try? withTree { tree, _ throws(ProtectedFileSystemError) in tree.setRawContents(data, of: path) }) ?? false
    }

    /// Runs `body` on the app's tree under the device's lock; a handle of an uninstalled
    /// app fails.
    func withTree<Result: Sendable>(
        _ body: (inout FileTree, DataProtection) throws(ProtectedFileSystemError) -> Result
    ) throws(ProtectedFileSystemError) -> Result {
        let key = app.applicationIdentifier
        let number = app.installation
        return try app.device.withState { state throws(ProtectedFileSystemError) -> Result in
            guard state.installation(key, number: number) != nil else { throw .ioFailure("the app is not installed") }
            let access = state.dataProtection
            return try body(&state.files[key, default: FileTree()], access)
        }
    }
}

/// An open file of an ``EmulatedFileSystem``: each call checks the lock state again.
final class EmulatedFileHandle: ProtectedFileReadHandle, ProtectedFileWriteHandle {
    private let fileSystem: EmulatedFileSystem
    private let id: FileTree.HandleID

    init(fileSystem: EmulatedFileSystem, id: FileTree.HandleID) {
        self.fileSystem = fileSystem
        self.id = id
    }

    deinit {
        close()
    }

    func read(upToCount count: Int) throws(ProtectedFileSystemError) -> Data {
        try fileSystem.withTree { tree, access throws(ProtectedFileSystemError) in try tree.read(id, upTo: count, in: access) }
    }

    func write(_ data: Data) throws(ProtectedFileSystemError) {
        try fileSystem.withTree { tree, access throws(ProtectedFileSystemError) in try tree.append(data, to: id, in: access) }
    }

    func synchronize() throws(ProtectedFileSystemError) {
        try fileSystem.withTree { tree, access throws(ProtectedFileSystemError) in try tree.check(id, in: access) }
    }

    func close() {
        try? fileSystem.withTree { tree, _ throws(ProtectedFileSystemError) in tree.close(id) }
    }
}
