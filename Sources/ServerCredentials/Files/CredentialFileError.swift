/// Why a secret file (the PIN pepper, the token signing key) was refused or could not be
/// written. The reason names the file and the fix; it never shows the file's contents.
///
/// Equality compares the ``code`` only.
public struct CredentialFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The file grants more than read and write to its owner (mode wider than 0600).
        public static let permissionsTooWide = Code("permissionsTooWide")
        /// The file belongs to another user than the one running the server.
        public static let wrongOwner = Code("wrongOwner")
        /// The path is a symbolic link, a folder or another non-regular file.
        public static let notARegularFile = Code("notARegularFile")
        /// The file has the wrong size for what it should hold.
        public static let wrongSize = Code("wrongSize")
        /// The file's contents are not what it should hold (e.g. not a P-256 PEM key).
        public static let invalidContents = Code("invalidContents")
        /// The operating system refused to read or write the file.
        public static let ioFailure = Code("ioFailure")

        /// The code's name, e.g. `permissionsTooWide`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    private let reason: String
    private let file: String
    private let line: Int

    /// An error with `code` and no reason, to compare with thrown errors (equality looks
    /// at the code only).
    public init(code: Code) {
        self.init(code, "")
    }

    init(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// Equal when the codes are equal; the reason and location do not count.
    public static func == (lhs: CredentialFileError, rhs: CredentialFileError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code, the path and the fix; never the file's contents.
    public var description: String { "CredentialFileError.\(code): \(reason) (\(file):\(line))" }
}
