/// Why the emulated Secure Enclave refused a key's `dataRepresentation`.
///
/// Failures that iOS reports as keychain statuses (no passcode, cancelled or failed
/// prompt, locked device, changed biometry) are thrown as `KeychainError` instead.
/// Equality compares the ``code`` only.
public struct EmulatedSecureEnclaveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The key was made by another device's enclave, which alone can use it (for
        /// example, a `dataRepresentation` restored from a backup onto a new phone).
        public static let keyFromAnotherDevice = Code("keyFromAnotherDevice")
        /// The bytes are not a key of the emulated enclave, or were altered.
        public static let malformedKeyData = Code("malformedKeyData")

        /// The code's name, e.g. `keyFromAnotherDevice`.
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
    public static func == (lhs: EmulatedSecureEnclaveError, rhs: EmulatedSecureEnclaveError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code and the reason; never key material.
    public var description: String { "EmulatedSecureEnclaveError.\(code): \(reason) (\(file):\(line))" }
}
