#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrustStore

/// Creates the database file readable and writable by its owner only, before SQLite
/// opens it. SQLite gives the `-wal` and `-shm` files the same permissions as the
/// database file, so they are 0600 too.
enum DatabaseFile {
    static func createOwnerOnly(path: String) throws(StoreError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw StoreError(
                .cannotOpen,
                reason: "cannot create the SQLite database at \(path): \(reason); check that the directory exists and is writable")
        }
        defer { _ = close(fd) }
        // An existing file keeps its contents, but never stays readable by others.
        guard fchmod(fd, mode_t(0o600)) == 0 else {
            let reason = String(cString: strerror(errno))
            throw StoreError(.cannotOpen, reason: "cannot restrict the SQLite database at \(path) to mode 0600: \(reason)")
        }
    }
}
