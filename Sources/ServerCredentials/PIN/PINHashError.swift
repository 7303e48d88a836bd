/// Why a ``PINHasher`` could not be made or could not hash. Never carries the PIN, nor its
/// length. (A malformed PIN is refused earlier, by `DeviceBinding`'s `PIN`, with a
/// `WireFormatError`.)
///
/// Equality compares the ``code`` only.
public struct PINHashError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The pepper is shorter than 32 bytes.
        public static let pepperTooShort = Code("pepperTooShort")
        /// libsodium could not compute the hash (it could not allocate the Argon2 memory,
        /// or failed to initialise).
        public static let hashingFailed = Code("hashingFailed")

        /// The code's name, e.g. `hashingFailed`.
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
    public static func == (lhs: PINHashError, rhs: PINHashError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code and the reason; never the PIN.
    public var description: String { "PINHashError.\(code): \(reason) (\(file):\(line))" }
}
