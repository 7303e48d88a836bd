import Foundation
import TrustStore

extension PostgresTrustStore {
    /// Not flushed before return (``Durability/relaxed``): an issued challenge lost in a
    /// database crash is harmless, and the flush of its consumption covers it. One
    /// statement, `INSERT … SELECT` from the device, so an unknown device stores nothing
    /// (the table has no foreign key: see ``PostgresSchema``, migration 5).
    public func insertChallenge(_ challenge: Challenge) throws(StoreError) {
        let stored = try write(
            "issuing a challenge", .relaxed,
            recognise: { connection throws(StoreError) -> Bool? in
                try Self.fetchChallenge(id: challenge.id, connection)?.nonce == challenge.nonce ? true : nil
            }
        ) { connection throws(StoreError) -> Bool in
            try connection.execute(
                """
                INSERT INTO challenges (\(PostgresRecords.challengeColumns))
                SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, NULL FROM devices WHERE id = $2
                """,
                Self.values(of: challenge), during: "issuing a challenge"
            ).changedRows == 1
        }
        guard stored else { throw DeviceRules.deviceNotFound }
    }

    /// One statement, `INSERT … SELECT` from the device joined to its active key, so the
    /// checks and the insert see the same snapshot. Not flushed before return, as
    /// ``insertChallenge(_:)``; after a lost reply, the challenge counts as stored when its
    /// row is there with this call's nonce.
    public func insertChallengeIfDeviceUsable(_ challenge: Challenge) throws(StoreError) -> Bool {
        try write(
            "issuing a challenge", .relaxed,
            recognise: { connection throws(StoreError) -> Bool? in
                try Self.fetchChallenge(id: challenge.id, connection)?.nonce == challenge.nonce ? true : nil
            }
        ) { connection throws(StoreError) -> Bool in
            try connection.execute(
                """
                INSERT INTO challenges (\(PostgresRecords.challengeColumns))
                SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, NULL
                FROM devices d
                JOIN device_keys k ON k.device_id = d.id AND k.kind = $4 AND k.replaced_at IS NULL
                WHERE d.id = $2 AND d.account_id = $3 AND d.revoked_at IS NULL AND ($4 <> 'device' OR d.pin_hash IS NOT NULL)
                """,
                Self.values(of: challenge), during: "issuing a challenge"
            ).changedRows == 1
        }
    }

    /// The nine bound values of a new challenge row, in ``PostgresRecords/challengeColumns`` order.
    private static func values(of challenge: Challenge) -> [PostgresValue] {
        [
            .text(challenge.id), .text(challenge.deviceId), .text(challenge.accountId),
            .text(challenge.keyKind.rawValue), .text(challenge.purpose), .optionalText(challenge.actionSHA256),
            .bytea(challenge.nonce), .bytea(challenge.payload), .time(challenge.expiresAt),
        ]
    }

    public func challenge(id: String) throws(StoreError) -> Challenge? {
        try read("reading a challenge") { connection throws(StoreError) in try Self.fetchChallenge(id: id, connection) }
    }

    /// One conditional statement: exactly one caller, on any node, gets the challenge.
    public func consumeChallenge(id: String, now: Date) throws(StoreError) -> Challenge {
        let marker = Self.newMarker()
        return try write(
            "consuming a challenge",
            recognise: { connection throws(StoreError) in
                try Self.challengeConsumed(id: id, by: marker, connection)
            }
        ) { connection throws(StoreError) in
            let consumed = try connection.execute(
                """
                UPDATE challenges SET consumed_at = $2, consumed_by = $3
                WHERE id = $1 AND consumed_at IS NULL AND expires_at > $2
                RETURNING \(PostgresRecords.challengeColumns)
                """, [.text(id), .time(now), .bytea(marker)], during: "consuming a challenge"
            )
            .rows(PostgresRecords.challenge).first
            if let consumed { return consumed }
            try Self.refuseConsumption(id: id, now: now, connection)
        }
    }

    /// One statement: the consumption, then the device and its key joined to the consumed
    /// row (read from the statement's snapshot, so anything committed before the call is
    /// seen). After a lost reply, the consumption is recognised by its marker as in
    /// ``consumeChallenge(id:now:)`` and the device read again.
    public func consumeChallengeWithDevice(id: String, now: Date) throws(StoreError) -> ConsumedChallenge {
        let marker = Self.newMarker()
        return try write(
            "consuming a challenge",
            recognise: { connection throws(StoreError) -> ConsumedChallenge? in
                guard let challenge = try Self.challengeConsumed(id: id, by: marker, connection) else { return nil }
                let found = try Self.fetchDeviceWithActiveKey(id: challenge.deviceId, kind: challenge.keyKind, connection)
                return ConsumedChallenge(challenge: challenge, found: found)
            }
        ) { connection throws(StoreError) -> ConsumedChallenge in
            let rows = try connection.execute(
                """
                WITH consumed AS (
                    UPDATE challenges SET consumed_at = $2, consumed_by = $3
                    WHERE id = $1 AND consumed_at IS NULL AND expires_at > $2
                    RETURNING \(PostgresRecords.challengeColumns)
                )
                SELECT consumed.*, \(PostgresRecords.deviceWithKeyColumns)
                FROM consumed
                LEFT JOIN devices d ON d.id = consumed.device_id
                LEFT JOIN device_keys k ON k.device_id = consumed.device_id AND k.kind = consumed.key_kind AND k.replaced_at IS NULL
                """, [.text(id), .time(now), .bytea(marker)], during: "consuming a challenge"
            )
            .rows { row throws(StoreError) -> ConsumedChallenge in
                let challenge = try PostgresRecords.challenge(row)
                let found = try PostgresRecords.deviceWithKey(row.columns(from: PostgresRecords.challengeColumnCount), kind: challenge.keyKind)
                return ConsumedChallenge(challenge: challenge, found: found)
            }
            if let consumed = rows.first { return consumed }
            try Self.refuseConsumption(id: id, now: now, connection)
        }
    }

    /// One statement: the consumption and, only when it happened, the counter raise
    /// (`WHERE sign_count < $4`, re-checked on the locked row by a concurrent raiser).
    /// After a lost reply, the counter counts as raised by this call when the consumption is
    /// its own and the stored counter equals the one it sent.
    public func consumeChallenge(id: String, now: Date, appAttestCounter: UInt32) throws(StoreError) -> Challenge {
        let marker = Self.newMarker()
        let counter = Int64(appAttestCounter)
        let (challenge, raised) = try write(
            "consuming a challenge",
            recognise: { connection throws(StoreError) -> (Challenge, Bool)? in
                guard let challenge = try Self.challengeConsumed(id: id, by: marker, connection) else { return nil }
                let stored = try Self.fetchAttestations(deviceId: challenge.deviceId, connection).first { $0.kind == .device }
                return (challenge, stored?.format == "apple-appattest" && stored.map { Int64($0.signCount) } == counter)
            }
        ) { connection throws(StoreError) -> (Challenge, Bool) in
            let rows = try connection.execute(
                """
                WITH consumed AS (
                    UPDATE challenges SET consumed_at = $2, consumed_by = $3
                    WHERE id = $1 AND consumed_at IS NULL AND expires_at > $2
                    RETURNING \(PostgresRecords.challengeColumns)
                ), raised AS (
                    UPDATE key_attestations SET sign_count = $4
                    WHERE device_id = (SELECT device_id FROM consumed) AND kind = 'device'
                      AND format = 'apple-appattest' AND sign_count < $4
                    RETURNING device_id
                )
                SELECT consumed.*, EXISTS (SELECT 1 FROM raised) FROM consumed
                """, [.text(id), .time(now), .bytea(marker), .int8(counter)], during: "consuming a challenge"
            )
            .rows { row throws(StoreError) in (try PostgresRecords.challenge(row), try row.bool(10)) }
            guard let consumed = rows.first else { try Self.refuseConsumption(id: id, now: now, connection) }
            return consumed
        }
        guard raised else { throw DeviceRules.counterNotIncreasing }
        return challenge
    }

    /// One conditional statement (`INSERT … ON CONFLICT DO NOTHING`): exactly one caller, on
    /// any node, redeems the token. After a lost reply, the redemption counts as this call's
    /// when the row carries this call's marker; another marker means another caller won.
    public func redeemToken(id tokenId: String, expiresAt: Date, now: Date) throws(StoreError) {
        let marker = Self.newMarker()
        let inserted = try write(
            "redeeming a token",
            recognise: { connection throws(StoreError) -> Bool? in
                let by = try connection.execute(
                    "SELECT redeemed_by FROM redeemed_tokens WHERE token_id = $1", [.text(tokenId)], during: "checking a redemption"
                ).rows { row throws(StoreError) in row.optionalBytea(0) }.first
                guard let by else { return nil }
                return by == marker
            }
        ) { connection throws(StoreError) -> Bool in
            try connection.execute(
                """
                INSERT INTO redeemed_tokens (token_id, redeemed_at, expires_at, redeemed_by) VALUES ($1, $2, $3, $4)
                ON CONFLICT (token_id) DO NOTHING
                """, [.text(tokenId), .time(now), .time(expiresAt), .bytea(marker)], during: "redeeming a token"
            ).changedRows == 1
        }
        guard inserted else { throw StoreError(.alreadyConsumed, reason: "the access token was already redeemed") }
    }

    /// Not flushed before return (``Durability/relaxed``): housekeeping.
    public func purgeExpired(before cutoff: Date) throws(StoreError) -> Int {
        try transaction("purging expired records", .relaxed) { connection throws(StoreError) in
            let challenges = try connection.execute(
                "DELETE FROM challenges WHERE expires_at < $1", [.time(cutoff)], during: "purging expired challenges"
            ).changedRows
            let enrollments = try connection.execute(
                "DELETE FROM enrollments WHERE expires_at < $1", [.time(cutoff)], during: "purging expired enrollments"
            ).changedRows
            let tokens = try connection.execute(
                "DELETE FROM redeemed_tokens WHERE expires_at < $1", [.time(cutoff)], during: "purging expired redeemed tokens"
            ).changedRows
            return challenges + enrollments + tokens
        }
    }

    // MARK: Statements

    static func fetchChallenge(id: String, _ connection: PostgresConnection) throws(StoreError) -> Challenge? {
        try connection.execute(
            "SELECT \(PostgresRecords.challengeColumns) FROM challenges WHERE id = $1", [.text(id)], during: "reading a challenge"
        )
        .rows(PostgresRecords.challenge).first
    }

    /// Why the conditional consumption changed nothing (``ConsumptionRule``); always throws.
    static func refuseConsumption(id: String, now: Date, _ connection: PostgresConnection) throws(StoreError) -> Never {
        let stored = try fetchChallenge(id: id, connection)
        try ConsumptionRule.check(.challenge, consumedAt: stored?.consumedAt, expiresAt: stored?.expiresAt, now: now)
        throw ConsumptionRule.notFound(.challenge)  // created after the update looked: it was not there
    }

    /// The challenge if this call's `marker` consumed it; `alreadyConsumed` if another did.
    static func challengeConsumed(id: String, by marker: Data, _ connection: PostgresConnection) throws(StoreError) -> Challenge? {
        let rows = try connection.execute(
            "SELECT \(PostgresRecords.challengeColumns), consumed_by FROM challenges WHERE id = $1", [.text(id)],
            during: "checking a challenge's consumption"
        )
        .rows { row throws(StoreError) in (try PostgresRecords.challenge(row), row.optionalBytea(10)) }
        guard let (challenge, consumedBy) = rows.first, let consumedBy else { return nil }
        guard consumedBy == marker else { throw ConsumptionRule.alreadyConsumed(.challenge) }
        return challenge
    }
}
