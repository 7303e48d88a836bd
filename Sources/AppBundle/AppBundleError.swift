/// Why a built app (an `.ipa` or an `.app` folder) or one of its files cannot be read.
///
/// The message says what was wrong and where (the archive, the entry); it never holds
/// the entry's contents.
public struct AppBundleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that reacts to it.
    public enum Code: String, Sendable, Hashable {
        /// The file is not a zip archive, or libzip found it inconsistent.
        case notAnArchive
        /// An entry's name escapes the archive (`..`, an absolute path, a drive letter).
        case unsafePath
        /// Over a limit of ``ZipLimits``: entries, sizes, or a compression ratio that
        /// only a zip bomb has.
        case overLimit
        /// An entry or file could not be read.
        case unreadable
        /// A Mach-O file is malformed (truncated, a load command out of bounds).
        case malformedMachO
        /// A provisioning profile is not a CMS message with content.
        case malformedProfile
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for the person running the audit.
    public let message: String

    /// An error with `code`, explained by `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
