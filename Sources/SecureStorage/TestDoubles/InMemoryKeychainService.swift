import Foundation

/// A ``KeychainService`` in memory: the simple test double for code that only needs
/// save, load and delete.
///
/// It follows the service contract exactly (``KeychainError/itemNotFound`` when absent,
/// delete of an absent key succeeds) and can be told to fail, so that callers' handling of
/// a locked device or a cancelled prompt can be tested. For the Keychain's own behaviour
/// (lock states, accessibility, access groups) use `DeviceEmulator`.
public final class InMemoryKeychainService: KeychainService {
    private let state = Locked<[String: Data]>([:])
    private let failure = Locked<KeychainError?>(nil)

    /// An empty store.
    public init() {}

    /// Makes every following call throw `error` until ``clearFailure()``.
    public func failEveryCall(with error: KeychainError) {
        failure.withLock { $0 = error }
    }

    /// Ends ``failEveryCall(with:)``.
    public func clearFailure() {
        failure.withLock { $0 = nil }
    }

    /// The stored keys, sorted.
    public var keys: [String] {
        state.withLock { $0.keys.sorted() }
    }

    /// Stores `data` under `key`, replacing any previous value.
    public func save(_ data: Data, for key: String) throws {
        try checkFailure()
        state.withLock { $0[key] = data }
    }

    /// The value under `key`; throws ``KeychainError/itemNotFound`` when absent.
    public func load(for key: String) throws -> Data {
        try checkFailure()
        guard let data = state.withLock({ $0[key] }) else { throw KeychainError.itemNotFound }
        return data
    }

    /// Removes the value under `key`; succeeds when absent.
    public func delete(for key: String) throws {
        try checkFailure()
        _ = state.withLock { $0.removeValue(forKey: key) }
    }

    private func checkFailure() throws(KeychainError) {
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
