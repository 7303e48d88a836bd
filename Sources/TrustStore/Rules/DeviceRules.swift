import Foundation

/// The device rules every engine applies, stated once: which devices may be changed, how
/// wrong PINs are counted, and how App Attest counters move.
public enum DeviceRules {
    /// Refuses a missing (`nil`) or revoked device: ``StoreError/Code/notFound`` or
    /// ``StoreError/Code/deviceRevoked``. Returns the active device.
    @discardableResult
    public static func requireActive(_ device: Device?) throws(StoreError) -> Device {
        guard let device else { throw deviceNotFound }
        guard !device.isRevoked else { throw deviceRevoked }
        return device
    }

    /// Refuses a device known only by whether it exists and is revoked.
    public static func requireActive(exists: Bool, revoked: Bool) throws(StoreError) {
        guard exists else { throw deviceNotFound }
        guard !revoked else { throw deviceRevoked }
    }

    /// ``StoreError/Code/notFound`` for a device.
    public static let deviceNotFound = StoreError(.notFound, reason: "no device with this identifier")
    /// ``StoreError/Code/deviceRevoked``.
    public static let deviceRevoked = StoreError(.deviceRevoked, reason: "the device is revoked; enroll it again")

    // MARK: PIN failures

    /// Refuses a PIN attempt limit below 1 (``StoreError/Code/invalidArgument``).
    public static func validatePINLimit(_ limit: Int) throws(StoreError) {
        guard limit >= 1 else { throw StoreError(.invalidArgument, reason: "the PIN attempt limit must be at least 1") }
    }

    /// The outcome of the failure that brings the consecutive count to `failures`: the one
    /// that reaches `limit` revokes the device, in the same transaction as the count.
    public static func pinFailureOutcome(failures: Int, limit: Int) -> PINFailureOutcome {
        PINFailureOutcome(failedAttempts: failures, revokedDevice: failures >= limit)
    }

    // MARK: App Attest counters

    /// An assertion's counter raises the stored one only when it is greater (engines write
    /// it as a conditional update, `WHERE sign_count < counter`): an equal or lower one is a
    /// replayed or reordered assertion and gets ``StoreError/Code/counterNotIncreasing``,
    /// thrown after the challenge's consumption
    /// committed: a replayed assertion never gets a challenge back.
    public static let counterNotIncreasing = StoreError(
        .counterNotIncreasing, reason: "the App Attest counter did not grow; the challenge is consumed")
}
