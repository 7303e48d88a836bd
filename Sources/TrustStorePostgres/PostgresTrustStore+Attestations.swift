import Foundation
import TrustStore

extension PostgresTrustStore {
    public func keyAttestation(deviceId: String, kind: KeyKind) throws(StoreError) -> KeyAttestation? {
        try read("reading key attestations") { connection throws(StoreError) in
            try Self.fetchAttestations(deviceId: deviceId, connection).first { $0.kind == kind }
        }
    }

    /// Inside the enrollment transaction, after the device row exists.
    static func insertAttestation(_ attestation: KeyAttestation, deviceId: String, _ connection: PostgresConnection) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO key_attestations (device_id, \(PostgresRecords.attestationColumns))
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
            """,
            [
                .text(deviceId), .text(attestation.kind.rawValue), .text(attestation.platform), .text(attestation.format),
                .optionalText(attestation.securityLevel), .optionalText(attestation.environment),
                .optionalBytea(attestation.appAttestKeyId), .optionalBytea(attestation.appAttestPublicKey),
                .int8(Int64(attestation.signCount)), .optionalBytea(attestation.receipt), .optionalText(attestation.appAttestAppId),
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
