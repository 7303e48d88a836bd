import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls of the bootstrap: owner-only directories and files.
enum OwnerOnlyFiles {
    /// Creates every missing directory of `path` with mode 0700 (existing ones are left
    /// as they are).
    static func createDirectories(_ path: String) throws(BootstrapError) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var prefix = ""
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            var status = stat()
            if lstat(prefix, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else {
                    throw BootstrapError("\(prefix) exists and is not a directory; choose another --data-dir")
                }
                continue
            }
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw BootstrapError("cannot create the directory \(prefix): \(String(cString: strerror(errno))); check the permissions of its parent")
            }
        }
    }

    /// Writes `contents` to a new file at `path` with mode 0600, failing if it exists.
    /// Returns false when another process created it first.
    static func createExclusively(_ path: String, contents: [UInt8]) throws(BootstrapError) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return false }
            throw BootstrapError("cannot create \(path): \(String(cString: strerror(errno))); check the permissions of its folder")
        }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw BootstrapError("cannot write \(path): \(String(cString: strerror(errno))); check the free disk space")
        }
        return true
    }

    /// The contents of an owner-only regular file (at most `limit` bytes), or `nil` if it
    /// does not exist.
    /// - Throws: ``BootstrapError`` when it is not a regular file owned by this user with
    ///   mode 0600 or narrower, or cannot be read.
    static func readOwnerOnly(_ path: String, limit: Int) throws(BootstrapError) -> [UInt8]? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw BootstrapError("cannot inspect \(path): \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw BootstrapError("\(path) is not a regular file; move it away to have a new one created")
        }
        guard status.st_uid == geteuid() else {
            throw BootstrapError("\(path) belongs to another user; it must belong to the user running the server")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw BootstrapError("\(path) is readable by others; run chmod 600 \(path)")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BootstrapError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0, count <= limit else {
            throw BootstrapError("cannot read \(path), or it is larger than \(limit) bytes")
        }
        return Array(buffer[0..<count])
    }
}
