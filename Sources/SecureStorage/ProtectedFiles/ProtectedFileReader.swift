import DeviceTrustCrypto
import Foundation

/// Reads a ``ProtectedFile`` chunk by chunk, authenticating each before returning it.
///
/// Memory holds one stored chunk. A chunk is authentic when returned, but the file is
/// known to be complete only when ``nextChunk()`` returns `nil`: a consumer that acts on
/// data before then must be ready to undo it when a later call throws
/// ``ProtectedFileError/tampered`` (a truncated file fails only at its end).
/// Use one reader from one thread at a time.
public final class ProtectedFileReader {
    private var handle: (any ProtectedFileReadHandle)?
    private let cipher: ProtectedFileChunkCipher
    private var index: UInt64 = 0
    private var finished = false

    init(file: ProtectedFile) throws(ProtectedFileError) {
        let handle: any ProtectedFileReadHandle
        do throws(ProtectedFileSystemError) {
            handle = try file.store.fileSystem.openFile(atPath: file.path)
        } catch {
            throw .mapping(error)
        }
        self.handle = handle
        do throws(ProtectedFileError) {
            let header = try ProtectedFileFormat.Header(parsing: Self.read(ProtectedFileFormat.headerByteCount, from: handle))
            let key = try file.store.existingKey()
            guard ProtectedFileFormat.keyID(of: key) == header.keyID else { throw ProtectedFileError.gone(.key) }
            cipher = ProtectedFileChunkCipher(storeKey: key, header: header, name: file.name)
        } catch {
            handle.close()
            throw error
        }
    }

    deinit {
        handle?.close()
    }

    /// The next chunk's plaintext (at most the file's chunk size), or `nil` once the final
    /// chunk has been read and nothing follows it.
    /// - Throws: ``ProtectedFileError/tampered`` for a chunk that fails authentication, a
    ///   file that ends before its final chunk or goes on after it;
    ///   ``ProtectedFileError/locked`` when the file's class locked while reading.
    public func nextChunk() throws(ProtectedFileError) -> Data? {
        guard !finished else { return nil }
        guard let handle else { throw .storage(.handleClosed) }
        do throws(ProtectedFileError) {
            let stored = try Self.read(cipher.storedChunkByteCount, from: handle)
            let (plaintext, isFinal) = try cipher.open(stored, index: index)
            index += 1
            if isFinal {
                guard try Self.read(1, from: handle).isEmpty else { throw ProtectedFileError.tampered }
                close()
                finished = true
                return plaintext.isEmpty ? nil : plaintext
            }
            return plaintext
        } catch {
            close()
            throw error
        }
    }

    /// Closes the file; later calls return `nil` if the end was reached, else throw.
    public func close() {
        handle?.close()
        handle = nil
    }

    /// Up to `count` bytes, fewer only at the end of the file.
    private static func read(_ count: Int, from handle: any ProtectedFileReadHandle) throws(ProtectedFileError) -> Data {
        var bytes = Data()
        while bytes.count < count {
            let part: Data
            do throws(ProtectedFileSystemError) {
                part = try handle.read(upToCount: count - bytes.count)
            } catch {
                throw .mapping(error)
            }
            if part.isEmpty { break }
            bytes.append(part)
        }
        return bytes
    }
}
