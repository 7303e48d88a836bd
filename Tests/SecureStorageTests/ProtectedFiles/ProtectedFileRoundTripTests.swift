import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Files of every size come back as written, in the stated chunk layout, in bounded memory.
@Suite("Protected files: round trip and streaming")
struct ProtectedFileRoundTripTests {
    @Test(
        "Empty, one-byte, exactly-one-chunk, one-chunk-and-a-byte and many-chunk files read back as written, in the stated layout",
        arguments: [0, 1, 16, 17, 16 * 5, 16 * 7 + 3])
    func roundTrip(count: Int) throws {
        let fixture = ProtectedFileFixture(chunkSize: 16)
        let contents = pattern(count)
        try fixture.store.file(named: "statement.pdf").write(contents)
        #expect(try fixture.store.file(named: "statement.pdf").read() == contents)
        #expect(try fixture.raw("statement.pdf").count == StoredLayout.size(plaintext: count, chunkSize: 16))
    }

    @Test("What is stored is not the plaintext")
    func encryptedAtRest() throws {
        let fixture = ProtectedFileFixture(chunkSize: 64)
        let secret = Data(String(repeating: "IBAN DE89 3704 0044 0532 0130 00 ", count: 8).utf8)
        try fixture.store.file(named: "iban.txt").write(secret)
        let stored = try fixture.raw("iban.txt")
        #expect(stored.range(of: Data("IBAN".utf8)) == nil)
    }

    @Test("Writing replaces: the second write's contents are read, in fewer chunks")
    func overwrite() throws {
        let fixture = ProtectedFileFixture(chunkSize: 16)
        let file = try fixture.store.file(named: "a")
        try file.write(pattern(100))
        try file.write(pattern(3, seed: 9))
        #expect(try file.read() == pattern(3, seed: 9))
        #expect(try fixture.store.fileNames() == ["a"])
    }

    @Test("A source that yields small parts is written chunk by chunk: no write or read larger than one stored chunk, reader chunks at most the chunk size")
    func boundedMemory() throws {
        let recorder = Locked<RecordingFileSystem?>(nil)
        let fixture = ProtectedFileFixture(chunkSize: 64) { base in
            let recording = RecordingFileSystem(base)
            recorder.withLock { $0 = recording }
            return recording
        }
        let recording = try #require(recorder.withLock { $0 })
        let parts = (0..<143).lazy.map { pattern(7, seed: UInt8(truncatingIfNeeded: $0)) }
        let file = try fixture.store.file(named: "download.bin")
        try file.write(contentsOf: parts)
        let storedChunk = 1 + 64 + 16
        #expect(recording.largestWrite == storedChunk)
        #expect(try fixture.raw("download.bin").count == StoredLayout.size(plaintext: 1001, chunkSize: 64))

        let reader = try file.openReader()
        var chunkSizes: [Int] = []
        var contents = Data()
        while let chunk = try reader.nextChunk() {
            chunkSizes.append(chunk.count)
            contents.append(chunk)
        }
        #expect(chunkSizes == Array(repeating: 64, count: 15) + [41])
        #expect(contents == parts.reduce(into: Data()) { $0.append($1) })
        #expect(recording.largestRead == storedChunk)
    }

    @Test("A file written with one chunk size is read by a store configured with another")
    func chunkSizeTravelsInTheHeader() throws {
        let device = EmulatedDevice()
        let small = ProtectedFileFixture(device: device, chunkSize: 8)
        try small.store.file(named: "a").write(pattern(50))
        let large = ProtectedFileStore(
            name: "statements", directory: ProtectedFileFixture.directory, fileSystem: small.app.files, keychain: small.app.keychain, chunkSize: 4096)
        #expect(try large.file(named: "a").read() == pattern(50))
    }

    @Test("Files round-trip through the local file system too (rename-based replace, no temporary files left)")
    func localFileSystem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("protected-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = EmulatedDevice().install(ProtectedFileFixture.bank)
        let store = ProtectedFileStore(name: "local", directory: directory, fileSystem: LocalFileSystem(), keychain: app.keychain, chunkSize: 32)
        try store.file(named: "a").write(pattern(1000))
        try store.file(named: "a").write(pattern(100, seed: 3))
        #expect(try store.file(named: "a").read() == pattern(100, seed: 3))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a"])
        #expect(throws: ProtectedFileError.gone(.file)) { try store.file(named: "b").read() }
    }
}
