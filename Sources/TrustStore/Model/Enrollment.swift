import Foundation

/// A one-time invitation to enroll a device into an account.
///
/// Created by the integrator's backend, consumed exactly once by the first completion
/// attempt (successful or not).
public struct Enrollment: Sendable, Hashable {
    /// Whether the enrollment can still be completed.
    public enum State: String, Sendable, Hashable {
        /// Not yet consumed (it may still have expired; compare ``Enrollment/expiresAt`` with the clock).
        case open
        /// Consumed by a completion attempt.
        case consumed
    }

    /// The enrollment identifier (unique).
    public var id: String
    /// The account the device will belong to.
    public var accountId: String
    /// The 32 random bytes signed by the device.
    public var nonce: Data
    /// The exact bytes the device signs (the `signingPayload`).
    public var signingPayload: Data
    /// When the enrollment stops being usable.
    public var expiresAt: Date
    /// When it was consumed; `nil` while open.
    public var consumedAt: Date?

    /// Whether the enrollment was consumed.
    public var state: State { consumedAt == nil ? .open : .consumed }

    /// Creates an enrollment; new enrollments are open (`consumedAt == nil`).
    public init(id: String, accountId: String, nonce: Data, signingPayload: Data, expiresAt: Date, consumedAt: Date? = nil) {
        self.id = id
        self.accountId = accountId
        self.nonce = nonce
        self.signingPayload = signingPayload
        self.expiresAt = expiresAt
        self.consumedAt = consumedAt
    }
}
