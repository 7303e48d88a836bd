#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reading and creating files that only their owner may read and write (mode 0600).
///
/// The only file in the module that calls POSIX directly: Foundation cannot create a file
/// with a given mode atomically (`FileManager.createFile` writes first and sets the
/// attributes afterwards, leaving a window in which the secret is readable by others).
///
/// - Creation writes a temporary file opened `O_CREAT | O_EXCL | O_NOFOLLOW` with mode
///   0600, fsyncs it, then `link(2)`s it to the final name, which fails with `EEXIST`
///   instead of replacing a file another process created meanwhile; the folder is fsynced.
/// - Reading opens with `O_NOFOLLOW` and checks with `fstat` on the open descriptor (no
///   race between check and use): a regular file, owned by the effective user, no
///   permission bits beyond 0600, at most `maximumByteCount` bytes.
enum OwnerOnlyFile {
    /// The result of ``read(at:maximumByteCount:)``.
    enum ReadResult {
        case missing
        case contents([UInt8])
    }

    /// The file's bytes, or `.missing` if nothing is at `path`. The caller zeroes them.
    static func read(at path: String, maximumByteCount: Int) throws(CredentialFileError) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return .missing }
            if code == ELOOP {
                throw CredentialFileError(
                    .notARegularFile, "\(path) is a symbolic link; put the file itself there (secret files are never followed through links)")
            }
            throw CredentialFileError(.ioFailure, "cannot open \(path): \(String(cString: strerror(code))); check the folder's permissions")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CredentialFileError(.ioFailure, "cannot inspect \(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw CredentialFileError(.notARegularFile, "\(path) is not a regular file; remove it so that a new one is created, or put the right file there")
        }
        guard status.st_uid == geteuid() else {
            throw CredentialFileError(
                .wrongOwner,
                "\(path) belongs to user id \(status.st_uid), not to the server's user id \(geteuid()); run `chown \(geteuid()) \(path)` or run the server as the file's owner"
            )
        }
        let permissions = status.st_mode & 0o7777
        guard permissions & ~0o600 == 0 else {
            throw CredentialFileError(
                .permissionsTooWide,
                "\(path) has mode \(String(permissions, radix: 8)), which lets others read or run it; run `chmod 600 \(path)` and consider rotating the secret, since it may have been read"
            )
        }
        guard status.st_size <= maximumByteCount else {
            throw CredentialFileError(
                .wrongSize, "\(path) holds \(status.st_size) bytes, more than the \(maximumByteCount) expected; check that the path names the right file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                Sodium.zero(&bytes)
                throw CredentialFileError(.ioFailure, "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            total += count
        }
        guard total <= maximumByteCount else {
            Sodium.zero(&bytes)
            throw CredentialFileError(.wrongSize, "\(path) grew while being read; make sure nothing else writes it")
        }
        let contents = Array(bytes[0..<total])
        Sodium.zero(&bytes)
        return .contents(contents)
    }

    /// Creates `path` with mode 0600 holding `contents`; returns false, writing nothing,
    /// when a file already exists there (another process won the race: read that one).
    static func createExclusively(at path: String, contents: [UInt8]) throws(CredentialFileError) -> Bool {
        let suffix = Sodium.randomBytes(count: 8).map { String($0, radix: 16) }.joined()
        let temporary = "\(path).tmp-\(suffix)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CredentialFileError(
                .ioFailure, "cannot create \(temporary): \(String(cString: strerror(errno))); check that the folder exists and is writable by the server")
        }
        defer { unlink(temporary) }
        do {
            defer { close(descriptor) }
            // The umask may have narrowed the mode; set exactly 0600.
            guard fchmod(descriptor, 0o600) == 0 else {
                throw CredentialFileError(.ioFailure, "cannot set mode 600 on \(temporary): \(String(cString: strerror(errno)))")
            }
            var written = 0
            while written < contents.count {
                let count = contents.withUnsafeBytes { buffer in
                    write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw CredentialFileError(.ioFailure, "cannot write \(temporary): \(String(cString: strerror(errno))); check free disk space")
                }
                written += count
            }
            guard fsync(descriptor) == 0 else {
                throw CredentialFileError(.ioFailure, "cannot flush \(temporary) to disk: \(String(cString: strerror(errno)))")
            }
        }
        if link(temporary, path) != 0 {
            let code = errno
            if code == EEXIST { return false }
            throw CredentialFileError(.ioFailure, "cannot create \(path): \(String(cString: strerror(code)))")
        }
        syncFolder(of: path)
        return true
    }

    /// Whether `path` is a folder only its owner may use: `false` when nothing is there.
    /// - Throws: ``CredentialFileError`` when it is a link or another non-folder, belongs to
    ///   another user, or grants anything to group or others.
    static func isOwnerOnlyFolder(at path: String) throws(CredentialFileError) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return false }
            throw CredentialFileError(.ioFailure, "cannot inspect \(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw CredentialFileError(.notARegularFile, "\(path) is not a folder (a link or a file); put the key folder itself there")
        }
        guard status.st_uid == geteuid() else {
            throw CredentialFileError(
                .wrongOwner, "\(path) belongs to user id \(status.st_uid), not to the server's user id \(geteuid()); run `chown -R \(geteuid()) \(path)`")
        }
        let permissions = status.st_mode & 0o7777
        guard permissions & 0o077 == 0 else {
            throw CredentialFileError(
                .permissionsTooWide, "\(path) has mode \(String(permissions, radix: 8)), which lets others into it; run `chmod 700 \(path)`")
        }
        return true
    }

    /// Creates the folder `path` (mode 0700) holding one file `name` (mode 0600) with
    /// `contents`, atomically: the folder is filled under a temporary name and renamed, so
    /// another process sees either no folder or the complete one. Returns false, leaving
    /// nothing behind, when a folder already exists at `path` (another process won the race).
    static func createFolderExclusively(at path: String, holding name: String, contents: [UInt8]) throws(CredentialFileError) -> Bool {
        let suffix = Sodium.randomBytes(count: 8).map { String($0, radix: 16) }.joined()
        let temporary = "\(path).tmp-\(suffix)"
        guard mkdir(temporary, 0o700) == 0 else {
            throw CredentialFileError(
                .ioFailure, "cannot create \(temporary): \(String(cString: strerror(errno))); check that the data directory is writable by the server")
        }
        let file = temporary + "/" + name
        defer {
            unlink(file)
            rmdir(temporary)
        }
        guard chmod(temporary, 0o700) == 0 else {
            throw CredentialFileError(.ioFailure, "cannot set mode 700 on \(temporary): \(String(cString: strerror(errno)))")
        }
        _ = try createExclusively(at: file, contents: contents)
        if rename(temporary, path) != 0 {
            let code = errno
            if code == EEXIST || code == ENOTEMPTY { return false }
            throw CredentialFileError(.ioFailure, "cannot create \(path): \(String(cString: strerror(code)))")
        }
        syncFolder(of: path)
        return true
    }

    /// Makes the new directory entry durable (best effort: some file systems refuse).
    private static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

/// `read(2)`, named apart from ``OwnerOnlyFile/read(at:maximumByteCount:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
