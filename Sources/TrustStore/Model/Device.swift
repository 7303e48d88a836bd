import Foundation

/// An enrolled device of an account.
///
/// `description` and reflection omit ``pinHash``.
public struct Device: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The device identifier (unique).
    public var id: String
    /// The account the device belongs to.
    public var accountId: String
    /// The name shown to the user, for example "Anna's iPhone".
    public var name: String
    /// `ios` or `android` (the store keeps whatever the server validated).
    public var platform: String
    /// When the device was enrolled.
    public var createdAt: Date
    /// When the device last answered a challenge successfully.
    public var lastUsedAt: Date?
    /// When the device was revoked; `nil` while active.
    public var revokedAt: Date?
    /// The server-side PIN hash, opaque to the store (peppered Argon2id); `nil` without a PIN.
    public var pinHash: Data?
    /// Consecutive wrong PINs since the last correct one.
    public var failedPinAttempts: Int

    /// Whether the device is revoked.
    public var isRevoked: Bool { revokedAt != nil }

    /// Creates a device record.
    public init(
        id: String, accountId: String, name: String, platform: String, createdAt: Date,
        lastUsedAt: Date? = nil, revokedAt: Date? = nil, pinHash: Data? = nil, failedPinAttempts: Int = 0
    ) {
        self.id = id
        self.accountId = accountId
        self.name = name
        self.platform = platform
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
        self.pinHash = pinHash
        self.failedPinAttempts = failedPinAttempts
    }

    public var description: String {
        "Device(platform: \(platform), revoked: \(isRevoked), hasPIN: \(pinHash != nil), failedPinAttempts: \(failedPinAttempts))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "accountId": accountId, "platform": platform, "createdAt": createdAt,
                "isRevoked": isRevoked, "hasPIN": pinHash != nil, "failedPinAttempts": failedPinAttempts,
            ])
    }
}

/// A device with the kinds of its active (not replaced) keys, as listed for an account.
public struct DeviceSummary: Sendable, Hashable {
    /// The device.
    public var device: Device
    /// The kinds of its active keys, `device` first.
    public var keyKinds: [KeyKind]
    /// What was attested at enrollment, by key kind; empty when nothing was.
    public var attestations: [KeyKind: KeyAttestation]

    /// Creates a summary.
    public init(device: Device, keyKinds: [KeyKind], attestations: [KeyKind: KeyAttestation] = [:]) {
        self.device = device
        self.keyKinds = keyKinds
        self.attestations = attestations
    }
}

/// What the server stores when it completes an enrollment.
public struct DeviceRegistration: Sendable, Hashable {
    /// The new device identifier (unique).
    public var deviceId: String
    /// The name shown to the user.
    public var name: String
    /// `ios` or `android`.
    public var platform: String
    /// The public keys as 65-byte X9.63 uncompressed points; must contain a ``KeyKind/device`` key.
    public var publicKeys: [KeyKind: Data]
    /// The PIN hash, if the user chose a PIN.
    public var pinHash: Data?
    /// What was attested, by key kind; each kind must also be in ``publicKeys``.
    public var attestations: [KeyKind: KeyAttestation]

    /// Creates a registration.
    public init(
        deviceId: String, name: String, platform: String, publicKeys: [KeyKind: Data], pinHash: Data? = nil,
        attestations: [KeyKind: KeyAttestation] = [:]
    ) {
        self.deviceId = deviceId
        self.name = name
        self.platform = platform
        self.publicKeys = publicKeys
        self.pinHash = pinHash
        self.attestations = attestations
    }
}

/// The result of recording a wrong PIN.
public struct PINFailureOutcome: Sendable, Hashable {
    /// Consecutive failures including this one.
    public var failedAttempts: Int
    /// Whether this failure reached the limit and revoked the device.
    public var revokedDevice: Bool

    /// Creates an outcome.
    public init(failedAttempts: Int, revokedDevice: Bool) {
        self.failedAttempts = failedAttempts
        self.revokedDevice = revokedDevice
    }
}
