/// `GET /v1/accounts/{accountId}/devices` answer (admin).
public struct DeviceList: Codable, Hashable, Sendable {
    /// One enrolled device of the account.
    public struct Device: Codable, Hashable, Sendable {
        /// The device identifier.
        public var deviceId: String
        /// The name given at enrollment.
        public var deviceName: String
        /// The device's operating system.
        public var platform: Platform
        /// When enrollment completed.
        public var createdAt: RFC3339Timestamp
        /// When a key of the device last answered a challenge successfully, to within a minute
        /// (the server rewrites it at most once a minute); `nil` if never.
        public var lastUsedAt: RFC3339Timestamp?
        /// Whether the device is revoked (removed, or locked after five wrong PINs).
        public var revoked: Bool
        /// The key kinds enrolled.
        public var keys: [KeyKind]
        /// What was attested at enrollment, by key kind (`device`, `biometric`); empty when
        /// nothing was. An iOS App Attest attestation is listed under `device`.
        public var attestation: [String: KeyAttestationSummary]

        /// A device entry from its fields.
        public init(
            deviceId: String, deviceName: String, platform: Platform, createdAt: RFC3339Timestamp,
            lastUsedAt: RFC3339Timestamp?, revoked: Bool, keys: [KeyKind], attestation: [String: KeyAttestationSummary] = [:]
        ) {
            self.attestation = attestation
            self.deviceId = deviceId
            self.deviceName = deviceName
            self.platform = platform
            self.createdAt = createdAt
            self.lastUsedAt = lastUsedAt
            self.revoked = revoked
            self.keys = keys
        }

        private enum CodingKeys: String, CodingKey {
            case deviceId, deviceName, platform, createdAt, lastUsedAt, revoked, keys, attestation
        }

        /// Encodes every field; a device never used has `"lastUsedAt": null` rather than no
        /// member, so clients see the full shape.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(deviceId, forKey: .deviceId)
            try container.encode(deviceName, forKey: .deviceName)
            try container.encode(platform, forKey: .platform)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(lastUsedAt, forKey: .lastUsedAt)
            try container.encode(revoked, forKey: .revoked)
            try container.encode(keys, forKey: .keys)
            try container.encode(attestation, forKey: .attestation)
        }

        /// Decodes a device entry; a missing `attestation` (an older server) is empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            deviceId = try container.decode(String.self, forKey: .deviceId)
            deviceName = try container.decode(String.self, forKey: .deviceName)
            platform = try container.decode(Platform.self, forKey: .platform)
            createdAt = try container.decode(RFC3339Timestamp.self, forKey: .createdAt)
            lastUsedAt = try container.decodeIfPresent(RFC3339Timestamp.self, forKey: .lastUsedAt)
            revoked = try container.decode(Bool.self, forKey: .revoked)
            keys = try container.decode([KeyKind].self, forKey: .keys)
            attestation = try container.decodeIfPresent([String: KeyAttestationSummary].self, forKey: .attestation) ?? [:]
        }
    }

    /// What a hardware attestation established about a key, as listed.
    public struct KeyAttestationSummary: Codable, Hashable, Sendable {
        /// `ios` or `android`.
        public var platform: String
        /// `apple-appattest` or `android-key`.
        public var format: String
        /// Android: `TrustedEnvironment` or `StrongBox`.
        public var securityLevel: String?
        /// iOS: `production` or `development`.
        public var environment: String?
        /// iOS: Apple's fraud-risk metric from the latest refreshed receipt (the approximate
        /// number of attestations for this app on this device in the last 30 days); absent
        /// until a receipt was refreshed.
        public var riskMetric: Int?
        /// iOS: when the stored receipt expires.
        public var receiptExpiresAt: RFC3339Timestamp?

        /// A summary from its fields.
        public init(
            platform: String, format: String, securityLevel: String? = nil, environment: String? = nil, riskMetric: Int? = nil,
            receiptExpiresAt: RFC3339Timestamp? = nil
        ) {
            self.platform = platform
            self.format = format
            self.securityLevel = securityLevel
            self.environment = environment
            self.riskMetric = riskMetric
            self.receiptExpiresAt = receiptExpiresAt
        }
    }

    /// The account's devices.
    public var devices: [Device]

    /// A list of `devices`.
    public init(devices: [Device]) { self.devices = devices }
}
