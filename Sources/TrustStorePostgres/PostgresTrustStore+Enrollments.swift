import Foundation
import TrustStore

extension PostgresTrustStore {
    public func createEnrollment(_ enrollment: Enrollment) throws(StoreError) {
        try write(
            "creating an enrollment",
            recognise: { connection throws(StoreError) in
                try Self.fetchEnrollment(id: enrollment.id, connection)?.nonce == enrollment.nonce ? () : nil
            }
        ) { connection throws(StoreError) -> Void in
            _ = try connection.execute(
                """
                INSERT INTO enrollments (id, account_id, nonce, signing_payload, expires_at, consumed_at)
                VALUES ($1, $2, $3, $4, $5, NULL)
                """,
                [
                    .text(enrollment.id), .text(enrollment.accountId), .bytea(enrollment.nonce),
                    .bytea(enrollment.signingPayload), .time(enrollment.expiresAt),
                ],
                during: "creating an enrollment")
        }
    }

    public func enrollment(id: String) throws(StoreError) -> Enrollment? {
        try read("reading an enrollment") { connection throws(StoreError) in try Self.fetchEnrollment(id: id, connection) }
    }

    public func consumeEnrollment(id: String, now: Date) throws(StoreError) -> Enrollment {
        let marker = Self.newMarker()
        return try write(
            "consuming an enrollment",
            recognise: { connection throws(StoreError) in
                try Self.enrollmentConsumed(id: id, by: marker, connection)
            }
        ) { connection throws(StoreError) in
            try Self.consumeEnrollment(id: id, now: now, marker: marker, connection)
        }
    }

    /// One transaction: the consumption (exactly once, its row locked by the conditional
    /// update), the device, its keys and attestations.
    public func enrollDevice(
        _ registration: DeviceRegistration, consumingEnrollment enrollmentId: String, now: Date
    ) throws(StoreError) -> Device {
        try registration.validate()
        let marker = Self.newMarker()
        return try transaction(
            "enrolling a device",
            recognise: { connection throws(StoreError) -> Device? in
                guard try Self.enrollmentConsumed(id: enrollmentId, by: marker, connection) != nil else { return nil }
                return try Self.fetchDevice(id: registration.deviceId, connection)
            }
        ) { connection throws(StoreError) in
            let enrollment = try Self.consumeEnrollment(id: enrollmentId, now: now, marker: marker, connection)
            let device = registration.device(inAccount: enrollment.accountId, createdAt: now)
            try connection.execute(
                """
                INSERT INTO devices (\(PostgresRecords.deviceColumns))
                VALUES ($1, $2, $3, $4, $5, NULL, NULL, $6, 0)
                """,
                [
                    .text(device.id), .text(device.accountId), .text(device.name), .text(device.platform),
                    .time(now), .optionalBytea(device.pinHash),
                ],
                during: "enrolling a device")
            for key in registration.keysInOrder {
                try Self.insertKey(deviceId: device.id, kind: key.kind, publicKey: key.publicKey, now: now, connection)
            }
            for attestation in registration.attestationsInOrder {
                try Self.insertAttestation(attestation, deviceId: device.id, connection)
            }
            return device
        }
    }

    // MARK: Statements

    static func fetchEnrollment(id: String, _ connection: PostgresConnection) throws(StoreError) -> Enrollment? {
        try connection.execute(
            "SELECT \(PostgresRecords.enrollmentColumns) FROM enrollments WHERE id = $1", [.text(id)],
            during: "reading an enrollment"
        )
        .rows(PostgresRecords.enrollment).first
    }

    /// The conditional update that consumes exactly once; when it changes nothing, the row
    /// read back says why (``ConsumptionRule``).
    static func consumeEnrollment(id: String, now: Date, marker: Data, _ connection: PostgresConnection) throws(StoreError) -> Enrollment {
        let consumed = try connection.execute(
            """
            UPDATE enrollments SET consumed_at = $2, consumed_by = $3
            WHERE id = $1 AND consumed_at IS NULL AND expires_at > $2
            RETURNING \(PostgresRecords.enrollmentColumns)
            """, [.text(id), .time(now), .bytea(marker)], during: "consuming an enrollment"
        )
        .rows(PostgresRecords.enrollment).first
        if let consumed { return consumed }
        let stored = try fetchEnrollment(id: id, connection)
        try ConsumptionRule.check(.enrollment, consumedAt: stored?.consumedAt, expiresAt: stored?.expiresAt, now: now)
        throw ConsumptionRule.notFound(.enrollment)  // created after the update looked: it was not there
    }

    /// The enrollment if this call's `marker` consumed it; `alreadyConsumed` if another did.
    static func enrollmentConsumed(id: String, by marker: Data, _ connection: PostgresConnection) throws(StoreError) -> Enrollment? {
        let rows = try connection.execute(
            "SELECT \(PostgresRecords.enrollmentColumns), consumed_by FROM enrollments WHERE id = $1", [.text(id)],
            during: "checking an enrollment's consumption"
        )
        .rows { row throws(StoreError) in (try PostgresRecords.enrollment(row), row.optionalBytea(6)) }
        guard let (enrollment, consumedBy) = rows.first, let consumedBy else { return nil }
        guard consumedBy == marker else { throw ConsumptionRule.alreadyConsumed(.enrollment) }
        return enrollment
    }
}
