import DeviceBinding
import TrustStore

extension StoreError {
    /// The client-facing problem for this storage outcome, or the server failure it is.
    ///
    /// `notFound` → `not_found`, `alreadyConsumed` → `challenge_consumed`, `expired` →
    /// `challenge_expired`, `deviceRevoked` → `device_revoked`; `busy` and `unavailable`
    /// (the database cannot be reached) are a retryable ``ServiceFailure/Code/unavailable``
    /// (HTTP 503 with `Retry-After`); anything else is internal.
    func mapped(_ what: String) -> any Error {
        switch code {
        case .notFound: return Problem(code: .notFound, detail: "no such \(what)")
        case .alreadyConsumed: return Problem(code: .challengeConsumed, detail: "the \(what) was already answered; ask for a new one")
        case .expired: return Problem(code: .challengeExpired, detail: "the \(what) expired; ask for a new one")
        case .deviceRevoked: return Problem(code: .deviceRevoked, detail: "the device is revoked; enroll it again")
        case .busy: return ServiceFailure(.unavailable, "storage busy while handling a \(what): \(self)")
        case .unavailable: return ServiceFailure(.unavailable, "storage unreachable while handling a \(what): \(self)")
        default: return ServiceFailure(.internal, "storage failure while handling a \(what): \(self)")
        }
    }
}

/// Runs a storage call, mapping its ``StoreError`` with ``StoreError/mapped(_:)``.
func storage<T>(_ what: String, _ body: () throws(StoreError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw error.mapped(what)
    }
}
