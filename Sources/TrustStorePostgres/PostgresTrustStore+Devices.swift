import Foundation
import TrustStore

extension PostgresTrustStore {
    public func device(id: String) throws(StoreError) -> Device? {
        try read("reading a device") { connection throws(StoreError) in try Self.fetchDevice(id: id, connection) }
    }

    public func devices(ofAccount accountId: String) throws(StoreError) -> [DeviceSummary] {
        try read("listing an account's devices") { connection throws(StoreError) in
            var summaries = try connection.execute(
                """
                SELECT d.id, d.account_id, d.name, d.platform, d.created_at, d.last_used_at, d.revoked_at,
                       d.pin_hash, d.failed_pin_attempts,
                       (SELECT string_agg(k.kind, ',') FROM device_keys k WHERE k.device_id = d.id AND k.replaced_at IS NULL)
                FROM devices d WHERE d.account_id = $1 ORDER BY d.created_at, d.id
                """, [.text(accountId)], during: "listing an account's devices"
            )
            .rows { row throws(StoreError) in
                var kinds: [KeyKind] = []
                for name in (row.optionalText(9) ?? "").split(separator: ",") {
                    guard let kind = KeyKind(rawValue: String(name)) else {
                        throw StoreError(.corrupt, reason: "a stored key kind is not device or biometric")
                    }
                    kinds.append(kind)
                }
                return DeviceSummary(device: try PostgresRecords.device(row), keyKinds: kinds.sorted())
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
        try read("reading a device key") { connection throws(StoreError) in
            try Self.fetchActiveKey(deviceId: deviceId, kind: kind, connection)
        }
    }

    /// One statement: the device and, joined, its active key of `kind`.
    public func deviceWithActiveKey(id: String, kind: KeyKind) throws(StoreError) -> (device: Device, key: DeviceKeyRecord?)? {
        try read("reading a device and its key") { connection throws(StoreError) in
            try Self.fetchDeviceWithActiveKey(id: id, kind: kind, connection)
        }
    }

    static func fetchDeviceWithActiveKey(
        id: String, kind: KeyKind, _ connection: PostgresConnection
    ) throws(StoreError) -> (device: Device, key: DeviceKeyRecord?)? {
        try connection.execute(
            """
            SELECT \(PostgresRecords.deviceWithKeyColumns)
            FROM devices d
            LEFT JOIN device_keys k ON k.device_id = d.id AND k.kind = $2 AND k.replaced_at IS NULL
            WHERE d.id = $1
            """, [.text(id), .text(kind.rawValue)], during: "reading a device and its key"
        )
        .rows { row throws(StoreError) in try PostgresRecords.deviceWithKey(row, kind: kind) }
        .first.flatMap { $0 }
    }

    public func keyHistory(deviceId: String) throws(StoreError) -> [DeviceKeyRecord] {
        try read("reading a device's keys") { connection throws(StoreError) in
            try connection.execute(
                """
                SELECT \(PostgresRecords.keyColumns) FROM device_keys WHERE device_id = $1
                ORDER BY created_at, replaced_at NULLS LAST, CASE kind WHEN 'device' THEN 0 ELSE 1 END
                """, [.text(deviceId)], during: "reading a device's keys"
            )
            .rows(PostgresRecords.key)
        }
    }

    /// Not flushed before return (``Durability/relaxed``): `lastUsedAt` is informational.
    public func markDeviceUsed(id: String, at time: Date) throws(StoreError) {
        try idempotentWrite("marking a device used", .relaxed) { connection throws(StoreError) in
            try Self.updateActiveDevice(
                "UPDATE devices SET last_used_at = $2 WHERE id = $1 AND revoked_at IS NULL", id: id, [.time(time)],
                during: "marking a device used", connection)
        }
    }

    /// Idempotent: a revoked device keeps its first `revokedAt`, so a replay changes nothing.
    public func revokeDevice(id: String, now: Date) throws(StoreError) {
        try idempotentWrite("revoking a device") { connection throws(StoreError) in
            let changed = try connection.execute(
                "UPDATE devices SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1", [.text(id), .time(now)],
                during: "revoking a device"
            ).changedRows
            guard changed == 1 else { throw DeviceRules.deviceNotFound }
        }
    }

    /// One transaction whose first statement locks the device row (`FOR UPDATE`), so the
    /// revocation check and the key change cannot interleave with a revocation.
    public func replaceBiometricKey(deviceId: String, publicKey: Data, now: Date) throws(StoreError) {
        try transaction(
            "replacing the biometric key",
            recognise: { connection throws(StoreError) -> Void? in
                try Self.fetchActiveKey(deviceId: deviceId, kind: .biometric, connection)?.publicKey == publicKey ? () : nil
            }
        ) { connection throws(StoreError) -> Void in
            let revoked = try connection.execute(
                "SELECT revoked_at IS NOT NULL FROM devices WHERE id = $1 FOR UPDATE", [.text(deviceId)],
                during: "locking the device"
            ).rows { row throws(StoreError) in try row.bool(0) }
            try DeviceRules.requireActive(exists: !revoked.isEmpty, revoked: revoked.first ?? false)
            _ = try connection.execute(
                "UPDATE device_keys SET replaced_at = $2 WHERE device_id = $1 AND kind = 'biometric' AND replaced_at IS NULL",
                [.text(deviceId), .time(now)], during: "replacing the biometric key")
            try Self.insertKey(deviceId: deviceId, kind: .biometric, publicKey: publicKey, now: now, connection)
        }
    }

    // MARK: PIN

    /// One statement: the count and, at the limit, the revocation (``DeviceRules``).
    /// Not replayed after a lost reply (see the type's notes).
    public func recordPINFailure(deviceId: String, limit: Int, now: Date) throws(StoreError) -> PINFailureOutcome {
        try DeviceRules.validatePINLimit(limit)
        return try write("recording a PIN failure") { connection throws(StoreError) in
            let counted = try connection.execute(
                """
                UPDATE devices SET failed_pin_attempts = failed_pin_attempts + 1,
                       revoked_at = CASE WHEN failed_pin_attempts + 1 >= $2 THEN $3 ELSE NULL END
                WHERE id = $1 AND revoked_at IS NULL
                RETURNING failed_pin_attempts
                """, [.text(deviceId), .int8(Int64(limit)), .time(now)], during: "recording a PIN failure"
            )
            .rows { row throws(StoreError) in try row.int8(0) }
            guard let failures = counted.first else { throw try Self.whyNotActive(deviceId, connection) }
            return DeviceRules.pinFailureOutcome(failures: Int(failures), limit: limit)
        }
    }

    public func resetPINFailures(deviceId: String) throws(StoreError) {
        try idempotentWrite("resetting PIN failures") { connection throws(StoreError) in
            try Self.updateActiveDevice(
                "UPDATE devices SET failed_pin_attempts = 0 WHERE id = $1 AND revoked_at IS NULL", id: deviceId, [],
                during: "resetting PIN failures", connection)
        }
    }

    public func setPINHash(deviceId: String, pinHash: Data) throws(StoreError) {
        try idempotentWrite("setting the PIN hash") { connection throws(StoreError) in
            try Self.updateActiveDevice(
                "UPDATE devices SET pin_hash = $2, failed_pin_attempts = 0 WHERE id = $1 AND revoked_at IS NULL",
                id: deviceId, [.bytea(pinHash)], during: "setting the PIN hash", connection)
        }
    }

    // MARK: Statements

    static func fetchDevice(id: String, _ connection: PostgresConnection) throws(StoreError) -> Device? {
        try connection.execute(
            "SELECT \(PostgresRecords.deviceColumns) FROM devices WHERE id = $1", [.text(id)], during: "reading a device"
        )
        .rows(PostgresRecords.device).first
    }

    static func fetchActiveKey(deviceId: String, kind: KeyKind, _ connection: PostgresConnection) throws(StoreError) -> DeviceKeyRecord? {
        try connection.execute(
            """
            SELECT \(PostgresRecords.keyColumns) FROM device_keys
            WHERE device_id = $1 AND kind = $2 AND replaced_at IS NULL
            """, [.text(deviceId), .text(kind.rawValue)], during: "reading a device key"
        )
        .rows(PostgresRecords.key).first
    }

    /// Runs an update guarded by `revoked_at IS NULL` (`$1` is the device id); when it
    /// changes nothing, says why (``DeviceRules``).
    static func updateActiveDevice(
        _ sql: String, id: String, _ parameters: [PostgresValue], during operation: String, _ connection: PostgresConnection
    ) throws(StoreError) {
        let changed = try connection.execute(sql, [.text(id)] + parameters, during: operation).changedRows
        guard changed == 1 else { throw try whyNotActive(id, connection) }
    }

    /// The refusal for a device an update guarded by `revoked_at IS NULL` did not find.
    static func whyNotActive(_ id: String, _ connection: PostgresConnection) throws(StoreError) -> StoreError {
        let revoked = try connection.execute(
            "SELECT revoked_at IS NOT NULL FROM devices WHERE id = $1", [.text(id)], during: "reading a device's state"
        )
        .rows { row throws(StoreError) in try row.bool(0) }
        do throws(StoreError) {
            try DeviceRules.requireActive(exists: !revoked.isEmpty, revoked: revoked.first ?? false)
        } catch {
            return error
        }
        return DeviceRules.deviceNotFound  // created after the update looked: it was not there
    }

    static func insertKey(deviceId: String, kind: KeyKind, publicKey: Data, now: Date, _ connection: PostgresConnection) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO device_keys (id, \(PostgresRecords.keyColumns)) VALUES ($1, $2, $3, $4, $5, NULL)
            """, [.bytea(newMarker()), .text(deviceId), .text(kind.rawValue), .bytea(publicKey), .time(now)],
            during: "storing a device key")
    }
}
