import Foundation

/// Where the server's data lives, parsed from `--database` or `DEVICETRUST_DATABASE_URL`:
/// the one place a store URL is read.
///
/// - `sqlite:PATH`: an embedded SQLite file (the default, in the data directory).
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?PARAMS]` (or `postgresql://`): a
///   PostgreSQL server, as a libpq connection URI; `sslmode` and the other libpq
///   parameters pass through unchanged.
///
/// `description`, `debugDescription` and reflection show ``redacted``: a password never
/// leaves this value except through ``connectionURI`` (for the database client itself).
public struct StoreURL: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The database engine a URL names.
    public enum Engine: String, Sendable, Hashable {
        /// Embedded SQLite.
        case sqlite
        /// PostgreSQL (or a PostgreSQL-compatible engine).
        case postgres
    }

    /// The longest URL accepted.
    public static let maximumLength = 4096

    /// Which engine.
    public let engine: Engine
    private let text: String

    /// Parses `text`.
    /// - Throws: ``StoreError/Code/invalidArgument`` for another scheme, an empty path or
    ///   host part, control characters, or a URL longer than ``maximumLength``; the message
    ///   shows the accepted forms and never the password.
    public init(parsing text: String) throws(StoreError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw StoreError(.invalidArgument, reason: "the database URL is longer than \(Self.maximumLength) bytes")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw StoreError(.invalidArgument, reason: "the database URL contains a control character (a newline?); \(Self.forms)")
        }
        if text.hasPrefix("sqlite:") {
            guard text.count > "sqlite:".count else {
                throw StoreError(.invalidArgument, reason: "sqlite: needs a file path; \(Self.forms)")
            }
            engine = .sqlite
        } else if let scheme = ["postgres://", "postgresql://"].first(where: { text.hasPrefix($0) }) {
            guard text.count > scheme.count else {
                throw StoreError(.invalidArgument, reason: "\(scheme) needs at least a host or a database; \(Self.forms)")
            }
            engine = .postgres
        } else {
            throw StoreError(.invalidArgument, reason: "the database URL must start with sqlite:, postgres:// or postgresql://; \(Self.forms)")
        }
        self.text = text
    }

    /// The SQLite file path, for ``Engine/sqlite``.
    public var sqlitePath: String? { engine == .sqlite ? String(text.dropFirst("sqlite:".count)) : nil }

    /// The libpq connection URI, password included, for ``Engine/postgres``. Hand it only
    /// to the database client; print ``redacted``.
    public var connectionURI: String? { engine == .postgres ? text : nil }

    /// The URL with any password (in the user part or a `password=` parameter) replaced by `***`.
    public var redacted: String {
        guard engine == .postgres else { return text }
        var result = text
        let schemeEnd = result.range(of: "://")!.upperBound
        let authorityEnd = result[schemeEnd...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? result.endIndex
        if let at = result[schemeEnd..<authorityEnd].lastIndex(of: "@"),
            let colon = result[schemeEnd..<at].firstIndex(of: ":")
        {
            result.replaceSubrange(result.index(after: colon)..<at, with: "***")
        }
        if let query = result.firstIndex(of: "?") {
            let parameters = result[result.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { parameter in
                parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
            }
            result = String(result[...query]) + parameters.joined(separator: "&")
        }
        return result
    }

    public var description: String { redacted }
    public var debugDescription: String { "StoreURL(\(redacted))" }
    public var customMirror: Mirror { Mirror(self, children: ["engine": engine, "url": redacted]) }

    private static let forms =
        "use sqlite:PATH or postgres://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?PARAMS]"
}

/// Opens a store for a ``StoreURL``: the executable chooses which engines it links and
/// hands this to the server's bootstrap, so the server depends on no engine.
public typealias TrustStoreOpener = @Sendable (StoreURL) throws(StoreError) -> any TrustStorage
