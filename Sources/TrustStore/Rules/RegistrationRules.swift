import Foundation

extension DeviceRegistration {
    /// Refuses a registration without a device key, or with an attestation that does not
    /// belong to a registered key of its kind (``StoreError/Code/invalidArgument``).
    public func validate() throws(StoreError) {
        guard publicKeys[.device] != nil else {
            throw StoreError(.invalidArgument, reason: "a device registration needs a device key")
        }
        guard attestations.allSatisfy({ publicKeys[$0.key] != nil && $0.value.kind == $0.key }) else {
            throw StoreError(.invalidArgument, reason: "an attestation must belong to a registered key of its kind")
        }
    }

    /// The device record the registration creates in `accountId` at `now`: active, with no
    /// PIN failures.
    public func device(inAccount accountId: String, createdAt now: Date) -> Device {
        Device(id: deviceId, accountId: accountId, name: name, platform: platform, createdAt: now, pinHash: pinHash)
    }

    /// The keys in storage order (`device` first).
    public var keysInOrder: [(kind: KeyKind, publicKey: Data)] {
        publicKeys.keys.sorted().map { ($0, publicKeys[$0]!) }
    }

    /// The attestations in storage order (`device` first).
    public var attestationsInOrder: [KeyAttestation] {
        attestations.keys.sorted().map { attestations[$0]! }
    }
}

/// A numbered schema migration, as both engines keep them: applied in order, once, each
/// recorded (bound, not interpolated) in the database's `schema_migrations` table. Never
/// edit a published migration: add the next number.
public struct SchemaMigration: Sendable {
    /// The version this migration brings the database to.
    public let version: Int64
    /// What it creates, for the `schema_migrations` row.
    public let summary: String
    /// Value-free DDL.
    public let sql: String

    /// A migration.
    public init(version: Int64, summary: String, sql: String) {
        self.version = version
        self.summary = summary
        self.sql = sql
    }

    /// Refuses a database a newer build migrated (``StoreError/Code/incompatibleSchema``).
    public static func refuseNewer(applied: Int64, latest: Int64) throws(StoreError) {
        guard applied <= latest else {
            throw StoreError(
                .incompatibleSchema,
                reason: "the database has schema version \(applied) but this build knows only up to \(latest); run a newer DeviceTrust")
        }
    }
}
