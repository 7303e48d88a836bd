import Foundation

/// A built app as the audit reads it: an `.ipa` (a zip archive with `Payload/<Name>.app/`)
/// read in place, or an `.app` folder on disk. Its files are listed first, with the
/// archive's limits applied (``ZipLimits``), and read one at a time.
///
/// Symbolic links are never followed, inside an archive or in a folder: each one is noted
/// and skipped, so a link cannot make the audit read outside the app.
public final class BuiltApp {
    /// One file of the app.
    public struct File: Sendable, Hashable {
        /// The path inside the app: `Payload/Bank.app/Info.plist` in an archive, `Bank.app/Info.plist` for a folder.
        public let path: String
        /// The size in bytes.
        public let size: Int
        fileprivate let entry: ZipEntry?
        fileprivate let absolute: String?
    }

    /// Whether `path` names a built app: a file ending in `.ipa`, or a folder ending in `.app`.
    public static func isBuiltApp(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        let lowered = path.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return isDirectory.boolValue ? lowered.hasSuffix(".app") : lowered.hasSuffix(".ipa")
    }

    /// The files, in archive order (an archive) or by path (a folder).
    public let files: [File]
    /// What was skipped and why (links, folders over a limit).
    public let skipped: [String]
    private let archive: ZipArchive?

    /// Opens the `.ipa` or `.app` at `path`.
    public init(path: String, limits: ZipLimits = .appArchive) throws(AppBundleError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AppBundleError(.unreadable, "\(path): no such file or folder")
        }
        if isDirectory.boolValue {
            archive = nil
            (files, skipped) = try Self.folderFiles(path, limits: limits)
        } else {
            let archive = try ZipArchive(path: path, limits: limits)
            self.archive = archive
            var files: [File] = []
            var skipped: [String] = []
            for entry in archive.entries {
                switch entry.kind {
                case .file: files.append(File(path: entry.name, size: entry.size, entry: entry, absolute: nil))
                case .symbolicLink: skipped.append("\(entry.name): a symbolic link, not followed")
                case .directory: break
                }
            }
            self.files = files
            self.skipped = skipped
        }
    }

    /// The bytes of `file`.
    public func read(_ file: File) throws(AppBundleError) -> [UInt8] {
        if let entry = file.entry, let archive { return try archive.read(entry) }
        guard let absolute = file.absolute, let data = FileManager.default.contents(atPath: absolute) else {
            throw AppBundleError(.unreadable, "\(file.path) cannot be read")
        }
        guard data.count == file.size else { throw AppBundleError(.unreadable, "\(file.path) changed while it was read") }
        return Array(data)
    }

    private static func folderFiles(_ root: String, limits: ZipLimits) throws(AppBundleError) -> ([File], [String]) {
        let base = URL(fileURLWithPath: root).standardizedFileURL
        let parent = base.deletingLastPathComponent().path
        var files: [File] = []
        var skipped: [String] = []
        var total = 0
        var pending = [base.path]
        while let folder = pending.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                skipped.append("\(relative(folder, to: parent)): the folder cannot be read")
                continue
            }
            for name in names.sorted() {
                let full = folder + "/" + name
                var status = stat()
                guard lstat(full, &status) == 0 else { continue }
                let type = status.st_mode & S_IFMT
                let shown = relative(full, to: parent)
                if type == S_IFLNK {
                    skipped.append("\(shown): a symbolic link, not followed")
                } else if type == S_IFDIR {
                    pending.append(full)
                } else if type == S_IFREG {
                    let size = Int(status.st_size)
                    guard files.count < limits.maximumEntries else {
                        throw AppBundleError(.overLimit, "\(root) has more than \(limits.maximumEntries) files")
                    }
                    guard size <= limits.maximumEntrySize else {
                        skipped.append("\(shown): \(size) bytes, over the \(limits.maximumEntrySize)-byte limit")
                        continue
                    }
                    total += size
                    guard total <= limits.maximumTotalSize else { throw AppBundleError(.overLimit, "\(root) holds more than \(limits.maximumTotalSize) bytes") }
                    files.append(File(path: shown, size: size, entry: nil, absolute: full))
                }
            }
        }
        return (files.sorted { $0.path < $1.path }, skipped)
    }

    private static func relative(_ path: String, to parent: String) -> String {
        let prefix = parent.hasSuffix("/") ? parent : parent + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
