import Foundation

/// Stores small secrets (tokens, keys) by name.
///
/// ``load(for:)`` throws ``KeychainError/itemNotFound`` when nothing is stored under the
/// name — the only case that means "absent"; every other error means the value may exist
/// but cannot be read now. ``delete(for:)`` succeeds when nothing is stored.
public protocol KeychainService: Sendable {
    /// Stores `data` under `key`, replacing any previous value (an upsert).
    func save(_ data: Data, for key: String) throws
    /// The value stored under `key`; throws ``KeychainError/itemNotFound`` when absent.
    func load(for key: String) throws -> Data
    /// Removes the value stored under `key`; succeeds when there is none.
    func delete(for key: String) throws
}
