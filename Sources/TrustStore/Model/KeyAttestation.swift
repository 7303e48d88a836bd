import Foundation

/// What a verified hardware attestation established about a device's key, stored with
/// the device at enrollment.
///
/// For Android, each attested key (device, biometric) has its own record. For iOS, App
/// Attest attests a key of its own (not the enrolled device key): its record is stored
/// under ``KeyKind/device`` and carries that App Attest key, its signature counter and
/// Apple's receipt, for verifying assertions later.
///
/// `description` omits the receipt and key material.
public struct KeyAttestation: Sendable, Hashable, CustomStringConvertible {
    /// The key of the device the record belongs to.
    public var kind: KeyKind
    /// `ios` or `android`.
    public var platform: String
    /// The attestation format: `apple-appattest` or `android-key`.
    public var format: String
    /// Android: where the key lives (`TrustedEnvironment`, `StrongBox`); `nil` for iOS.
    public var securityLevel: String?
    /// iOS: the App Attest environment (`production`, `development`); `nil` for Android.
    public var environment: String?
    /// iOS: the App Attest key identifier (SHA-256 of its public point, 32 bytes).
    public var appAttestKeyId: Data?
    /// iOS: the App Attest public key, a 65-byte X9.63 point.
    public var appAttestPublicKey: Data?
    /// iOS: the App Attest signature counter last seen (0 at attestation).
    public var signCount: UInt32
    /// iOS: Apple's CMS receipt from the attestation.
    public var receipt: Data?
    /// iOS: the App Attest app identifier (`TEAMID.bundle.id`) the attestation verified
    /// under, the only one the key's assertions are checked against; `nil` for Android and
    /// for records stored before it was kept.
    public var appAttestAppId: String?
    /// iOS: when the stored ``receipt`` expires (its field 21).
    public var receiptExpiresAt: Date?
    /// iOS: when the receipt is next due for a refresh at Apple's `attestationData`
    /// endpoint; `nil` when no refresh is planned.
    public var receiptRefreshAt: Date?
    /// iOS: the risk metric of the latest refreshed receipt (its field 17), `nil` until
    /// one was refreshed.
    public var riskMetric: Int?
    /// iOS: refresh attempts that failed in a row since the last answer from Apple (the
    /// backoff grows with it).
    public var receiptRefreshFailures: Int

    /// A record from its fields.
    public init(
        kind: KeyKind, platform: String, format: String, securityLevel: String? = nil, environment: String? = nil,
        appAttestKeyId: Data? = nil, appAttestPublicKey: Data? = nil, signCount: UInt32 = 0, receipt: Data? = nil,
        appAttestAppId: String? = nil, receiptExpiresAt: Date? = nil, receiptRefreshAt: Date? = nil, riskMetric: Int? = nil,
        receiptRefreshFailures: Int = 0
    ) {
        self.kind = kind
        self.platform = platform
        self.format = format
        self.securityLevel = securityLevel
        self.environment = environment
        self.appAttestKeyId = appAttestKeyId
        self.appAttestPublicKey = appAttestPublicKey
        self.signCount = signCount
        self.receipt = receipt
        self.appAttestAppId = appAttestAppId
        self.receiptExpiresAt = receiptExpiresAt
        self.receiptRefreshAt = receiptRefreshAt
        self.riskMetric = riskMetric
        self.receiptRefreshFailures = receiptRefreshFailures
    }

    public var description: String {
        "KeyAttestation(kind: \(kind.rawValue), platform: \(platform), format: \(format), securityLevel: \(securityLevel ?? "-"), environment: \(environment ?? "-"), appId: \(appAttestAppId ?? "-"), riskMetric: \(riskMetric.map(String.init) ?? "-"), signCount: \(signCount))"
    }
}
