import Foundation

/// An App Attest record whose receipt is due for a refresh at Apple's `attestationData`
/// endpoint, with what the refresh needs.
public struct DueReceipt: Sendable, Hashable {
    /// The device the record belongs to.
    public var deviceId: String
    /// The record, its receipt included.
    public var attestation: KeyAttestation

    /// A due receipt from its fields.
    public init(deviceId: String, attestation: KeyAttestation) {
        self.deviceId = deviceId
        self.attestation = attestation
    }
}

/// What a receipt refresh came to.
public enum ReceiptRefreshOutcome: Sendable, Hashable {
    /// Apple sent a new receipt, verified before it is stored.
    case refreshed(receipt: Data, riskMetric: Int?, expiresAt: Date)
    /// Apple had nothing newer (304) or no data any more (404): the last good receipt stays.
    case kept
    /// The call failed (429, 5xx, no answer, a receipt that does not verify): retried later.
    case failed
}
