import Foundation

/// What answering a challenge needs once the challenge is used up: the challenge, and its
/// device with that device's active key of the challenge's kind, as they were when the
/// consumption committed.
///
/// Returned by ``TrustStorage/consumeChallengeWithDevice(id:now:)``, which engines answer in
/// one round trip where they can, so a response costs one call instead of two.
public struct ConsumedChallenge: Sendable, Hashable {
    /// The consumed challenge (`consumedAt == now`).
    public var challenge: Challenge
    /// The challenge's device, revoked or not; `nil` if it no longer exists.
    public var device: Device?
    /// The device's active key of `challenge.keyKind`; `nil` when it has none (or no device).
    public var key: DeviceKeyRecord?

    /// Creates the result of a consumption.
    public init(challenge: Challenge, device: Device?, key: DeviceKeyRecord?) {
        self.challenge = challenge
        self.device = device
        self.key = key
    }

    /// The result of a consumption with what ``TrustStorage/deviceWithActiveKey(id:kind:)`` found.
    public init(challenge: Challenge, found: (device: Device, key: DeviceKeyRecord?)?) {
        self.init(challenge: challenge, device: found?.device, key: found?.key)
    }
}
