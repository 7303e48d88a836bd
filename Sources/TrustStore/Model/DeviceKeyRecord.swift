import Foundation

/// A public key enrolled for a device.
///
/// A device has at most one active key per ``KeyKind``; a replaced key keeps its row
/// with ``replacedAt`` set, for audit.
public struct DeviceKeyRecord: Sendable, Hashable {
    /// The device the key belongs to.
    public var deviceId: String
    /// Which key this is.
    public var kind: KeyKind
    /// The 65-byte X9.63 uncompressed P-256 point.
    public var publicKey: Data
    /// When the key was enrolled.
    public var createdAt: Date
    /// When the key was replaced; `nil` while active.
    public var replacedAt: Date?

    /// Whether the key is the device's current key of its kind.
    public var isActive: Bool { replacedAt == nil }

    /// Creates a key record.
    public init(deviceId: String, kind: KeyKind, publicKey: Data, createdAt: Date, replacedAt: Date? = nil) {
        self.deviceId = deviceId
        self.kind = kind
        self.publicKey = publicKey
        self.createdAt = createdAt
        self.replacedAt = replacedAt
    }
}
