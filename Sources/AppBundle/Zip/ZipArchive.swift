import CLibZip
import Foundation

/// A zip archive read in place with libzip: entries are listed from the central
/// directory and read into memory one at a time, never extracted to disk.
///
/// Opening checks every entry name (``ZipEntryName``) and the archive against its
/// ``ZipLimits`` first, so an archive with a path that climbs out, too many entries, or a
/// zip bomb's compression ratio is refused as a whole, with the reason. Reading an entry
/// stops at its stated size: an entry that inflates to more is refused, and libzip checks
/// each entry's CRC.
public final class ZipArchive {
    private let handle: OpaquePointer
    /// The bytes the archive was opened from, kept alive while libzip reads them.
    private let retainedBytes: UnsafeMutableRawBufferPointer?
    /// Where the archive came from, for messages.
    public let origin: String
    /// Every entry, in directory order.
    public let entries: [ZipEntry]
    /// The bounds the archive was checked against.
    public let limits: ZipLimits

    /// Opens the archive at `path`.
    public convenience init(path: String, limits: ZipLimits = .appArchive) throws(AppBundleError) {
        var code: Int32 = 0
        guard let handle = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            throw AppBundleError(.notAnArchive, "\(path) is not a readable zip archive (\(Self.describe(code)))")
        }
        try self.init(handle: handle, bytes: nil, origin: path, limits: limits)
    }

    /// Opens an archive held in memory (`name` is used in messages).
    public convenience init(bytes: [UInt8], name: String, limits: ZipLimits = .appArchive) throws(AppBundleError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        copy.copyBytes(from: bytes)
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(copy.baseAddress, zip_uint64_t(bytes.count), 0, &error) else {
            copy.deallocate()
            throw AppBundleError(.notAnArchive, "\(name) cannot be read as a zip archive (\(String(cString: zip_error_strerror(&error))))")
        }
        guard let handle = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip_source_free(source)
            copy.deallocate()
            throw AppBundleError(.notAnArchive, "\(name) is not a zip archive (\(String(cString: zip_error_strerror(&error))))")
        }
        try self.init(handle: handle, bytes: copy, origin: name, limits: limits)
    }

    private init(handle: OpaquePointer, bytes: UnsafeMutableRawBufferPointer?, origin: String, limits: ZipLimits) throws(AppBundleError) {
        self.handle = handle
        self.retainedBytes = bytes
        self.origin = origin
        self.limits = limits
        do {
            entries = try Self.listEntries(handle, origin: origin, limits: limits)
        } catch {
            zip_discard(handle)
            bytes?.deallocate()
            throw error
        }
    }

    deinit {
        zip_discard(handle)
        retainedBytes?.deallocate()
    }

    /// The bytes of `entry`, a file of this archive.
    public func read(_ entry: ZipEntry) throws(AppBundleError) -> [UInt8] {
        guard entry.kind == .file else { throw AppBundleError(.unreadable, "\(origin): \(ZipEntryName.quoted(entry.name)) is not a file") }
        guard let file = zip_fopen_index(handle, zip_uint64_t(entry.index), 0) else {
            throw AppBundleError(.unreadable, "\(origin): \(ZipEntryName.quoted(entry.name)) cannot be opened (\(String(cString: zip_strerror(handle))))")
        }
        defer { zip_fclose(file) }
        // One byte more than stated: an entry that inflates past its size is refused.
        var bytes = [UInt8](repeating: 0, count: entry.size + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                zip_fread(file, buffer.baseAddress! + filled, zip_uint64_t(buffer.count - filled))
            }
            if count < 0 {
                throw AppBundleError(.unreadable, "\(origin): \(ZipEntryName.quoted(entry.name)) is damaged (\(String(cString: zip_file_strerror(file))))")
            }
            if count == 0 { break }
            filled += Int(count)
        }
        guard filled == entry.size else {
            throw AppBundleError(
                .unreadable, "\(origin): \(ZipEntryName.quoted(entry.name)) holds \(filled > entry.size ? "more" : "fewer") bytes than its stated \(entry.size)"
            )
        }
        bytes.removeLast()
        return bytes
    }

    private static func listEntries(_ handle: OpaquePointer, origin: String, limits: ZipLimits) throws(AppBundleError) -> [ZipEntry] {
        let count = zip_get_num_entries(handle, 0)
        guard count >= 0 else { throw AppBundleError(.notAnArchive, "\(origin): the central directory cannot be read") }
        guard count <= limits.maximumEntries else {
            throw AppBundleError(.overLimit, "\(origin) has \(count) entries, more than the \(limits.maximumEntries) an app archive may have")
        }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(count))
        var total = 0
        for index in 0..<Int(count) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(handle, zip_uint64_t(index), 0, &stat) == 0, let cName = stat.name else {
                throw AppBundleError(.notAnArchive, "\(origin): entry \(index) cannot be read from the directory")
            }
            let name = String(decoding: UnsafeRawBufferPointer(start: cName, count: strlen(cName)), as: UTF8.self)
            if let problem = ZipEntryName.problem(with: name) { throw AppBundleError(.unsafePath, "\(origin) is refused: \(problem)") }
            guard stat.size <= UInt64(limits.maximumEntrySize) else {
                throw AppBundleError(
                    .overLimit, "\(origin): \(ZipEntryName.quoted(name)) is \(stat.size) bytes uncompressed, over the \(limits.maximumEntrySize)-byte limit")
            }
            let size = Int(stat.size)
            let compressed = Int(clamping: stat.comp_size)
            total += size
            guard total <= limits.maximumTotalSize else {
                throw AppBundleError(.overLimit, "\(origin) inflates to more than \(limits.maximumTotalSize) bytes")
            }
            if size > limits.ratioThreshold, size / max(compressed, 1) > limits.maximumRatio {
                throw AppBundleError(
                    .overLimit,
                    "\(origin): \(ZipEntryName.quoted(name)) inflates \(size / max(compressed, 1)):1 (\(compressed) to \(size) bytes), the ratio of a zip bomb")
            }
            entries.append(ZipEntry(index: index, name: name, size: size, compressedSize: compressed, kind: kind(of: handle, index: index, name: name)))
        }
        return entries
    }

    private static func kind(of handle: OpaquePointer, index: Int, name: String) -> ZipEntry.Kind {
        var system: zip_uint8_t = 0
        var attributes: zip_uint32_t = 0
        if zip_file_get_external_attributes(handle, zip_uint64_t(index), 0, &system, &attributes) == 0, system == zip_uint8_t(ZIP_OPSYS_UNIX) {
            let mode = (attributes >> 16) & 0o170000
            if mode == 0o120000 { return .symbolicLink }
            if mode == 0o040000 { return .directory }
        }
        return name.hasSuffix("/") ? .directory : .file
    }

    private static func describe(_ code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}
