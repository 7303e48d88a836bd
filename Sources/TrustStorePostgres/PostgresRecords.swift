import Foundation
import TrustStore

/// Column lists and decoders, one per record; the SELECTs and RETURNING clauses list
/// columns in this order.
enum PostgresRecords {
    static let enrollmentColumns = "id, account_id, nonce, signing_payload, expires_at, consumed_at"
    static func enrollment(_ row: PostgresRow) throws(StoreError) -> Enrollment {
        Enrollment(
            id: try row.text(0), accountId: try row.text(1), nonce: try row.bytea(2), signingPayload: try row.bytea(3),
            expiresAt: try row.time(4), consumedAt: try row.optionalTime(5))
    }

    static let deviceColumns = "id, account_id, name, platform, created_at, last_used_at, revoked_at, pin_hash, failed_pin_attempts"
    static func device(_ row: PostgresRow) throws(StoreError) -> Device {
        Device(
            id: try row.text(0), accountId: try row.text(1), name: try row.text(2), platform: try row.text(3),
            createdAt: try row.time(4), lastUsedAt: try row.optionalTime(5), revokedAt: try row.optionalTime(6),
            pinHash: row.optionalBytea(7), failedPinAttempts: Int(try row.int8(8)))
    }

    static let keyColumns = "device_id, kind, public_key, created_at, replaced_at"
    static func key(_ row: PostgresRow) throws(StoreError) -> DeviceKeyRecord {
        DeviceKeyRecord(
            deviceId: try row.text(0), kind: try row.keyKind(1), publicKey: try row.bytea(2),
            createdAt: try row.time(3), replacedAt: try row.optionalTime(4))
    }

    /// A device (`d`) and its active key of one kind (`k`, LEFT JOINed), as `deviceWithKey` reads them.
    static let deviceWithKeyColumns = """
        d.id, d.account_id, d.name, d.platform, d.created_at, d.last_used_at, d.revoked_at, \
        d.pin_hash, d.failed_pin_attempts, k.public_key, k.created_at
        """
    /// `nil` when the device columns are NULL (a LEFT JOIN found no device).
    static func deviceWithKey(_ row: PostgresRow, kind: KeyKind) throws(StoreError) -> (device: Device, key: DeviceKeyRecord?)? {
        guard !row.isNull(0) else { return nil }
        let device = try device(row)
        guard let publicKey = row.optionalBytea(9) else { return (device, nil) }
        return (device, DeviceKeyRecord(deviceId: device.id, kind: kind, publicKey: publicKey, createdAt: try row.time(10)))
    }

    static let challengeColumns = "id, device_id, account_id, key_kind, purpose, action_sha256, nonce, payload, expires_at, consumed_at"
    static let challengeColumnCount: Int32 = 10
    static func challenge(_ row: PostgresRow) throws(StoreError) -> Challenge {
        Challenge(
            id: try row.text(0), deviceId: try row.text(1), accountId: try row.text(2), keyKind: try row.keyKind(3),
            purpose: try row.text(4), actionSHA256: row.optionalText(5), nonce: try row.bytea(6), payload: try row.bytea(7),
            expiresAt: try row.time(8), consumedAt: try row.optionalTime(9))
    }

    static let attestationColumns =
        "kind, platform, format, security_level, environment, app_attest_key_id, app_attest_public_key, sign_count, receipt, app_attest_app_id, "
        + "receipt_expires_at, receipt_refresh_at, risk_metric, receipt_refresh_failures"
    static func attestation(_ row: PostgresRow) throws(StoreError) -> KeyAttestation {
        guard let signCount = UInt32(exactly: try row.int8(7)) else {
            throw StoreError(.corrupt, reason: "a stored App Attest counter is out of range")
        }
        return KeyAttestation(
            kind: try row.keyKind(0), platform: try row.text(1), format: try row.text(2),
            securityLevel: row.optionalText(3), environment: row.optionalText(4),
            appAttestKeyId: row.optionalBytea(5), appAttestPublicKey: row.optionalBytea(6),
            signCount: signCount, receipt: row.optionalBytea(8), appAttestAppId: row.optionalText(9),
            receiptExpiresAt: try row.optionalTime(10), receiptRefreshAt: try row.optionalTime(11),
            riskMetric: try row.optionalInt8(12).map { Int($0) }, receiptRefreshFailures: Int(try row.int8(13)))
    }
}
