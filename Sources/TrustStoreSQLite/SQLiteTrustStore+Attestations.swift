import Foundation
import TrustStore

extension SQLiteTrustStore {
    public func keyAttestation(deviceId: String, kind: KeyKind) throws(StoreError) -> KeyAttestation? {
        try read { connection throws(StoreError) in
            try Self.fetchAttestations(deviceId: deviceId, connection).first { $0.kind == kind }
        }
    }

    // key_attestations: kind, platform, format, security_level, environment,
    // app_attest_key_id, app_attest_public_key, sign_count, receipt, app_attest_app_id

    /// Must run inside a write transaction, after the device row exists.
    static func insertAttestation(_ attestation: KeyAttestation, deviceId: String, _ connection: SQLiteConnection) throws(StoreError) {
        try connection.statement(
            """
            INSERT INTO key_attestations (device_id, kind, platform, format, security_level, environment,
                                          app_attest_key_id, app_attest_public_key, sign_count, receipt, app_attest_app_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """
        )
        .execute(
            [
                .text(deviceId), .text(attestation.kind.rawValue), .text(attestation.platform), .text(attestation.format),
                .optionalText(attestation.securityLevel), .optionalText(attestation.environment),
                .optionalBlob(attestation.appAttestKeyId), .optionalBlob(attestation.appAttestPublicKey),
                .integer(Int64(attestation.signCount)), .optionalBlob(attestation.receipt), .optionalText(attestation.appAttestAppId),
            ], during: "storing a key attestation")
    }

    /// The device's attestation records, by key kind order.
    static func fetchAttestations(deviceId: String, _ connection: SQLiteConnection) throws(StoreError) -> [KeyAttestation] {
        try connection.statement(
            """
            SELECT kind, platform, format, security_level, environment, app_attest_key_id, app_attest_public_key,
                   sign_count, receipt, app_attest_app_id
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
                signCount: signCount, receipt: row.optionalBlob(8), appAttestAppId: row.optionalText(9))
        }
    }
}
