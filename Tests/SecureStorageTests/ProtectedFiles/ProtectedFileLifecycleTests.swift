import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Keys, classes, atomic replace, destroy and the errors an app must tell apart.
@Suite("Protected files: key, class, replace, destroy, locked and gone")
struct ProtectedFileLifecycleTests {
    @Test("Every file written gets the store's class", arguments: FileProtection.allCases)
    func classOnEveryFile(protection: FileProtection) throws {
        let fixture = ProtectedFileFixture(fileProtection: protection)
        try fixture.store.file(named: "a").write(pattern(40))
        try fixture.store.file(named: "a").write(pattern(41))
        try fixture.store.file(named: "b").write(Data())
        #expect(try fixture.store.file(named: "a").protection() == protection)
        #expect(try fixture.files.protection(ofItemAtPath: fixture.path("b")) == protection)
    }

    @Test("The key is one keychain item of the chosen class, ThisDeviceOnly by default, created on the first write and never on disk")
    func keyInKeychain() throws {
        let fixture = ProtectedFileFixture()
        #expect(throws: ProtectedFileError.gone(.file)) { try fixture.store.file(named: "a").read() }
        let keychain = Keychain(service: "DeviceTrust.ProtectedFileStore", backend: fixture.app.keychain)
        #expect(try keychain.loadIfPresent(for: "statements") == nil)
        try fixture.store.file(named: "a").write(pattern(10))
        let key = try #require(try keychain.loadIfPresent(for: "statements"))
        #expect(key.count == 32)
        #expect(fixture.store.keyAccessibility == .afterFirstUnlockThisDeviceOnly)
        let (status, attributes) = fixture.app.keychain.copyMatching([
            KeychainConstants.itemClass: KeychainConstants.classGenericPassword, KeychainConstants.account: "statements",
            KeychainConstants.returnAttributes: true,
        ])
        #expect(status == 0)
        #expect((attributes as? [String: Any])?[KeychainConstants.accessible] as? String == "cku")
        #expect(try fixture.raw("a").range(of: key) == nil)
    }

    @Test("A writer that is not committed leaves the old contents and no temporary file; a reader opened before a replace keeps reading the old file")
    func atomicReplace() throws {
        let fixture = ProtectedFileFixture(chunkSize: 16)
        let file = try fixture.store.file(named: "a")
        try file.write(pattern(50))

        let writer = try file.openWriter()
        try writer.write(pattern(70, seed: 1))
        #expect(try file.read() == pattern(50))
        writer.cancel()
        #expect(try fixture.files.contentsOfDirectory(atPath: ProtectedFileFixture.directory) == ["a"])

        do {
            let dropped = try file.openWriter()
            try dropped.write(pattern(70, seed: 2))
        }
        #expect(try fixture.files.contentsOfDirectory(atPath: ProtectedFileFixture.directory) == ["a"])

        let reader = try file.openReader()
        let first = try reader.nextChunk()
        try file.write(pattern(20, seed: 3))
        var old = try #require(first)
        while let chunk = try reader.nextChunk() { old.append(chunk) }
        #expect(old == pattern(50))
        #expect(try file.read() == pattern(20, seed: 3))
    }

    @Test("destroy() deletes the key before any file, then every file; reads are gone, and a copy of the old bytes is gone for good")
    func destroyShredsKeyFirst() throws {
        let removals = Locked<[Bool]>([])
        let app = Locked<EmulatedApp?>(nil)
        let fixture = ProtectedFileFixture { base in
            let recording = RecordingFileSystem(base)
            recording.beforeRemove = { _ in
                let keychain = Keychain(service: "DeviceTrust.ProtectedFileStore", backend: app.withLock { $0! }.keychain)
                let keyPresent = (try? keychain.loadIfPresent(for: "statements")) != nil
                removals.withLock { $0.append(keyPresent) }
            }
            return recording
        }
        app.withLock { $0 = fixture.app }
        try fixture.store.file(named: "a").write(pattern(40))
        try fixture.store.file(named: "b").write(pattern(4))
        let copy = try fixture.raw("a")
        let abandoned = try fixture.store.file(named: "c").openWriter()
        try abandoned.write(pattern(3))

        try fixture.store.destroy()
        #expect(removals.withLock { $0 } == [false, false, false])
        #expect(try fixture.files.contentsOfDirectory(atPath: ProtectedFileFixture.directory).isEmpty)
        #expect(try fixture.store.fileNames().isEmpty)
        #expect(throws: ProtectedFileError.gone(.file)) { try fixture.store.file(named: "a").read() }

        let restored = try fixture.files.createFile(atPath: fixture.path("a"), protection: .none)
        try restored.write(copy)
        restored.close()
        #expect(throws: ProtectedFileError.gone(.key)) { try fixture.store.file(named: "a").read() }

        try fixture.store.file(named: "d").write(pattern(5))
        #expect(try fixture.store.file(named: "d").read() == pattern(5))
        #expect(throws: ProtectedFileError.gone(.key)) { try fixture.store.file(named: "a").read() }
    }

    @Test("A key that needs a passcode is deleted with the passcode: the files are gone, not locked")
    func passcodeRemoved() throws {
        let fixture = ProtectedFileFixture(keyAccessibility: .whenPasscodeSetThisDeviceOnly)
        try fixture.store.file(named: "a").write(pattern(30))
        fixture.device.removePasscode()
        #expect(throws: ProtectedFileError.gone(.key)) { try fixture.store.file(named: "a").read() }
    }

    @Test("Eight first writes that all found no key agree on one key: every file reads back")
    func concurrentFirstWrites() throws {
        let fixture = ProtectedFileFixture()
        let racing = ProtectedFileStore(
            name: "statements", directory: ProtectedFileFixture.directory, fileSystem: fixture.files,
            keychain: BarrierKeychainBackend(fixture.app.keychain, parties: 8))
        let failures = Locked<[ProtectedFileError]>([])
        let writers = DispatchGroup()
        for index in 0..<8 {
            writers.enter()
            Thread {
                do throws(ProtectedFileError) {
                    try racing.file(named: "file-\(index)").write(pattern(40, seed: UInt8(index)))
                } catch {
                    failures.withLock { $0.append(error) }
                }
                writers.leave()
            }.start()
        }
        writers.wait()
        #expect(failures.withLock { $0 }.isEmpty)
        for index in 0..<8 { #expect(try fixture.store.file(named: "file-\(index)").read() == pattern(40, seed: UInt8(index))) }
    }

    @Test("destroy() of a store that never wrote succeeds")
    func destroyEmpty() throws {
        try ProtectedFileFixture().store.destroy()
    }

    @Test("A key that only unlocks with the device: reading on a locked phone is locked, not gone, and works after unlock")
    func lockedKey() throws {
        let fixture = ProtectedFileFixture(keyAccessibility: .whenUnlockedThisDeviceOnly)
        try fixture.store.file(named: "a").write(pattern(30))
        fixture.device.lock()
        #expect(throws: ProtectedFileError.locked) { try fixture.store.file(named: "a").read() }
        #expect(throws: ProtectedFileError.locked) { try fixture.store.file(named: "b").write(pattern(1)) }
        #expect(throws: ProtectedFileError.gone(.file)) { try fixture.store.file(named: "missing").read() }
        fixture.device.unlock()
        #expect(try fixture.store.file(named: "a").read() == pattern(30))
    }

    @Test("A complete file on a locked phone is locked by its class, even with an afterFirstUnlock key")
    func lockedFileClass() throws {
        let fixture = ProtectedFileFixture(fileProtection: .complete)
        try fixture.store.file(named: "a").write(pattern(30))
        fixture.device.lock()
        #expect(throws: ProtectedFileError.locked) { try fixture.store.file(named: "a").read() }
        #expect(throws: ProtectedFileError.locked) { try fixture.store.file(named: "a").write(pattern(2)) }
        fixture.device.unlock()
        #expect(try fixture.store.file(named: "a").read() == pattern(30))
    }

    @Test("A complete file being written when the phone locks: the write fails as locked and the old contents stay")
    func lockDuringWrite() throws {
        let fixture = ProtectedFileFixture(chunkSize: 16, fileProtection: .complete)
        try fixture.store.file(named: "a").write(pattern(30))
        let writer = try fixture.store.file(named: "a").openWriter()
        try writer.write(pattern(20))
        fixture.device.lock()
        #expect(throws: ProtectedFileError.locked) { try writer.write(pattern(20)) }
        fixture.device.unlock()
        #expect(throws: ProtectedFileError.storage(.handleClosed)) { try writer.commit() }
        #expect(try fixture.store.file(named: "a").read() == pattern(30))
        #expect(try fixture.store.fileNames() == ["a"])
        #expect(try fixture.files.contentsOfDirectory(atPath: ProtectedFileFixture.directory) == ["a"])
    }

    @Test("After a reboot, before the first unlock, the default store is locked; after the first unlock it reads while locked")
    func rebootThenFirstUnlock() throws {
        let fixture = ProtectedFileFixture()
        try fixture.store.file(named: "a").write(pattern(30))
        fixture.device.reboot()
        #expect(throws: ProtectedFileError.locked) { try fixture.store.file(named: "a").read() }
        fixture.device.unlock()
        fixture.device.lock()
        #expect(try fixture.store.file(named: "a").read() == pattern(30))
    }

    @Test(
        "Names that could escape the directory or collide with temporary files are refused",
        arguments: ["", ".", "..", ".hidden", "a/b", "a\u{0}b", String(repeating: "x", count: 256)])
    func invalidNames(name: String) {
        #expect(throws: ProtectedFileError.invalidName) { try ProtectedFileFixture().store.file(named: name) }
    }

    @Test("A name typed precomposed or decomposed is one file (the authenticated name is in normalization form C)")
    func unicodeNames() throws {
        let fixture = ProtectedFileFixture()
        try fixture.store.file(named: "r\u{E9}sum\u{E9}.pdf").write(pattern(20))
        #expect(try fixture.store.file(named: "re\u{301}sume\u{301}.pdf").read() == pattern(20))
        #expect(try fixture.store.fileNames() == ["r\u{E9}sum\u{E9}.pdf"])
    }

    @Test("Errors describe what to do and never carry contents")
    func descriptions() {
        #expect(ProtectedFileError.locked.description.contains("retry after unlock"))
        #expect(ProtectedFileError.gone(.key).description.contains("for good"))
        #expect(ProtectedFileError.tampered.description.contains("discard"))
    }
}
