/// An error from a ``TrustStorage`` operation.
///
/// The description names the operation, what went wrong and, for database failures,
/// the engine's result code. It never contains a stored value: no identifier, nonce,
/// key, PIN hash or SQL parameter. Two errors are equal when their ``code``s are equal,
/// so tests can write `#expect(throws: StoreError.alreadyConsumed) { … }`.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure happened. Extensible: new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The record does not exist (or a record it refers to does not).
        public static let notFound = Code("notFound")
        /// The enrollment or challenge was already consumed by an earlier caller.
        public static let alreadyConsumed = Code("alreadyConsumed")
        /// The enrollment or challenge expired before it was consumed.
        public static let expired = Code("expired")
        /// The device is revoked; the operation is refused.
        public static let deviceRevoked = Code("deviceRevoked")
        /// A record with the same identifier already exists.
        public static let duplicate = Code("duplicate")
        /// The caller passed an argument the store refuses (for example a registration without a device key).
        public static let invalidArgument = Code("invalidArgument")
        /// The database is locked by another writer for longer than the busy timeout; retry later.
        public static let busy = Code("busy")
        /// The database could not be opened or created; check the path and its permissions.
        public static let cannotOpen = Code("cannotOpen")
        /// The database was written by a newer schema version than this build understands.
        public static let incompatibleSchema = Code("incompatibleSchema")
        /// The database file is damaged or is not a database.
        public static let corrupt = Code("corrupt")
        /// The disk is full or an I/O error happened.
        public static let io = Code("io")
        /// The store is closed.
        public static let closed = Code("closed")
        /// An App Attest signature counter did not grow (a replayed or reordered assertion),
        /// or the device has no App Attest record to count against.
        public static let counterNotIncreasing = Code("counterNotIncreasing")
        /// Any other database failure.
        public static let `internal` = Code("internal")

        /// The code's name, for example `alreadyConsumed`.
        public var description: String { name }
    }

    /// What kind of failure happened.
    public let code: Code
    /// The engine's result code (for SQLite, the extended result code), when the failure came from the engine.
    public let engineCode: Int32?
    /// A short explanation without values, saying what to do where that helps.
    public let reason: String
    /// Where the error was created.
    public let file: String
    /// Where the error was created.
    public let line: Int

    /// Creates an error. `reason` must not contain stored values or secrets.
    public init(
        _ code: Code,
        reason: String,
        engineCode: Int32? = nil,
        file: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.reason = reason
        self.engineCode = engineCode
        self.file = file
        self.line = line
    }

    public var description: String {
        var text = "StoreError.\(code): \(reason)"
        if let engineCode { text += " (engine code \(engineCode))" }
        return text
    }

    /// Equality on ``code`` only.
    public static func == (lhs: StoreError, rhs: StoreError) -> Bool { lhs.code == rhs.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// An error with code ``Code/notFound``, for matching.
    public static let notFound = StoreError(.notFound, reason: "not found")
    /// An error with code ``Code/alreadyConsumed``, for matching.
    public static let alreadyConsumed = StoreError(.alreadyConsumed, reason: "already consumed")
    /// An error with code ``Code/expired``, for matching.
    public static let expired = StoreError(.expired, reason: "expired")
    /// An error with code ``Code/deviceRevoked``, for matching.
    public static let deviceRevoked = StoreError(.deviceRevoked, reason: "device revoked")
    /// An error with code ``Code/duplicate``, for matching.
    public static let duplicate = StoreError(.duplicate, reason: "duplicate")
    /// An error with code ``Code/invalidArgument``, for matching.
    public static let invalidArgument = StoreError(.invalidArgument, reason: "invalid argument")
}
