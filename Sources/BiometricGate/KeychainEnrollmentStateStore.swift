import Foundation
import SecureStorage

/// An ``EnrollmentStateStore`` that keeps the accepted domain state as one Keychain item.
public struct KeychainEnrollmentStateStore: EnrollmentStateStore {
    private let keychain: Keychain
    private let key: String

    /// A store writing the item `key` of `keychain` (choose a `…ThisDeviceOnly`
    /// accessibility: a domain state means nothing on another device).
    public init(keychain: Keychain, key: String = "biometric-domain-state") {
        self.keychain = keychain
        self.key = key
    }

    /// The stored state; `nil` when there is none. Other Keychain failures are thrown.
    public func acceptedDomainState() throws -> Data? {
        try keychain.loadIfPresent(for: key)
    }

    /// Saves `state`, replacing the one stored.
    public func acceptDomainState(_ state: Data) throws {
        try keychain.save(state, for: key)
    }
}
