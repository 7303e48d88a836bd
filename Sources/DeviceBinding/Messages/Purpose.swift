/// What a challenge is for. Enrollment payloads use the separate value `enroll`
/// (see ``SigningPayload/Subject``).
public enum Purpose: String, Codable, Sendable, CaseIterable {
    /// Open the app; returns an access token.
    case unlock
    /// Approve one exact action, given as JSON; returns a token carrying its hash.
    case action
    /// Set a new PIN (device key with the old PIN).
    case pinChange = "pin_change"
    /// Replace the biometric key after the enrolled biometry changed (device key with PIN).
    case rebindBiometric = "rebind_biometric"
    /// Revoke this device (either key; the device key needs the PIN).
    case removeDevice = "remove_device"
}
