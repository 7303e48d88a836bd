import Foundation
import TrustStore

extension SQLiteTrustStore {
    public func keyAttestation(deviceId: String, kind: KeyKind) throws(StoreError) -> KeyAttestation? {
        try read { connection throws(StoreError) in
            try Self.fetchAttestations(deviceId: deviceId, connection).first { $0.kind == kind }
        }
    }

    public func receiptsDueForRefresh(at now: Date, limit: Int) throws(StoreError) -> [DueReceipt] {
        try read { connection throws(StoreError) in
            let ids = try connection.statement(
                """
                SELECT a.device_id FROM key_attestations a JOIN devices d ON d.id = a.device_id
                WHERE a.format = 'apple-appattest' AND a.receipt_refresh_at IS NOT NULL AND a.receipt_refresh_at <= ?1
                  AND d.revoked_at IS NULL
                ORDER BY a.receipt_refresh_at LIMIT ?2
                """
            )
            .query([.time(now), .integer(Int64(max(0, limit)))], during: "reading due receipts") { row throws(StoreError) in row.text(0) }
            var due: [DueReceipt] = []
            for id in ids {
                if let record = try Self.fetchAttestations(deviceId: id, connection).first(where: { $0.kind == .device }) {
                    due.append(DueReceipt(deviceId: id, attestation: record))
                }
            }
            return due
        }
    }

    /// Durable (FULL): one `UPDATE` of the device's App Attest record.
    public func recordReceiptRefresh(deviceId: String, _ outcome: ReceiptRefreshOutcome, nextRefreshAt: Date?) throws(StoreError) {
        try writeTransaction("recording a receipt refresh") { connection throws(StoreError) in
            switch outcome {
            case .refreshed(let receipt, let riskMetric, let expiresAt):
                try connection.statement(
                    """
                    UPDATE key_attestations SET receipt = ?2, risk_metric = ?3, receipt_expires_at = ?4, receipt_refresh_at = ?5,
                                                receipt_refresh_failures = 0
                    WHERE device_id = ?1 AND kind = 'device' AND format = 'apple-appattest'
                    """
                )
                .execute(
                    [.text(deviceId), .blob(receipt), riskMetric.map { .integer(Int64($0)) } ?? .null, .time(expiresAt), .optionalTime(nextRefreshAt)],
                    during: "recording a receipt refresh")
            case .kept, .failed:
                try connection.statement(
                    """
                    UPDATE key_attestations SET receipt_refresh_at = ?2,
                        receipt_refresh_failures = CASE WHEN ?3 THEN receipt_refresh_failures + 1 ELSE 0 END
                    WHERE device_id = ?1 AND kind = 'device' AND format = 'apple-appattest'
                    """
                )
                .execute([.text(deviceId), .optionalTime(nextRefreshAt), .integer(outcome == .failed ? 1 : 0)], during: "recording a receipt refresh")
            }
            guard connection.changes == 1 else { throw StoreError(.notFound, reason: "the device has no App Attest record") }
        }
    }

    // key_attestations: kind, platform, format, security_level, environment,
    // app_attest_key_id, app_attest_public_key, sign_count, receipt, app_attest_app_id,
    // receipt_expires_at, receipt_refresh_at, risk_metric, receipt_refresh_failures

    /// Must run inside a write transaction, after the device row exists.
    static func insertAttestation(_ attestation: KeyAttestation, deviceId: String, _ connection: SQLiteConnection) throws(StoreError) {
        try connection.statement(
            """
            INSERT INTO key_attestations (device_id, kind, platform, format, security_level, environment,
                                          app_attest_key_id, app_attest_public_key, sign_count, receipt, app_attest_app_id,
                                          receipt_expires_at, receipt_refresh_at, risk_metric, receipt_refresh_failures)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
            """
        )
        .execute(
            [
                .text(deviceId), .text(attestation.kind.rawValue), .text(attestation.platform), .text(attestation.format),
                .optionalText(attestation.securityLevel), .optionalText(attestation.environment),
                .optionalBlob(attestation.appAttestKeyId), .optionalBlob(attestation.appAttestPublicKey),
                .integer(Int64(attestation.signCount)), .optionalBlob(attestation.receipt), .optionalText(attestation.appAttestAppId),
                .optionalTime(attestation.receiptExpiresAt), .optionalTime(attestation.receiptRefreshAt),
                attestation.riskMetric.map { .integer(Int64($0)) } ?? .null, .integer(Int64(attestation.receiptRefreshFailures)),
            ], during: "storing a key attestation")
    }

    /// The device's attestation records, by key kind order.
    static func fetchAttestations(deviceId: String, _ connection: SQLiteConnection) throws(StoreError) -> [KeyAttestation] {
        try connection.statement(
            """
            SELECT kind, platform, format, security_level, environment, app_attest_key_id, app_attest_public_key,
                   sign_count, receipt, app_attest_app_id, receipt_expires_at, receipt_refresh_at, risk_metric,
                   receipt_refresh_failures
            FROM key_attestations WHERE device_id = ?1 ORDER BY kind DESC
            """
        )
        .query([.text(deviceId)], during: "reading key attestations") { row throws(StoreError) in
            guard let signCount = UInt32(exactly: row.integer(7)) else {
                throw StoreError(.corrupt, reason: "a stored App Attest counter is out of range")
            }
            return KeyAttestation(
                kind: try row.keyKind(0), platform: row.text(1), format: row.text(2),
                securityLevel: row.optionalText(3), environment: row.optionalText(4),
                appAttestKeyId: row.optionalBlob(5), appAttestPublicKey: row.optionalBlob(6),
                signCount: signCount, receipt: row.optionalBlob(8), appAttestAppId: row.optionalText(9),
                receiptExpiresAt: row.optionalTime(10), receiptRefreshAt: row.optionalTime(11),
                riskMetric: row.optionalInteger(12).map { Int($0) }, receiptRefreshFailures: Int(row.integer(13)))
        }
    }
}
