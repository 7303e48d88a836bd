import TrustStore

/// The one place where PostgreSQL failures become ``StoreError``s.
///
/// Only the SQLSTATE, the constraint name and DeviceTrust's own words are used: never the
/// server's message text or DETAIL, which may quote a value (`Key (id)=(…)`).
enum PostgresErrors {
    /// Whether `error` means an open connection was lost under the call (the statement's
    /// outcome may be unknown), which the store's call policies may retry once on a fresh
    /// connection: SQLSTATE class `08` (libpq's own losses are reported as `08006`, as
    /// client drivers do) or the server ending the session (`57P01`–`57P03`).
    ///
    /// Not a connection failure, so answered at once without a retry: a connection that
    /// could not be made, a pool whose connections all stayed busy, and a reply that did not
    /// come in time. Retrying those would only wait again and break the bound on how long
    /// a request may take while the database is unreachable.
    static func isConnectionFailure(_ error: StoreError) -> Bool {
        guard error.code == .unavailable, let state = error.engineCode?.sqlstate else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }

    /// The SQLSTATE reported for a connection libpq found lost (`connection_failure`).
    static let connectionLostState = "08006"

    /// Whether the whole transaction may be retried: the server rolled it back (SQLSTATE
    /// `40001` serialization failure, `40P01` deadlock). Distributed engines such as
    /// CockroachDB raise `40001` for any contended transaction.
    static func isRetryableConflict(_ error: StoreError) -> Bool {
        error.engineCode == .sqlstate("40001") || error.engineCode == .sqlstate("40P01")
    }

    static func connectionLost(during operation: String, message: String) -> StoreError {
        StoreError(
            .unavailable, reason: "\(operation) failed: the connection to PostgreSQL was lost (\(message)); retry later",
            engineCode: .sqlstate(connectionLostState))
    }

    static func error(for result: PostgresResult, connectionBroken: Bool, during operation: String, message: String) -> StoreError {
        guard let state = result.sqlstate else {
            return connectionBroken
                ? connectionLost(during: operation, message: message)
                : StoreError(.internal, reason: "\(operation) failed without an SQLSTATE")
        }
        let code = EngineCode.sqlstate(state)
        func error(_ storeCode: StoreError.Code, _ reason: String) -> StoreError {
            StoreError(storeCode, reason: "\(operation) failed: \(reason)", engineCode: code)
        }
        switch state {
        case "23505": return error(.duplicate, "a record with this identifier already exists")
        case "42P07", "42710": return error(.duplicate, "the table or its type already exists (another node created it)")
        case "23503": return error(.notFound, "the record it refers to does not exist")
        case "40001", "40P01": return error(.busy, "the transaction conflicted with another one; retry")
        case "53300", "57P01", "57P02", "57P03", "57014":
            return error(.unavailable, "the server is shutting down, restarting or out of connections; retry later")
        case "3D000": return error(.cannotOpen, "the database does not exist; create it (createdb) or fix the URL")
        case "42501": return error(.cannotOpen, "the user lacks a privilege DeviceTrust needs on its tables")
        default: break
        }
        switch state.prefix(2) {
        case "08": return error(.unavailable, "the connection failed; retry later")
        case "28": return error(.cannotOpen, "the server refused the credentials; check the user and password")
        case "22", "23": return error(.invalidArgument, "the server refused a value (constraint \(result.constraintName ?? "none"))")
        case "53", "58": return error(.io, "the server is out of resources or had an I/O error")
        case "XX": return error(.corrupt, "the server reported internal corruption")
        default:
            return connectionBroken ? connectionLost(during: operation, message: message) : error(.internal, "unexpected server error")
        }
    }
}
