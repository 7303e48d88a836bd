import CLibZip
import Foundation

/// Writes zip archives for tests with libzip: app archives (`.ipa`) with any entries,
/// including the malformed ones an attacker would send (names that climb out, symbolic
/// links, bombs). Not for production use.
public enum ZipWriter {
    /// One entry to write.
    public struct Entry: Sendable {
        /// The name as stored (not checked: tests write unsafe names on purpose).
        public var name: String
        /// The bytes (for a link: its target).
        public var bytes: [UInt8]
        /// Whether it is stored as a Unix symbolic link.
        public var isSymbolicLink: Bool
        /// Whether it is stored uncompressed.
        public var stored: Bool

        /// A file entry.
        public static func file(_ name: String, _ bytes: [UInt8], stored: Bool = false) -> Entry {
            Entry(name: name, bytes: bytes, isSymbolicLink: false, stored: stored)
        }

        /// A file entry with UTF-8 text.
        public static func file(_ name: String, text: String) -> Entry { .file(name, Array(text.utf8)) }

        /// A symbolic link to `target`.
        public static func link(_ name: String, to target: String) -> Entry {
            Entry(name: name, bytes: Array(target.utf8), isSymbolicLink: true, stored: true)
        }
    }

    /// A failure of libzip while writing.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `entries` to a new archive at `path`.
    public static func write(_ entries: [Entry], to path: String) throws {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else { throw Failure(description: "zip_open failed with \(code)") }
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer { for buffer in buffers { buffer.deallocate() } }
        for entry in entries {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(entry.bytes.count, 1), alignment: 1)
            buffer.copyBytes(from: entry.bytes)
            buffers.append(buffer)
            guard let source = zip_source_buffer(archive, buffer.baseAddress, zip_uint64_t(entry.bytes.count), 0) else {
                zip_discard(archive)
                throw Failure(description: "zip_source_buffer failed: \(String(cString: zip_strerror(archive)))")
            }
            let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(source)
                zip_discard(archive)
                throw Failure(description: "zip_file_add failed: \(String(cString: zip_strerror(archive)))")
            }
            if entry.stored { zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0) }
            if entry.isSymbolicLink {
                zip_file_set_external_attributes(archive, zip_uint64_t(index), 0, zip_uint8_t(ZIP_OPSYS_UNIX), (0o120777 as zip_uint32_t) << 16)
            }
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw Failure(description: "zip_close failed: \(message)")
        }
    }
}
