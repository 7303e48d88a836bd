import Foundation
import TrustStore

extension SQLiteTrustStore {
    public func device(id: String) throws(StoreError) -> Device? {
        try read { connection throws(StoreError) in try Self.fetchDevice(id: id, connection) }
    }

    public func devices(ofAccount accountId: String) throws(StoreError) -> [DeviceSummary] {
        try read { connection throws(StoreError) in
            var summaries = try connection.statement(
                """
                SELECT d.id, d.account_id, d.name, d.platform, d.created_at, d.last_used_at, d.revoked_at,
                       d.pin_hash, d.failed_pin_attempts,
                       (SELECT group_concat(k.kind, ',') FROM device_keys k
                         WHERE k.device_id = d.id AND k.replaced_at IS NULL)
                FROM devices d WHERE d.account_id = ?1 ORDER BY d.created_at, d.id
                """
            )
            .query([.text(accountId)], during: "listing an account's devices") { row throws(StoreError) in
                let device = try SQLiteRecords.device(row)
                var kinds: [KeyKind] = []
                for name in (row.optionalText(9) ?? "").split(separator: ",") {
                    guard let kind = KeyKind(rawValue: String(name)) else {
                        throw StoreError(.corrupt, reason: "a stored key kind is not device or biometric")
                    }
                    kinds.append(kind)
                }
                return DeviceSummary(device: device, keyKinds: kinds.sorted())
            }
            for index in summaries.indices {
                for attestation in try Self.fetchAttestations(deviceId: summaries[index].device.id, connection) {
                    summaries[index].attestations[attestation.kind] = attestation
                }
            }
            return summaries
        }
    }

    public func activeKey(deviceId: String, kind: KeyKind) throws(StoreError) -> DeviceKeyRecord? {
        try read { connection throws(StoreError) in try Self.fetchActiveKey(deviceId: deviceId, kind: kind, connection) }
    }

    public func keyHistory(deviceId: String) throws(StoreError) -> [DeviceKeyRecord] {
        try read { connection throws(StoreError) in
            try connection.statement(
                """
                SELECT device_id, kind, public_key, created_at, replaced_at FROM device_keys
                WHERE device_id = ?1 ORDER BY created_at, rowid
                """
            )
            .query([.text(deviceId)], during: "reading a device's keys", row: SQLiteRecords.key)
        }
    }

    /// Not durable before return (NORMAL): `lastUsedAt` is informational.
    public func markDeviceUsed(id: String, at time: Date) throws(StoreError) {
        try writeTransaction("marking a device used", durable: false) { connection throws(StoreError) in
            _ = try Self.requireActiveDevice(id: id, connection)
            try connection.statement("UPDATE devices SET last_used_at = ?2 WHERE id = ?1")
                .execute([.text(id), .time(time)], during: "marking a device used")
        }
    }

    /// Durable (FULL).
    public func revokeDevice(id: String, now: Date) throws(StoreError) {
        try writeTransaction("revoking a device") { connection throws(StoreError) in
            guard try Self.fetchDevice(id: id, connection) != nil else { throw DeviceRules.deviceNotFound }
            try connection.statement("UPDATE devices SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL")
                .execute([.text(id), .time(now)], during: "revoking a device")
        }
    }

    /// Durable (FULL).
    public func replaceBiometricKey(deviceId: String, publicKey: Data, now: Date) throws(StoreError) {
        try writeTransaction("replacing the biometric key") { connection throws(StoreError) in
            _ = try Self.requireActiveDevice(id: deviceId, connection)
            try connection.statement(
                """
                UPDATE device_keys SET replaced_at = ?3 WHERE device_id = ?1 AND kind = ?2 AND replaced_at IS NULL
                """
            )
            .execute([.text(deviceId), .text(KeyKind.biometric.rawValue), .time(now)], during: "replacing the biometric key")
            try Self.insertKey(deviceId: deviceId, kind: .biometric, publicKey: publicKey, now: now, connection)
        }
    }

    // MARK: PIN

    /// Durable (FULL); the count and the revocation commit together.
    public func recordPINFailure(deviceId: String, limit: Int, now: Date) throws(StoreError) -> PINFailureOutcome {
        try DeviceRules.validatePINLimit(limit)
        return try writeTransaction("recording a PIN failure") { connection throws(StoreError) in
            let device = try Self.requireActiveDevice(id: deviceId, connection)
            let outcome = DeviceRules.pinFailureOutcome(failures: device.failedPinAttempts + 1, limit: limit)
            try connection.statement("UPDATE devices SET failed_pin_attempts = ?2, revoked_at = ?3 WHERE id = ?1")
                .execute(
                    [.text(deviceId), .integer(Int64(outcome.failedAttempts)), outcome.revokedDevice ? .time(now) : .null],
                    during: "recording a PIN failure")
            return outcome
        }
    }

    /// Durable (FULL).
    public func resetPINFailures(deviceId: String) throws(StoreError) {
        try writeTransaction("resetting PIN failures") { connection throws(StoreError) in
            _ = try Self.requireActiveDevice(id: deviceId, connection)
            try connection.statement("UPDATE devices SET failed_pin_attempts = 0 WHERE id = ?1")
                .execute([.text(deviceId)], during: "resetting PIN failures")
        }
    }

    /// Durable (FULL).
    public func setPINHash(deviceId: String, pinHash: Data) throws(StoreError) {
        try writeTransaction("setting the PIN hash") { connection throws(StoreError) in
            _ = try Self.requireActiveDevice(id: deviceId, connection)
            try connection.statement("UPDATE devices SET pin_hash = ?2, failed_pin_attempts = 0 WHERE id = ?1")
                .execute([.text(deviceId), .blob(pinHash)], during: "setting the PIN hash")
        }
    }

    // MARK: In-transaction steps

    static func fetchDevice(id: String, _ connection: SQLiteConnection) throws(StoreError) -> Device? {
        try connection.statement(
            """
            SELECT id, account_id, name, platform, created_at, last_used_at, revoked_at, pin_hash, failed_pin_attempts
            FROM devices WHERE id = ?1
            """
        )
        .query([.text(id)], during: "reading a device", row: SQLiteRecords.device)
        .first
    }

    static func fetchActiveKey(deviceId: String, kind: KeyKind, _ connection: SQLiteConnection) throws(StoreError) -> DeviceKeyRecord? {
        try connection.statement(
            """
            SELECT device_id, kind, public_key, created_at, replaced_at FROM device_keys
            WHERE device_id = ?1 AND kind = ?2 AND replaced_at IS NULL
            """
        )
        .query([.text(deviceId), .text(kind.rawValue)], during: "reading a device key", row: SQLiteRecords.key)
        .first
    }

    static func requireActiveDevice(id: String, _ connection: SQLiteConnection) throws(StoreError) -> Device {
        try DeviceRules.requireActive(try fetchDevice(id: id, connection))
    }

    static func insertKey(deviceId: String, kind: KeyKind, publicKey: Data, now: Date, _ connection: SQLiteConnection) throws(StoreError) {
        try connection.statement(
            """
            INSERT INTO device_keys (device_id, kind, public_key, created_at, replaced_at) VALUES (?1, ?2, ?3, ?4, NULL)
            """
        )
        .execute([.text(deviceId), .text(kind.rawValue), .blob(publicKey), .time(now)], during: "storing a device key")
    }
}
