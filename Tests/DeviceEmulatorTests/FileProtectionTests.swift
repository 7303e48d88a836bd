import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// The four file protection classes across lock, unlock, reboot and first unlock, and the
/// seeds' traps, on an emulated iPhone with a passcode.
@Suite("File protection")
struct FileProtectionTests {
    let device = EmulatedDevice()
    let files: EmulatedFileSystem

    init() throws {
        files = bankApp(on: device).files
        try files.createDirectory(atPath: "/Documents")
    }

    /// Creates `/Documents/<name>` with `protection` and `contents`, closed.
    func makeFile(_ name: String, _ protection: FileProtection, _ contents: String = "statement") throws {
        let handle = try files.createFile(atPath: "/Documents/" + name, protection: protection)
        try handle.write(Data(contents.utf8))
        handle.close()
    }

    func read(_ name: String) throws(ProtectedFileSystemError) -> String {
        let handle = try files.openFile(atPath: "/Documents/" + name)
        defer { handle.close() }
        return String(decoding: try handle.read(upToCount: 1 << 20), as: UTF8.self)
    }

    /// Whether each class can be opened now, in `FileProtection.allCases` order.
    func openable() throws -> [Bool] {
        FileProtection.allCases.map { protection in (try? read(protection.rawValue)) == "statement" }
    }

    func makeOneOfEach() throws {
        for protection in FileProtection.allCases { try makeFile(protection.rawValue, protection) }
    }

    @Test("A file created without a class gets completeUntilFirstUserAuthentication, iOS's default")
    func defaultClass() throws {
        try files.createFile(atPath: "/Documents/plain").close()
        #expect(try files.protection(ofItemAtPath: "/Documents/plain") == .completeUntilFirstUserAuthentication)
        #expect(FileProtection.systemDefault == .completeUntilFirstUserAuthentication)
    }

    @Test("Unlocked: every class opens. Locked: completeUntilFirstUserAuthentication and none. Rebooted, before the first unlock: none only")
    func classesAcrossLockStates() throws {
        try makeOneOfEach()
        // complete, completeUnlessOpen, completeUntilFirstUserAuthentication, none
        #expect(try openable() == [true, true, true, true])
        device.lock()
        #expect(try openable() == [false, false, true, true])
        device.reboot()
        #expect(try openable() == [false, false, false, true])
        device.lock()
        #expect(try openable() == [false, false, false, true])
        device.unlock()
        #expect(try openable() == [true, true, true, true])
        device.lock()
        #expect(try openable() == [false, false, true, true])
    }

    @Test("A locked class fails with protectedDataUnavailable, which is not a missing file")
    func lockedIsNotMissing() throws {
        try makeFile("a", .complete)
        device.lock()
        #expect(throws: ProtectedFileSystemError.protectedDataUnavailable) { try read("a") }
        #expect(throws: ProtectedFileSystemError.noSuchFile) { try read("b") }
    }

    @Test("Trap: a background download into a complete file fails as soon as the phone locks, even through the handle it already holds")
    func backgroundWriteToCompleteFails() async throws {
        let handle = try files.createFile(atPath: "/Documents/download", protection: .complete)
        try handle.write(Data("part 1".utf8))
        device.lock()
        let transfer = UncheckedHandle(handle)
        let result = await Task.detached { () -> ProtectedFileSystemError? in
            do {
                try transfer.handle.write(Data("part 2".utf8))
                return nil
            } catch {
                return error as? ProtectedFileSystemError
            }
        }.value
        #expect(result == .protectedDataUnavailable)
        #expect(throws: ProtectedFileSystemError.protectedDataUnavailable) {
            try files.createFile(atPath: "/Documents/next", protection: .complete)
        }
        #expect(!device.isProtectedDataAvailable)
        device.unlock()
        #expect(device.isProtectedDataAvailable)
        try handle.write(Data(", part 2".utf8))
        handle.close()
        #expect(try read("download") == "part 1, part 2")
    }

    @Test("completeUnlessOpen: a file opened before the lock stays writable and readable while locked")
    func completeUnlessOpenKeepsOpenFile() throws {
        try makeFile("recording", .completeUnlessOpen, "take 1")
        let writer = try files.createFile(atPath: "/Documents/upload", protection: .completeUnlessOpen)
        let reader = try files.openFile(atPath: "/Documents/recording")
        device.lock()
        try writer.write(Data("still writing".utf8))
        #expect(String(decoding: try reader.read(upToCount: 100), as: UTF8.self) == "take 1")
        writer.close()
        reader.close()
    }

    @Test("completeUnlessOpen: new files can be created and written while locked, but once closed not reopened until unlock")
    func completeUnlessOpenCreateWhileLocked() throws {
        device.lock()
        let handle = try files.createFile(atPath: "/Documents/new", protection: .completeUnlessOpen)
        try handle.write(Data("made while locked".utf8))
        handle.close()
        #expect(throws: ProtectedFileSystemError.protectedDataUnavailable) { try read("new") }
        device.unlock()
        #expect(try read("new") == "made while locked")
    }

    @Test("completeUntilFirstUserAuthentication: readable and writable by background work while locked, after the first unlock")
    func firstUnlockClassWhileLocked() async throws {
        try makeFile("cache", .completeUntilFirstUserAuthentication)
        device.lock()
        let files = files
        let contents = await Task.detached { () -> String? in
            let handle = try? files.openFile(atPath: "/Documents/cache")
            return handle.flatMap { try? $0.read(upToCount: 100) }.map { String(decoding: $0, as: UTF8.self) }
        }.value
        #expect(contents == "statement")
        try makeFile("more", .completeUntilFirstUserAuthentication)
    }

    @Test("A reboot closes every handle; before the first unlock only none files can be created")
    func rebootClosesHandles() throws {
        let handle = try files.createFile(atPath: "/Documents/open", protection: .completeUnlessOpen)
        device.reboot()
        #expect(throws: ProtectedFileSystemError.handleClosed) { try handle.write(Data("x".utf8)) }
        #expect(throws: ProtectedFileSystemError.protectedDataUnavailable) {
            try files.createFile(atPath: "/Documents/a", protection: .completeUntilFirstUserAuthentication)
        }
        #expect(throws: ProtectedFileSystemError.protectedDataUnavailable) { try files.createFile(atPath: "/Documents/b", protection: .complete) }
        try makeFile("c", .none)
        #expect(try read("c") == "statement")
    }

    @Test("Deleting, renaming and reading the class need no class key: they work while locked and before the first unlock")
    func metadataWhileLocked() throws {
        try makeFile("a", .complete)
        try makeFile("b", .complete)
        device.reboot()
        #expect(try files.protection(ofItemAtPath: "/Documents/a") == .complete)
        try files.replaceItem(atPath: "/Documents/c", withItemAtPath: "/Documents/a")
        try files.removeItem(atPath: "/Documents/b")
        #expect(try files.contentsOfDirectory(atPath: "/Documents") == ["c"])
    }

    @Test("Without a passcode every class is available in every lock state")
    func noPasscode() throws {
        let device = EmulatedDevice(passcodeSet: false)
        let files = bankApp(on: device).files
        try files.createDirectory(atPath: "/Documents")
        device.reboot()
        for protection in FileProtection.allCases {
            let handle = try files.createFile(atPath: "/Documents/" + protection.rawValue, protection: protection)
            try handle.write(Data("x".utf8))
            handle.close()
            #expect(try files.openFile(atPath: "/Documents/" + protection.rawValue).read(upToCount: 1) == Data("x".utf8))
        }
    }

    @Test("Files go with the app on uninstall and come back with a restored backup")
    func uninstallAndBackup() throws {
        try makeFile("a", .none)
        let backup = device.backup()
        device.uninstall(bankApp(on: device))
        let reinstalled = bankApp(on: device)
        #expect(throws: ProtectedFileSystemError.noSuchFile) { try reinstalled.files.openFile(atPath: "/Documents/a") }
        device.restore(backup)
        #expect(try reinstalled.files.openFile(atPath: "/Documents/a").read(upToCount: 100) == Data("statement".utf8))
    }

    @Test("Creating over an existing file or in a missing directory fails")
    func strictCreate() throws {
        try makeFile("a", .none)
        #expect(throws: ProtectedFileSystemError.fileExists) { try files.createFile(atPath: "/Documents/a", protection: .none) }
        #expect(throws: ProtectedFileSystemError.noSuchFile) { try files.createFile(atPath: "/Missing/a", protection: .none) }
    }
}

/// A handle carried into a detached task to play a background transfer; the test uses it
/// from one task at a time.
struct UncheckedHandle: @unchecked Sendable {
    let handle: any ProtectedFileWriteHandle
    init(_ handle: any ProtectedFileWriteHandle) { self.handle = handle }
}
