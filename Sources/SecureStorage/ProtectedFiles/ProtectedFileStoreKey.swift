import DeviceTrustCrypto
import Foundation

extension ProtectedFileStore {
    /// The key's length: AES-256.
    static let keyByteCount = 32

    /// The store key, for reading.
    /// - Throws: ``ProtectedFileError/gone(_:)`` (`.key`) when there is none or the item is
    ///   not a 32-byte key; ``ProtectedFileError/locked`` when it is unavailable now.
    func existingKey() throws(ProtectedFileError) -> SymmetricKey {
        guard let key = try loadKey() else { throw .gone(.key) }
        return key
    }

    /// The store key, created (and saved before any file uses it) on the first write.
    /// Two stores racing to create it both end up with the one that was added first.
    func keyCreatingIfNeeded() throws(ProtectedFileError) -> SymmetricKey {
        if let key = try loadKey() { return key }
        let key = SymmetricKey(size: .bits256)
        var bytes = key.withUnsafeBytes { Data($0) }
        defer { bytes.resetBytes(in: bytes.startIndex..<bytes.endIndex) }
        let added = try keychainCall { try keychain.addIfAbsent(bytes, for: name) }
        if added { return key }
        return try existingKey()
    }

    private func loadKey() throws(ProtectedFileError) -> SymmetricKey? {
        guard var bytes = try keychainCall({ try keychain.loadIfPresent(for: name) }) else { return nil }
        defer { bytes.resetBytes(in: bytes.startIndex..<bytes.endIndex) }
        guard bytes.count == Self.keyByteCount else { throw .gone(.key) }
        return SymmetricKey(data: bytes)
    }

    private func keychainCall<T>(_ body: () throws -> T) throws(ProtectedFileError) -> T {
        do {
            return try body()
        } catch let error as KeychainError {
            throw .mapping(error)
        } catch {
            throw .storage(.ioFailure("keychain call failed"))
        }
    }
}
