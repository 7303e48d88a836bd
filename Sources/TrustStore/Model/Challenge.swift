import Foundation

/// A one-time challenge issued to one key of one device for one purpose (and action).
///
/// Consumed exactly once, by the first response, whether that response turns out valid or not.
public struct Challenge: Sendable, Hashable {
    /// The challenge identifier (unique).
    public var id: String
    /// The device that must answer.
    public var deviceId: String
    /// The device's account.
    public var accountId: String
    /// The key that must sign the answer.
    public var keyKind: KeyKind
    /// What the approval is for: `unlock`, `action`, `pin_change`, `rebind_biometric`, `remove_device`.
    public var purpose: String
    /// Lowercase hex SHA-256 of the canonical action JSON, for `action` challenges.
    public var actionSHA256: String?
    /// The 32 random bytes in the payload.
    public var nonce: Data
    /// The exact bytes the device signs (the `signingPayload`).
    public var payload: Data
    /// When the challenge stops being usable.
    public var expiresAt: Date
    /// When it was consumed; `nil` while open.
    public var consumedAt: Date?

    /// Whether the challenge was consumed.
    public var isConsumed: Bool { consumedAt != nil }

    /// Creates a challenge; new challenges are open (`consumedAt == nil`).
    public init(
        id: String, deviceId: String, accountId: String, keyKind: KeyKind, purpose: String,
        actionSHA256: String? = nil, nonce: Data, payload: Data, expiresAt: Date, consumedAt: Date? = nil
    ) {
        self.id = id
        self.deviceId = deviceId
        self.accountId = accountId
        self.keyKind = keyKind
        self.purpose = purpose
        self.actionSHA256 = actionSHA256
        self.nonce = nonce
        self.payload = payload
        self.expiresAt = expiresAt
        self.consumedAt = consumedAt
    }
}
