import Foundation
import SecureStorage

/// One app's files on an ``EmulatedDevice``: paths naming files (as inodes, so an open
/// handle keeps reading a file that was replaced or removed, as on Unix), directories, and
/// the handles open on them.
struct FileTree: Sendable {
    struct File: Sendable {
        var contents: Data
        let protection: FileProtection
    }

    /// A handle's name: valid only in the generation it was opened in.
    struct HandleID: Sendable, Hashable {
        let generation: UUID
        let number: UInt64
    }

    struct OpenHandle: Sendable {
        let inode: UInt64
        let writable: Bool
        var offset = 0
    }

    private var paths: [String: UInt64] = [:]
    private var inodes: [UInt64: File] = [:]
    private var directories: Set<String> = ["/"]
    private var handles: [UInt64: OpenHandle] = [:]
    private var nextNumber: UInt64 = 1
    /// Renewed whenever every handle closes, so no stale handle can name a new one.
    private var generation = UUID()

    // MARK: Directories

    mutating func createDirectory(_ path: String) {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            directories.insert(current)
        }
    }

    func contents(ofDirectory path: String) throws(ProtectedFileSystemError) -> [String] {
        let directory = Self.normalized(path)
        guard directories.contains(directory) else { throw .noSuchFile }
        let prefix = directory == "/" ? "/" : directory + "/"
        return paths.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }.map { String($0.dropFirst(prefix.count)) }
    }

    // MARK: Files

    mutating func create(_ path: String, protection: FileProtection, in access: DataProtection) throws(ProtectedFileSystemError) -> HandleID {
        let path = Self.normalized(path)
        guard directories.contains(Self.parent(of: path)) else { throw .noSuchFile }
        guard paths[path] == nil, !directories.contains(path) else { throw .fileExists }
        guard access.canCreate(protection) else { throw .protectedDataUnavailable }
        let inode = take()
        inodes[inode] = File(contents: Data(), protection: protection)
        paths[path] = inode
        return openHandle(on: inode, writable: true)
    }

    mutating func open(_ path: String, in access: DataProtection) throws(ProtectedFileSystemError) -> HandleID {
        guard let inode = paths[Self.normalized(path)], let file = inodes[inode] else { throw .noSuchFile }
        guard access.canOpen(file.protection) else { throw .protectedDataUnavailable }
        return openHandle(on: inode, writable: false)
    }

    mutating func read(_ handle: HandleID, upTo count: Int, in access: DataProtection) throws(ProtectedFileSystemError) -> Data {
        let (open, file) = try usable(handle, in: access)
        let end = min(file.contents.count, open.offset + max(0, count))
        let bytes = file.contents.subdata(in: min(open.offset, end)..<end)
        handles[handle.number]?.offset = end
        return bytes
    }

    mutating func append(_ data: Data, to handle: HandleID, in access: DataProtection) throws(ProtectedFileSystemError) {
        let (open, _) = try usable(handle, in: access)
        guard open.writable else { throw .ioFailure("EBADF: handle not open for writing") }
        inodes[open.inode]?.contents.append(data)
    }

    /// Fails unless the handle is open and its class usable now.
    func check(_ handle: HandleID, in access: DataProtection) throws(ProtectedFileSystemError) {
        _ = try usable(handle, in: access)
    }

    mutating func close(_ handle: HandleID) {
        guard handle.generation == generation, let open = handles.removeValue(forKey: handle.number) else { return }
        collect(open.inode)
    }

    /// Every handle closes: the app's process ended (reboot, uninstall).
    mutating func closeAll() {
        let open = handles.values.map(\.inode)
        handles = [:]
        generation = UUID()
        open.forEach { collect($0) }
    }

    mutating func replace(_ destination: String, with source: String) throws(ProtectedFileSystemError) {
        let source = Self.normalized(source)
        let destination = Self.normalized(destination)
        guard let inode = paths[source] else { throw .noSuchFile }
        guard directories.contains(Self.parent(of: destination)), !directories.contains(destination) else { throw .noSuchFile }
        let replaced = paths[destination]
        paths[source] = nil
        paths[destination] = inode
        if let replaced, replaced != inode { collect(replaced) }
    }

    mutating func remove(_ path: String) throws(ProtectedFileSystemError) {
        guard let inode = paths.removeValue(forKey: Self.normalized(path)) else { throw .noSuchFile }
        collect(inode)
    }

    func protection(of path: String) throws(ProtectedFileSystemError) -> FileProtection {
        guard let inode = paths[Self.normalized(path)], let file = inodes[inode] else { throw .noSuchFile }
        return file.protection
    }

    /// The stored bytes of a file, as an attacker with the disk would see them after the
    /// class key is gone: for tests that tamper with files.
    func rawContents(of path: String) -> Data? {
        paths[Self.normalized(path)].flatMap { inodes[$0]?.contents }
    }

    mutating func setRawContents(_ data: Data, of path: String) -> Bool {
        guard let inode = paths[Self.normalized(path)] else { return false }
        inodes[inode]?.contents = data
        return true
    }

    // MARK: Plumbing

    private func usable(_ handle: HandleID, in access: DataProtection) throws(ProtectedFileSystemError) -> (OpenHandle, File) {
        guard handle.generation == generation, let open = handles[handle.number], let file = inodes[open.inode] else { throw .handleClosed }
        guard access.canUseOpenHandle(file.protection) else { throw .protectedDataUnavailable }
        return (open, file)
    }

    private mutating func openHandle(on inode: UInt64, writable: Bool) -> HandleID {
        let number = take()
        handles[number] = OpenHandle(inode: inode, writable: writable)
        return HandleID(generation: generation, number: number)
    }

    private mutating func take() -> UInt64 {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// Frees an inode that no path names and no handle holds.
    private mutating func collect(_ inode: UInt64) {
        guard !paths.values.contains(inode), !handles.values.contains(where: { $0.inode == inode }) else { return }
        inodes[inode] = nil
    }

    static func normalized(_ path: String) -> String {
        "/" + path.split(separator: "/").joined(separator: "/")
    }

    static func parent(of path: String) -> String {
        let components = path.split(separator: "/").dropLast()
        return "/" + components.joined(separator: "/")
    }
}
