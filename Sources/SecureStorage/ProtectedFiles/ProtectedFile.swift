import Foundation

/// One file of a ``ProtectedFileStore``, by name: whole-file reads and writes for small
/// files, a streaming reader and writer for files of any size.
///
/// Get one from ``ProtectedFileStore/file(named:)``. The name is authenticated in every
/// chunk, so a file renamed or copied under another name fails with
/// ``ProtectedFileError/tampered``.
public struct ProtectedFile: Sendable {
    /// The store the file belongs to.
    public let store: ProtectedFileStore
    /// The file's name in the store's directory.
    public let name: String

    var path: String { store.path(of: name) }

    /// Replaces the file's contents with `data`, atomically (see ``openWriter()``).
    public func write(_ data: Data) throws(ProtectedFileError) {
        try write(contentsOf: CollectionOfOne(data))
    }

    /// Replaces the file's contents with the concatenation of `parts`, taken one at a time:
    /// memory holds one part and one chunk, never the whole file.
    public func write<Parts: Sequence>(contentsOf parts: Parts) throws(ProtectedFileError) where Parts.Element: DataProtocol {
        let writer = try openWriter()
        for part in parts { try writer.write(part) }
        try writer.commit()
    }

    /// The whole file, authenticated to its last chunk before anything is returned. For
    /// files too large for memory, use ``openReader()``.
    /// - Throws: ``ProtectedFileError/gone(_:)``, ``ProtectedFileError/locked``,
    ///   ``ProtectedFileError/tampered``.
    public func read() throws(ProtectedFileError) -> Data {
        let reader = try openReader()
        var contents = Data()
        while let chunk = try reader.nextChunk() { contents.append(chunk) }
        return contents
    }

    /// A writer of new contents into a temporary file of the store's class; the file is
    /// replaced only on ``ProtectedFileWriter/commit()``. Creates the store key on first use.
    public func openWriter() throws(ProtectedFileError) -> ProtectedFileWriter {
        try ProtectedFileWriter(file: self)
    }

    /// A reader that returns the file chunk by chunk.
    public func openReader() throws(ProtectedFileError) -> ProtectedFileReader {
        try ProtectedFileReader(file: self)
    }

    /// Removes the file; succeeds when there is none.
    public func delete() throws(ProtectedFileError) {
        do throws(ProtectedFileSystemError) {
            try store.fileSystem.removeItem(atPath: path)
        } catch .noSuchFile {
            return
        } catch {
            throw .mapping(error)
        }
    }

    /// The file's protection class, as the file system reports it.
    public func protection() throws(ProtectedFileError) -> FileProtection {
        do throws(ProtectedFileSystemError) {
            return try store.fileSystem.protection(ofItemAtPath: path)
        } catch {
            throw .mapping(error)
        }
    }
}
