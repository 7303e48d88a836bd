import Foundation
import TrustStore

extension SQLiteTrustStore {
    /// Durable (FULL).
    public func createEnrollment(_ enrollment: Enrollment) throws(StoreError) {
        try writeTransaction("creating an enrollment") { connection throws(StoreError) in
            try connection.statement(
                """
                INSERT INTO enrollments (id, account_id, nonce, signing_payload, expires_at, consumed_at)
                VALUES (?1, ?2, ?3, ?4, ?5, NULL)
                """
            )
            .execute(
                [
                    .text(enrollment.id), .text(enrollment.accountId), .blob(enrollment.nonce),
                    .blob(enrollment.signingPayload), .time(enrollment.expiresAt),
                ], during: "creating an enrollment")
        }
    }

    public func enrollment(id: String) throws(StoreError) -> Enrollment? {
        try read { connection throws(StoreError) in try Self.fetchEnrollment(id: id, connection) }
    }

    /// Durable (FULL).
    public func consumeEnrollment(id: String, now: Date) throws(StoreError) -> Enrollment {
        try writeTransaction("consuming an enrollment") { connection throws(StoreError) in
            try Self.consumeEnrollment(id: id, now: now, connection)
        }
    }

    /// Durable (FULL): the consumption, the device, its keys and PIN hash commit together.
    public func enrollDevice(
        _ registration: DeviceRegistration, consumingEnrollment enrollmentId: String, now: Date
    ) throws(StoreError) -> Device {
        try registration.validate()
        return try writeTransaction("enrolling a device") { connection throws(StoreError) in
            let enrollment = try Self.consumeEnrollment(id: enrollmentId, now: now, connection)
            let device = registration.device(inAccount: enrollment.accountId, createdAt: now)
            try connection.statement(
                """
                INSERT INTO devices (id, account_id, name, platform, created_at, last_used_at, revoked_at, pin_hash, failed_pin_attempts)
                VALUES (?1, ?2, ?3, ?4, ?5, NULL, NULL, ?6, 0)
                """
            )
            .execute(
                [
                    .text(device.id), .text(device.accountId), .text(device.name), .text(device.platform),
                    .time(now), .optionalBlob(device.pinHash),
                ], during: "enrolling a device")
            for key in registration.keysInOrder {
                try Self.insertKey(deviceId: device.id, kind: key.kind, publicKey: key.publicKey, now: now, connection)
            }
            for attestation in registration.attestationsInOrder {
                try Self.insertAttestation(attestation, deviceId: device.id, connection)
            }
            return device
        }
    }

    // MARK: In-transaction steps

    static func fetchEnrollment(id: String, _ connection: SQLiteConnection) throws(StoreError) -> Enrollment? {
        try connection.statement(
            """
            SELECT id, account_id, nonce, signing_payload, expires_at, consumed_at FROM enrollments WHERE id = ?1
            """
        )
        .query([.text(id)], during: "reading an enrollment", row: SQLiteRecords.enrollment)
        .first
    }

    /// Must run inside a `BEGIN IMMEDIATE` transaction.
    static func consumeEnrollment(id: String, now: Date, _ connection: SQLiteConnection) throws(StoreError) -> Enrollment {
        let stored = try fetchEnrollment(id: id, connection)
        try ConsumptionRule.check(.enrollment, consumedAt: stored?.consumedAt, expiresAt: stored?.expiresAt, now: now)
        guard var enrollment = stored else { throw ConsumptionRule.notFound(.enrollment) }
        try connection.statement("UPDATE enrollments SET consumed_at = ?2 WHERE id = ?1 AND consumed_at IS NULL")
            .execute([.text(id), .time(now)], during: "consuming an enrollment")
        guard connection.changes == 1 else { throw ConsumptionRule.alreadyConsumed(.enrollment) }
        enrollment.consumedAt = now
        return enrollment
    }
}
