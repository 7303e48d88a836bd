import Foundation
import SecureStorage
import Testing

/// `LocalFileSystem`'s iOS branch (`FileAttributeKey.protectionKey` on every new file), compiled
/// here with `DEVICETRUST_APPLE_SURFACE`. Linux's Foundation stores no protection class, so this
/// shows the branch runs and keeps its contract, not that iOS applies the class.
@Suite("LocalFileSystem's iOS branch on Linux")
struct LocalFileSystemSurfaceTests {
    @Test("A file is created with a protection class, written, read back and replaced atomically")
    func createWriteRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-surface-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = LocalFileSystem()
        try files.createDirectory(atPath: directory)
        let handle = try files.createFile(atPath: directory + "/new", protection: .complete)
        try handle.write(Data("ciphertext".utf8))
        handle.close()
        try files.replaceItem(atPath: directory + "/file", withItemAtPath: directory + "/new")
        #expect(try files.contentsOfDirectory(atPath: directory) == ["file"])
        #expect(try files.openFile(atPath: directory + "/file").read(upToCount: 100) == Data("ciphertext".utf8))
        #expect(throws: ProtectedFileSystemError.fileExists) { try files.createFile(atPath: directory + "/file", protection: .complete) }
    }
}
