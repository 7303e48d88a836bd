import Foundation
import TrustStore

extension SQLiteTrustStore {
    /// Not durable before return (NORMAL) unless ``Options/issuedChallengesWaitForFsync``:
    /// an issued challenge lost in a crash is harmless, and the fsync of the response's
    /// consumption covers it. The challenge is stored open whatever its `consumedAt`.
    public func insertChallenge(_ challenge: Challenge) throws(StoreError) {
        try writeTransaction("issuing a challenge", durable: options.issuedChallengesWaitForFsync) { connection throws(StoreError) in
            try connection.statement(
                """
                INSERT INTO challenges (id, device_id, account_id, key_kind, purpose, action_sha256, nonce, payload, expires_at, consumed_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL)
                """
            )
            .execute(Self.values(of: challenge), during: "issuing a challenge")
        }
    }

    /// One `INSERT … SELECT` from the device joined to its active key, in one write
    /// transaction, durable as ``insertChallenge(_:)``.
    public func insertChallengeIfDeviceUsable(_ challenge: Challenge) throws(StoreError) -> Bool {
        try writeTransaction("issuing a challenge", durable: options.issuedChallengesWaitForFsync) { connection throws(StoreError) -> Bool in
            try connection.statement(
                """
                INSERT INTO challenges (id, device_id, account_id, key_kind, purpose, action_sha256, nonce, payload, expires_at, consumed_at)
                SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL
                FROM devices d
                JOIN device_keys k ON k.device_id = d.id AND k.kind = ?4 AND k.replaced_at IS NULL
                WHERE d.id = ?2 AND d.account_id = ?3 AND d.revoked_at IS NULL AND (?4 <> 'device' OR d.pin_hash IS NOT NULL)
                """
            )
            .execute(Self.values(of: challenge), during: "issuing a challenge")
            return connection.changes == 1
        }
    }

    /// The nine bound values of a new challenge row, in column order.
    private static func values(of challenge: Challenge) -> [SQLiteValue] {
        [
            .text(challenge.id), .text(challenge.deviceId), .text(challenge.accountId),
            .text(challenge.keyKind.rawValue), .text(challenge.purpose), .optionalText(challenge.actionSHA256),
            .blob(challenge.nonce), .blob(challenge.payload), .time(challenge.expiresAt),
        ]
    }

    public func challenge(id: String) throws(StoreError) -> Challenge? {
        try read { connection throws(StoreError) in try Self.fetchChallenge(id: id, connection) }
    }

    /// Durable (FULL). The row is read and marked under the write lock (`BEGIN IMMEDIATE`),
    /// so exactly one caller, in any thread or process, gets the challenge.
    public func consumeChallenge(id: String, now: Date) throws(StoreError) -> Challenge {
        try writeTransaction("consuming a challenge") { connection throws(StoreError) in
            try Self.consumeChallenge(id: id, now: now, connection)
        }
    }

    /// Durable (FULL), in one write transaction: the consumption, then the device and its
    /// active key read after it in the same transaction (one turn of the store's lock
    /// instead of three: the protocol's default makes a write and two reads).
    public func consumeChallengeWithDevice(id: String, now: Date) throws(StoreError) -> ConsumedChallenge {
        try writeTransaction("consuming a challenge") { connection throws(StoreError) in
            let challenge = try Self.consumeChallenge(id: id, now: now, connection)
            guard let device = try Self.fetchDevice(id: challenge.deviceId, connection) else {
                return ConsumedChallenge(challenge: challenge, device: nil, key: nil)
            }
            let key = try Self.fetchActiveKey(deviceId: device.id, kind: challenge.keyKind, connection)
            return ConsumedChallenge(challenge: challenge, device: device, key: key)
        }
    }

    /// Durable (FULL): the consumption and the counter commit together; a counter that does
    /// not grow is reported after the consumption commits.
    public func consumeChallenge(id: String, now: Date, appAttestCounter: UInt32) throws(StoreError) -> Challenge {
        let (challenge, counterGrew) = try writeTransaction("consuming a challenge") { connection throws(StoreError) in
            let challenge = try Self.consumeChallenge(id: id, now: now, connection)
            try connection.statement(
                """
                UPDATE key_attestations SET sign_count = ?2
                WHERE device_id = ?1 AND kind = 'device' AND format = 'apple-appattest' AND sign_count < ?2
                """
            )
            .execute([.text(challenge.deviceId), .integer(Int64(appAttestCounter))], during: "raising the App Attest counter")
            return (challenge, connection.changes == 1)
        }
        guard counterGrew else { throw DeviceRules.counterNotIncreasing }
        return challenge
    }

    /// Must run inside a `BEGIN IMMEDIATE` transaction.
    static func consumeChallenge(id: String, now: Date, _ connection: SQLiteConnection) throws(StoreError) -> Challenge {
        let stored = try Self.fetchChallenge(id: id, connection)
        try ConsumptionRule.check(.challenge, consumedAt: stored?.consumedAt, expiresAt: stored?.expiresAt, now: now)
        guard var challenge = stored else { throw ConsumptionRule.notFound(.challenge) }
        try connection.statement("UPDATE challenges SET consumed_at = ?2 WHERE id = ?1 AND consumed_at IS NULL")
            .execute([.text(id), .time(now)], during: "consuming a challenge")
        guard connection.changes == 1 else { throw ConsumptionRule.alreadyConsumed(.challenge) }
        challenge.consumedAt = now
        return challenge
    }

    /// Not durable before return (NORMAL): housekeeping.
    public func purgeExpired(before cutoff: Date) throws(StoreError) -> Int {
        try writeTransaction("purging expired records", durable: false) { connection throws(StoreError) in
            try connection.statement("DELETE FROM challenges WHERE expires_at < ?1")
                .execute([.time(cutoff)], during: "purging expired challenges")
            let challenges = connection.changes
            try connection.statement("DELETE FROM enrollments WHERE expires_at < ?1")
                .execute([.time(cutoff)], during: "purging expired enrollments")
            let enrollments = connection.changes
            try connection.statement("DELETE FROM redeemed_tokens WHERE expires_at < ?1")
                .execute([.time(cutoff)], during: "purging expired redeemed tokens")
            return challenges + enrollments + connection.changes
        }
    }

    /// Durable (FULL): one `INSERT … ON CONFLICT DO NOTHING` under the write lock.
    public func redeemToken(id tokenId: String, expiresAt: Date, now: Date) throws(StoreError) {
        try writeTransaction("redeeming a token") { connection throws(StoreError) in
            try connection.statement(
                "INSERT INTO redeemed_tokens (token_id, redeemed_at, expires_at) VALUES (?1, ?2, ?3) ON CONFLICT (token_id) DO NOTHING"
            )
            .execute([.text(tokenId), .time(now), .time(expiresAt)], during: "redeeming a token")
            guard connection.changes == 1 else { throw StoreError(.alreadyConsumed, reason: "the access token was already redeemed") }
        }
    }

    static func fetchChallenge(id: String, _ connection: SQLiteConnection) throws(StoreError) -> Challenge? {
        try connection.statement(
            """
            SELECT id, device_id, account_id, key_kind, purpose, action_sha256, nonce, payload, expires_at, consumed_at
            FROM challenges WHERE id = ?1
            """
        )
        .query([.text(id)], during: "reading a challenge", row: SQLiteRecords.challenge)
        .first
    }
}
