import DeviceTrustCrypto
import Foundation

/// Writes a ``ProtectedFile`` chunk by chunk into a temporary file, then replaces the file
/// in one rename on ``commit()``.
///
/// Memory holds at most one chunk of plaintext and its ciphertext. A writer that is
/// dropped, cancelled or fails removes its temporary file, and the old contents stay.
/// Use one writer from one thread at a time.
public final class ProtectedFileWriter {
    private let fileSystem: any ProtectedFileSystem
    private let cipher: ProtectedFileChunkCipher
    private let temporaryPath: String
    private let destinationPath: String
    private var handle: (any ProtectedFileWriteHandle)?
    private var pending = Data()
    private var index: UInt64 = 0
    private var committed = false

    init(file: ProtectedFile) throws(ProtectedFileError) {
        let store = file.store
        fileSystem = store.fileSystem
        destinationPath = file.path
        let key = try store.keyCreatingIfNeeded()
        let header = ProtectedFileFormat.Header(
            chunkSize: store.chunkSize, fileID: Self.randomBytes(ProtectedFileFormat.fileIDByteCount),
            keyID: ProtectedFileFormat.keyID(of: key))
        cipher = ProtectedFileChunkCipher(storeKey: key, header: header, name: file.name)
        temporaryPath = store.path(of: "." + Self.randomBytes(16).map { String(format: "%02x", $0) }.joined() + ".tmp")
        do throws(ProtectedFileSystemError) {
            try fileSystem.createDirectory(atPath: store.directory)
            let handle = try fileSystem.createFile(atPath: temporaryPath, protection: store.fileProtection)
            self.handle = handle
            try handle.write(Data(header.bytes))
        } catch {
            discard()
            throw .mapping(error)
        }
    }

    deinit {
        if !committed { discard() }
    }

    /// Appends `bytes` to the new contents. Full chunks are sealed and written as they
    /// fill; the last one is held back until ``commit()`` marks it final.
    public func write<Bytes: DataProtocol>(_ bytes: Bytes) throws(ProtectedFileError) {
        guard handle != nil else { throw .storage(.handleClosed) }
        var rest = bytes[...]
        while !rest.isEmpty {
            if pending.count == cipher.header.chunkSize { try flush(isFinal: false) }
            let take = rest.prefix(cipher.header.chunkSize - pending.count)
            pending.append(contentsOf: take)
            rest = rest[take.endIndex...]
        }
    }

    /// Seals the final chunk, flushes the temporary file to disk and renames it over the
    /// file: readers see the old contents or the new, never a mix.
    public func commit() throws(ProtectedFileError) {
        guard let handle else { throw .storage(.handleClosed) }
        try flush(isFinal: true)
        do throws(ProtectedFileSystemError) {
            try handle.synchronize()
            handle.close()
            self.handle = nil
            try fileSystem.replaceItem(atPath: destinationPath, withItemAtPath: temporaryPath)
            committed = true
        } catch {
            discard()
            throw .mapping(error)
        }
    }

    /// Abandons the new contents and removes the temporary file; the file is unchanged.
    public func cancel() {
        discard()
    }

    private func flush(isFinal: Bool) throws(ProtectedFileError) {
        guard let handle else { throw .storage(.handleClosed) }
        do throws(ProtectedFileError) {
            let sealed = try cipher.seal(pending, index: index, isFinal: isFinal)
            do throws(ProtectedFileSystemError) {
                try handle.write(sealed)
            } catch {
                throw .mapping(error)
            }
        } catch {
            discard()
            throw error
        }
        pending.removeAll(keepingCapacity: true)
        index += 1
    }

    /// Closes and removes the temporary file, best effort.
    private func discard() {
        handle?.close()
        handle = nil
        pending.removeAll()
        try? fileSystem.removeItem(atPath: temporaryPath)
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
