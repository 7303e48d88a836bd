#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import TrustStore

/// Makes committed WAL frames durable outside the store's lock (group commit).
///
/// Durable writes commit with `synchronous=NORMAL` under the store's lock (the frames are
/// written to the `-wal` file, not yet fsync'd), take a ticket from ``committed()``, release
/// the lock, and call ``sync(through:)``, which returns once an `fdatasync` of the WAL that
/// began after that commit has succeeded. One `fdatasync` serves every commit made before
/// it began (two may run at once), and no reader or writer waits for the disk while
/// holding the store's lock.
///
/// This is what `synchronous=FULL` does (it syncs the WAL at each commit), moved out of the
/// lock: the call still returns only once its commit is on stable storage, and, since the
/// whole WAL is synced, so is every earlier commit. Frames a checkpoint copies into the
/// database are synced there by SQLite before the WAL is reused.
///
/// The WAL file stays the same file while the store's connection is open: SQLite deletes it
/// only when the last connection closes, and recreates it only on open.
final class WALSync: @unchecked Sendable {
    // @unchecked: `descriptor`, `synced` and `running` are only touched with `condition`
    // locked; `commits` is atomic.
    /// Syncs of the WAL allowed to run at once.
    static let maximumConcurrentSyncs = 2

    private let condition = NSCondition()
    private var descriptor: Int32
    /// Every commit up to this ticket is on stable storage.
    private var synced: UInt64 = 0
    /// The tickets covered by the syncs running now.
    private var running: [UInt64] = []
    private let commits = Atomic<UInt64>(0)

    /// Opens the WAL of the database at `databasePath` (it must exist: open the connection
    /// and run a transaction first) and syncs its directory entry, as SQLite does once for
    /// a WAL it creates.
    init(databasePath: String) throws(StoreError) {
        let walPath = databasePath + "-wal"
        let directory = walPath.lastIndex(of: "/").map { String(walPath[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        defer { if directoryDescriptor >= 0 { _ = Self.closeDescriptor(directoryDescriptor) } }
        guard directoryDescriptor >= 0, fsync(directoryDescriptor) == 0 else {
            throw StoreError(.cannotOpen, reason: "cannot sync the directory of the SQLite database at \(databasePath): \(String(cString: strerror(errno)))")
        }
        let fd = open(walPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw StoreError(.cannotOpen, reason: "cannot open the SQLite WAL at \(walPath): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
    }

    deinit { close() }

    /// Records a commit that has just returned and gives its ticket for ``sync(through:)``.
    /// Call it with the store's lock held, right after `COMMIT`.
    func committed() -> UInt64 {
        commits.add(1, ordering: .sequentiallyConsistent).newValue
    }

    /// Returns once the commit with `ticket`, and every one before it, is on stable storage:
    /// at once if a finished sync covered it, after the running sync that covers it, or
    /// after a sync of its own (at most ``maximumConcurrentSyncs`` run at once, so a commit
    /// made just after one started need not wait for it before its own begins).
    /// - Throws: ``StoreError/Code/io`` when the sync fails, ``StoreError/Code/closed`` after ``close()``.
    func sync(through ticket: UInt64) throws(StoreError) {
        condition.lock()
        defer { condition.unlock() }
        while synced < ticket {
            guard descriptor >= 0 else { throw StoreError(.closed, reason: "the store is closed") }
            if running.contains(where: { $0 >= ticket }) || running.count >= Self.maximumConcurrentSyncs {
                condition.wait()
                continue
            }
            // Every commit up to `target` has returned, so its frames are in the file.
            let target = commits.load(ordering: .sequentiallyConsistent)
            running.append(target)
            let fd = descriptor
            condition.unlock()
            #if os(Linux)
            let result = fdatasync(fd)
            #else
            let result = fsync(fd)
            #endif
            let failure = errno
            condition.lock()
            if let index = running.firstIndex(of: target) { running.remove(at: index) }
            condition.broadcast()
            guard result == 0 else {
                throw StoreError(.io, reason: "syncing the SQLite WAL failed: \(String(cString: strerror(failure)))")
            }
            synced = max(synced, target)
        }
    }

    /// Closes the WAL descriptor once no sync is running; later syncs throw
    /// ``StoreError/Code/closed``. Idempotent.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        while !running.isEmpty { condition.wait() }
        if descriptor >= 0 {
            _ = Self.closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    private static func closeDescriptor(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(fd)
        #elseif canImport(Musl)
        Musl.close(fd)
        #else
        Darwin.close(fd)
        #endif
    }
}
