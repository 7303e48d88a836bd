import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Someone with the disk changes a stored file: every change reads as tampered.
@Suite("Protected files: tampering")
struct ProtectedFileTamperTests {
    let fixture = ProtectedFileFixture(chunkSize: 16)
    /// Four full chunks and a final one of 5 bytes.
    let contents = pattern(16 * 4 + 5)

    init() throws {
        try fixture.store.file(named: "a").write(contents)
        try fixture.store.file(named: "b").write(pattern(16 * 4 + 5, seed: 7))
    }

    func expectTampered(_ change: (inout Data) throws -> Void) throws {
        var stored = try fixture.raw("a")
        try change(&stored)
        fixture.setRaw(stored, "a")
        #expect(throws: ProtectedFileError.tampered) { try fixture.store.file(named: "a").read() }
    }

    @Test("The untouched file reads (the control for every test below)")
    func control() throws {
        #expect(try fixture.store.file(named: "a").read() == contents)
    }

    @Test("Truncated at a chunk boundary (the final chunk dropped), inside a chunk, or to the header alone")
    func truncation() throws {
        try expectTampered { $0 = $0.prefix(StoredLayout.chunk(3, chunkSize: 16).upperBound) }
        try expectTampered { $0 = $0.dropLast(3) }
        try expectTampered { $0 = $0.prefix(StoredLayout.chunk(1, chunkSize: 16).upperBound - 5) }
        try expectTampered { $0 = $0.prefix(StoredLayout.header) }
    }

    @Test("Two chunks swapped")
    func reordering() throws {
        try expectTampered { stored in
            let first = stored.subdata(in: StoredLayout.chunk(0, chunkSize: 16))
            let second = stored.subdata(in: StoredLayout.chunk(1, chunkSize: 16))
            stored.replaceSubrange(StoredLayout.chunk(0, chunkSize: 16), with: second)
            stored.replaceSubrange(StoredLayout.chunk(1, chunkSize: 16), with: first)
        }
    }

    @Test("One bit flipped in a ciphertext, a tag, a final-chunk flag or the file id")
    func bitFlip() throws {
        let offsets = [
            StoredLayout.chunk(2, chunkSize: 16).lowerBound + 3,
            StoredLayout.chunk(0, chunkSize: 16).upperBound - 1,
            StoredLayout.chunk(1, chunkSize: 16).lowerBound,
            12,
        ]
        for offset in offsets {
            try expectTampered { $0[offset] ^= 0x01 }
            try fixture.store.file(named: "a").write(contents)
        }
    }

    @Test("A chunk taken from another file of the same store at the same position")
    func chunkFromAnotherFile() throws {
        let other = try fixture.raw("b")
        try expectTampered { $0.replaceSubrange(StoredLayout.chunk(2, chunkSize: 16), with: other.subdata(in: StoredLayout.chunk(2, chunkSize: 16))) }
    }

    @Test("Another file of the store copied over this one: its name is authenticated")
    func fileSwappedForAnother() throws {
        let other = try fixture.raw("b")
        try expectTampered { $0 = other }
    }

    @Test("The version byte changed")
    func versionByte() throws {
        try expectTampered { $0[4] = 2 }
        try expectTampered { $0[4] = 0 }
    }

    @Test("Bytes appended after the final chunk, or the final chunk repeated, also when the final chunk is full")
    func appending() throws {
        try expectTampered { $0.append(0) }
        try expectTampered { stored in stored.append(stored.suffix(5 + StoredLayout.overhead)) }
        let full = try fixture.store.file(named: "full")
        try full.write(pattern(16 * 2))
        let stored = try fixture.raw("full")
        for extra in [Data([0]), stored.suffix(16 + StoredLayout.overhead)] {
            fixture.setRaw(stored + extra, "full")
            #expect(throws: ProtectedFileError.tampered) { try full.read() }
        }
        fixture.setRaw(stored, "full")
        #expect(try full.read() == pattern(32))
    }

    @Test("The chunk-size field changed")
    func chunkSizeField() throws {
        try expectTampered { $0[8] = 32 }
        try expectTampered { $0[5] = 0xFF }
    }

    @Test("A streaming reader returns authentic chunks, then fails at the cut of a truncated file")
    func streamingTruncation() throws {
        fixture.setRaw(try fixture.raw("a").prefix(StoredLayout.chunk(3, chunkSize: 16).upperBound), "a")
        let reader = try fixture.store.file(named: "a").openReader()
        for index in 0..<4 { #expect(try reader.nextChunk() == contents.subdata(in: (index * 16)..<(index * 16 + 16))) }
        #expect(throws: ProtectedFileError.tampered) { try reader.nextChunk() }
    }
}
