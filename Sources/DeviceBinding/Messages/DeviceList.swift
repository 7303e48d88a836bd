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
        /// When a key of the device last answered a challenge successfully; `nil` if never.
        public var lastUsedAt: RFC3339Timestamp?
        /// Whether the device is revoked (removed, or locked after five wrong PINs).
        public var revoked: Bool
        /// The key kinds enrolled.
        public var keys: [KeyKind]

        /// A device entry from its fields.
        public init(
            deviceId: String, deviceName: String, platform: Platform, createdAt: RFC3339Timestamp,
            lastUsedAt: RFC3339Timestamp?, revoked: Bool, keys: [KeyKind]
        ) {
            self.deviceId = deviceId
            self.deviceName = deviceName
            self.platform = platform
            self.createdAt = createdAt
            self.lastUsedAt = lastUsedAt
            self.revoked = revoked
            self.keys = keys
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
        }
    }

    /// The account's devices.
    public var devices: [Device]

    /// A list of `devices`.
    public init(devices: [Device]) { self.devices = devices }
}
