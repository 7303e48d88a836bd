import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// An emulated phone with the bank app and a protected file store on its file system.
struct ProtectedFileFixture {
    static let bank = AppIdentity(teamID: "TEAM123456", bundleID: "com.example.bank")
    static let directory = "/Documents/statements"

    let device: EmulatedDevice
    let app: EmulatedApp
    let store: ProtectedFileStore

    init(
        device: EmulatedDevice = EmulatedDevice(), chunkSize: Int = 16, fileProtection: FileProtection = .completeUntilFirstUserAuthentication,
        keyAccessibility: Accessibility = .afterFirstUnlockThisDeviceOnly, fileSystem: ((EmulatedFileSystem) -> any ProtectedFileSystem)? = nil
    ) {
        self.device = device
        app = device.install(Self.bank)
        let files = app.files
        store = ProtectedFileStore(
            name: "statements", directory: Self.directory, fileSystem: fileSystem?(files) ?? files, keychain: app.keychain,
            keyAccessibility: keyAccessibility, fileProtection: fileProtection, chunkSize: chunkSize)
    }

    var files: EmulatedFileSystem { app.files }

    func path(_ name: String) -> String { Self.directory + "/" + name }

    func raw(_ name: String) throws -> Data { try #require(files.rawContents(atPath: path(name))) }

    func setRaw(_ data: Data, _ name: String) { files.setRawContents(data, atPath: path(name)) }
}

/// `count` bytes that differ from position to position.
func pattern(_ count: Int, seed: UInt8 = 0) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
}

/// The stored layout of a file written with chunk size `chunkSize`: header, then
/// flag ‖ ciphertext ‖ tag per chunk.
enum StoredLayout {
    static let header = 41
    static let overhead = 17

    static func size(plaintext count: Int, chunkSize: Int) -> Int {
        let chunks = max(1, (count + chunkSize - 1) / chunkSize)
        return header + count + chunks * overhead
    }

    /// The byte range of stored chunk `index` of a file whose chunks are all full.
    static func chunk(_ index: Int, chunkSize: Int) -> Range<Int> {
        let start = header + index * (chunkSize + overhead)
        return start..<(start + chunkSize + overhead)
    }
}

/// A file system that forwards to another and records the largest single read or write
/// it was asked for, and every call, in order: what proves the store streams.
final class RecordingFileSystem: ProtectedFileSystem, @unchecked Sendable {
    let base: any ProtectedFileSystem
    private let lock = NSLock()
    private var _largestRead = 0
    private var _largestWrite = 0
    private var _calls: [String] = []
    var beforeRemove: (@Sendable (String) -> Void)?

    init(_ base: any ProtectedFileSystem) {
        self.base = base
    }

    var largestRead: Int { lock.withLock { _largestRead } }
    var largestWrite: Int { lock.withLock { _largestWrite } }
    var calls: [String] { lock.withLock { _calls } }

    func note(read: Int = 0, write: Int = 0, call: String? = nil) {
        lock.withLock {
            _largestRead = max(_largestRead, read)
            _largestWrite = max(_largestWrite, write)
            if let call { _calls.append(call) }
        }
    }

    func createDirectory(atPath path: String) throws(ProtectedFileSystemError) { try base.createDirectory(atPath: path) }

    func contentsOfDirectory(atPath path: String) throws(ProtectedFileSystemError) -> [String] {
        try base.contentsOfDirectory(atPath: path)
    }

    func createFile(atPath path: String, protection: FileProtection) throws(ProtectedFileSystemError) -> any ProtectedFileWriteHandle {
        note(call: "create")
        return RecordingHandle(recorder: self, writer: try base.createFile(atPath: path, protection: protection))
    }

    func openFile(atPath path: String) throws(ProtectedFileSystemError) -> any ProtectedFileReadHandle {
        note(call: "open")
        return RecordingHandle(recorder: self, reader: try base.openFile(atPath: path))
    }

    func replaceItem(atPath destination: String, withItemAtPath source: String) throws(ProtectedFileSystemError) {
        note(call: "replace")
        try base.replaceItem(atPath: destination, withItemAtPath: source)
    }

    func removeItem(atPath path: String) throws(ProtectedFileSystemError) {
        beforeRemove?(path)
        note(call: "remove")
        try base.removeItem(atPath: path)
    }

    func protection(ofItemAtPath path: String) throws(ProtectedFileSystemError) -> FileProtection {
        try base.protection(ofItemAtPath: path)
    }
}

final class RecordingHandle: ProtectedFileReadHandle, ProtectedFileWriteHandle {
    let recorder: RecordingFileSystem
    let reader: (any ProtectedFileReadHandle)?
    let writer: (any ProtectedFileWriteHandle)?

    init(recorder: RecordingFileSystem, reader: (any ProtectedFileReadHandle)? = nil, writer: (any ProtectedFileWriteHandle)? = nil) {
        self.recorder = recorder
        self.reader = reader
        self.writer = writer
    }

    func read(upToCount count: Int) throws(ProtectedFileSystemError) -> Data {
        recorder.note(read: count)
        guard let reader else { throw .handleClosed }
        return try reader.read(upToCount: count)
    }

    func write(_ data: Data) throws(ProtectedFileSystemError) {
        recorder.note(write: data.count)
        guard let writer else { throw .handleClosed }
        try writer.write(data)
    }

    func synchronize() throws(ProtectedFileSystemError) { try writer?.synchronize() }

    func close() {
        reader?.close()
        writer?.close()
    }
}

/// A keychain backend whose first `parties` reads wait for each other before any is
/// answered: every one of them sees the keychain as it was before anyone wrote, which is
/// the interleaving that makes two first writers race to create a key. A party waits at
/// most 10 s, so a caller with fewer threads than parties is slowed, never hung.
final class BarrierKeychainBackend: KeychainBackend, @unchecked Sendable {
    let base: any KeychainBackend
    private let condition = NSCondition()
    private var waiting: Int

    init(_ base: any KeychainBackend, parties: Int) {
        self.base = base
        waiting = parties
    }

    func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        let answer = base.copyMatching(query)
        condition.lock()
        if waiting > 0 {
            waiting -= 1
            if waiting == 0 { condition.broadcast() }
            let deadline = Date().addingTimeInterval(10)
            while waiting > 0 && condition.wait(until: deadline) {}
        }
        condition.unlock()
        return answer
    }

    func add(_ attributes: [String: Any]) -> Int32 { base.add(attributes) }
    func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 { base.update(query, attributesToUpdate) }
    func delete(_ query: [String: Any]) -> Int32 { base.delete(query) }
}
