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
        /// The database cannot be reached right now: the connection was refused or lost, the
        /// server is shutting down, or no pooled connection became free in time. Retry later;
        /// nothing was acknowledged.
        public static let unavailable = Code("unavailable")
        /// Any other database failure.
        public static let `internal` = Code("internal")

        /// The code's name, for example `alreadyConsumed`.
        public var description: String { name }
    }

    /// What kind of failure happened.
    public let code: Code
    /// The engine's own code for the failure (SQLite's extended result code, PostgreSQL's
    /// SQLSTATE), when the failure came from the engine.
    public let engineCode: EngineCode?
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
        engineCode: EngineCode? = nil,
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
        if let engineCode { text += " (\(engineCode))" }
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
    /// An error with code ``Code/unavailable``, for matching.
    public static let unavailable = StoreError(.unavailable, reason: "database unavailable")
}

/// A database engine's own code for a failure, engine-neutral: SQLite's extended result
/// code (a number) or PostgreSQL's SQLSTATE (five characters), kept as the engine wrote it.
public struct EngineCode: Hashable, Sendable, CustomStringConvertible {
    /// Which engine: `sqlite` or `postgresql`.
    public let engine: String
    /// The code as the engine writes it, for example `1555` or `23505`.
    public let value: String

    /// A code from `engine`.
    public init(engine: String, value: String) {
        self.engine = engine
        self.value = value
    }

    /// SQLite's extended result code, for example 1555 (`SQLITE_CONSTRAINT_PRIMARYKEY`).
    public static func sqlite(_ extendedResultCode: Int32) -> EngineCode {
        EngineCode(engine: "sqlite", value: String(extendedResultCode))
    }

    /// PostgreSQL's five-character SQLSTATE, for example `23505` (unique violation).
    public static func sqlstate(_ state: String) -> EngineCode {
        EngineCode(engine: "postgresql", value: state)
    }

    /// The SQLSTATE, when the code is PostgreSQL's; `nil` for another engine's.
    public var sqlstate: String? { engine == "postgresql" ? value : nil }

    /// `SQLite 1555` or `SQLSTATE 23505`.
    public var description: String { engine == "postgresql" ? "SQLSTATE \(value)" : "SQLite \(value)" }
}
