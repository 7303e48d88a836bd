/// One entry of a zip archive, as its central directory describes it.
public struct ZipEntry: Sendable, Hashable {
    /// What an entry is.
    public enum Kind: Sendable, Hashable {
        /// A file: its bytes can be read.
        case file
        /// A folder (a name ending in `/`).
        case directory
        /// A symbolic link (Unix mode `S_IFLNK`): never read or followed.
        case symbolicLink
    }

    /// The index in the archive.
    public let index: Int
    /// The name: a relative path with `/` separators, checked by ``ZipEntryName``.
    public let name: String
    /// The uncompressed size the directory states.
    public let size: Int
    /// The compressed size.
    public let compressedSize: Int
    /// File, folder or link.
    public let kind: Kind
}

/// The check every entry name passes before the archive is used: a relative path that
/// stays inside the archive.
enum ZipEntryName {
    /// `nil` when `name` is safe; otherwise why not.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "an entry has an empty name" }
        if name.utf8.contains(0) { return "an entry name holds a NUL byte" }
        let unified = name.replacingOccurrences(of: "\\", with: "/")
        if unified.hasPrefix("/") { return "the entry \(quoted(name)) has an absolute path" }
        if unified.count >= 2, unified.dropFirst().first == ":", unified.first?.isLetter == true {
            return "the entry \(quoted(name)) names a drive"
        }
        if unified.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "the entry \(quoted(name)) climbs out of the archive with '..'"
        }
        return nil
    }

    /// The name for a message: at most 200 characters, control characters escaped.
    static func quoted(_ name: String) -> String {
        let shown = name.unicodeScalars.prefix(200).map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return "'" + shown + (name.unicodeScalars.count > 200 ? "…" : "") + "'"
    }
}
