import Foundation
import TrustStore

/// Times are stored as INTEGER microseconds since 1970 (PostgreSQL's precision).
extension SQLiteValue {
    static func time(_ date: Date) -> SQLiteValue {
        .integer(Int64((date.timeIntervalSince1970 * 1_000_000).rounded()))
    }

    static func optionalTime(_ date: Date?) -> SQLiteValue { date.map(time) ?? .null }
    static func optionalText(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
    static func optionalBlob(_ data: Data?) -> SQLiteValue { data.map(SQLiteValue.blob) ?? .null }
}

extension SQLiteRow {
    func time(_ column: Int32) -> Date { Date(timeIntervalSince1970: Double(integer(column)) / 1_000_000) }
    func optionalTime(_ column: Int32) -> Date? { isNull(column) ? nil : time(column) }

    func keyKind(_ column: Int32) throws(StoreError) -> KeyKind {
        guard let kind = KeyKind(rawValue: text(column)) else {
            throw StoreError(.corrupt, reason: "a stored key kind is not device or biometric")
        }
        return kind
    }
}

/// Column lists and decoders, one per record; the SELECTs list columns in this order.
enum SQLiteRecords {
    // enrollments: id, account_id, nonce, signing_payload, expires_at, consumed_at
    static func enrollment(_ row: SQLiteRow) throws(StoreError) -> Enrollment {
        Enrollment(
            id: row.text(0), accountId: row.text(1), nonce: row.blob(2), signingPayload: row.blob(3),
            expiresAt: row.time(4), consumedAt: row.optionalTime(5))
    }

    // devices: id, account_id, name, platform, created_at, last_used_at, revoked_at, pin_hash, failed_pin_attempts
    static func device(_ row: SQLiteRow) throws(StoreError) -> Device {
        Device(
            id: row.text(0), accountId: row.text(1), name: row.text(2), platform: row.text(3),
            createdAt: row.time(4), lastUsedAt: row.optionalTime(5), revokedAt: row.optionalTime(6),
            pinHash: row.optionalBlob(7), failedPinAttempts: Int(row.integer(8)))
    }

    // device_keys: device_id, kind, public_key, created_at, replaced_at
    static func key(_ row: SQLiteRow) throws(StoreError) -> DeviceKeyRecord {
        DeviceKeyRecord(
            deviceId: row.text(0), kind: try row.keyKind(1), publicKey: row.blob(2),
            createdAt: row.time(3), replacedAt: row.optionalTime(4))
    }

    // challenges: id, device_id, account_id, key_kind, purpose, action_sha256, nonce, payload, expires_at, consumed_at
    static func challenge(_ row: SQLiteRow) throws(StoreError) -> Challenge {
        Challenge(
            id: row.text(0), deviceId: row.text(1), accountId: row.text(2), keyKind: try row.keyKind(3),
            purpose: row.text(4), actionSHA256: row.optionalText(5), nonce: row.blob(6), payload: row.blob(7),
            expiresAt: row.time(8), consumedAt: row.optionalTime(9))
    }
}
