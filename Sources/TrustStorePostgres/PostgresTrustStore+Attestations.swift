import Foundation
import TrustStore

extension PostgresTrustStore {
    public func keyAttestation(deviceId: String, kind: KeyKind) throws(StoreError) -> KeyAttestation? {
        try read("reading key attestations") { connection throws(StoreError) in
            try Self.fetchAttestations(deviceId: deviceId, connection).first { $0.kind == kind }
        }
    }

    public func receiptsDueForRefresh(at now: Date, limit: Int) throws(StoreError) -> [DueReceipt] {
        try read("reading due receipts") { connection throws(StoreError) in
            try connection.execute(
                """
                SELECT a.device_id, \(PostgresRecords.attestationColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
                FROM key_attestations a JOIN devices d ON d.id = a.device_id
                WHERE a.format = 'apple-appattest' AND a.kind = 'device' AND a.receipt_refresh_at IS NOT NULL AND a.receipt_refresh_at <= $1
                  AND d.revoked_at IS NULL
                ORDER BY a.receipt_refresh_at LIMIT $2
                """, [.time(now), .int8(Int64(max(0, limit)))], during: "reading due receipts"
            )
            .rows { row throws(StoreError) in
                DueReceipt(deviceId: try row.text(0), attestation: try PostgresRecords.attestation(row.columns(from: 1)))
            }
        }
    }

    /// One `UPDATE`, retried once after a lost connection: replaying it stores the same
    /// receipt again, or counts one failure twice, which only lengthens the backoff.
    public func recordReceiptRefresh(deviceId: String, _ outcome: ReceiptRefreshOutcome, nextRefreshAt: Date?) throws(StoreError) {
        let changed = try idempotentWrite("recording a receipt refresh") { connection throws(StoreError) -> Int in
            switch outcome {
            case .refreshed(let receipt, let riskMetric, let expiresAt):
                return try connection.execute(
                    """
                    UPDATE key_attestations SET receipt = $2, risk_metric = $3, receipt_expires_at = $4, receipt_refresh_at = $5,
                                                receipt_refresh_failures = 0
                    WHERE device_id = $1 AND kind = 'device' AND format = 'apple-appattest'
                    """,
                    [.text(deviceId), .bytea(receipt), riskMetric.map { .int8(Int64($0)) } ?? .null(.int8), .time(expiresAt), .optionalTime(nextRefreshAt)],
                    during: "recording a receipt refresh"
                ).changedRows
            case .kept, .failed:
                return try connection.execute(
                    """
                    UPDATE key_attestations SET receipt_refresh_at = $2,
                        receipt_refresh_failures = CASE WHEN $3 THEN receipt_refresh_failures + 1 ELSE 0 END
                    WHERE device_id = $1 AND kind = 'device' AND format = 'apple-appattest'
                    """, [.text(deviceId), .optionalTime(nextRefreshAt), .bool(outcome == .failed)], during: "recording a receipt refresh"
                ).changedRows
            }
        }
        guard changed == 1 else { throw StoreError(.notFound, reason: "the device has no App Attest record") }
    }

    /// Inside the enrollment transaction, after the device row exists.
    static func insertAttestation(_ attestation: KeyAttestation, deviceId: String, _ connection: PostgresConnection) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO key_attestations (device_id, \(PostgresRecords.attestationColumns))
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
            """,
            [
                .text(deviceId), .text(attestation.kind.rawValue), .text(attestation.platform), .text(attestation.format),
                .optionalText(attestation.securityLevel), .optionalText(attestation.environment),
                .optionalBytea(attestation.appAttestKeyId), .optionalBytea(attestation.appAttestPublicKey),
                .int8(Int64(attestation.signCount)), .optionalBytea(attestation.receipt), .optionalText(attestation.appAttestAppId),
                .optionalTime(attestation.receiptExpiresAt), .optionalTime(attestation.receiptRefreshAt),
                attestation.riskMetric.map { .int8(Int64($0)) } ?? .null(.int8), .int8(Int64(attestation.receiptRefreshFailures)),
            ],
            during: "storing a key attestation")
    }

    /// The device's attestation records, `device` first.
    static func fetchAttestations(deviceId: String, _ connection: PostgresConnection) throws(StoreError) -> [KeyAttestation] {
        try connection.execute(
            "SELECT \(PostgresRecords.attestationColumns) FROM key_attestations WHERE device_id = $1 ORDER BY kind DESC",
            [.text(deviceId)], during: "reading key attestations"
        )
        .rows(PostgresRecords.attestation)
    }
}
