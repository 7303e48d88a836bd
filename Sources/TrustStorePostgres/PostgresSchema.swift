import TrustStore

/// The numbered schema migrations, kept in the database (`schema_migrations`), applied at
/// open. Never edit a published migration: add the next number.
///
/// Several nodes may start at once against an empty database, without advisory locks
/// (which distributed engines lack): each migration runs in one transaction that first
/// inserts its version row. A second node inserting the same version waits on that row's
/// lock and then fails with a unique violation (`23505`), rolls back, reads the version
/// again and goes on; so each migration is applied exactly once and every node comes up
/// with the same schema.
enum PostgresSchema {
    static let migrations: [SchemaMigration] = [
        SchemaMigration(
            version: 1, summary: "enrollments, devices, device keys, challenges, key attestations",
            sql: """
                CREATE TABLE enrollments (
                    id TEXT PRIMARY KEY,
                    account_id TEXT NOT NULL,
                    nonce BYTEA NOT NULL,
                    signing_payload BYTEA NOT NULL,
                    expires_at BIGINT NOT NULL,
                    consumed_at BIGINT,
                    consumed_by BYTEA
                );
                CREATE INDEX enrollments_by_expiry ON enrollments (expires_at);

                CREATE TABLE devices (
                    id TEXT PRIMARY KEY,
                    account_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    last_used_at BIGINT,
                    revoked_at BIGINT,
                    pin_hash BYTEA,
                    failed_pin_attempts BIGINT NOT NULL DEFAULT 0 CHECK (failed_pin_attempts >= 0)
                );
                CREATE INDEX devices_by_account ON devices (account_id, created_at);

                CREATE TABLE device_keys (
                    id BYTEA PRIMARY KEY,
                    device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('device', 'biometric')),
                    public_key BYTEA NOT NULL,
                    created_at BIGINT NOT NULL,
                    replaced_at BIGINT
                );
                CREATE UNIQUE INDEX device_keys_one_active_per_kind ON device_keys (device_id, kind) WHERE replaced_at IS NULL;
                CREATE INDEX device_keys_by_device ON device_keys (device_id, created_at);

                CREATE TABLE challenges (
                    id TEXT PRIMARY KEY,
                    device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
                    account_id TEXT NOT NULL,
                    key_kind TEXT NOT NULL CHECK (key_kind IN ('device', 'biometric')),
                    purpose TEXT NOT NULL,
                    action_sha256 TEXT,
                    nonce BYTEA NOT NULL,
                    payload BYTEA NOT NULL,
                    expires_at BIGINT NOT NULL,
                    consumed_at BIGINT,
                    consumed_by BYTEA
                );
                CREATE INDEX challenges_by_expiry ON challenges (expires_at);

                CREATE TABLE key_attestations (
                    device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('device', 'biometric')),
                    platform TEXT NOT NULL,
                    format TEXT NOT NULL,
                    security_level TEXT,
                    environment TEXT,
                    app_attest_key_id BYTEA,
                    app_attest_public_key BYTEA,
                    sign_count BIGINT NOT NULL DEFAULT 0 CHECK (sign_count >= 0 AND sign_count <= 4294967295),
                    receipt BYTEA,
                    PRIMARY KEY (device_id, kind)
                );
                """),
        SchemaMigration(
            version: 2, summary: "the App Attest app id of each attested key",
            sql: "ALTER TABLE key_attestations ADD COLUMN app_attest_app_id TEXT"),
        SchemaMigration(
            version: 3, summary: "App Attest receipt expiry, refresh schedule and risk metric",
            sql: """
                ALTER TABLE key_attestations ADD COLUMN receipt_expires_at BIGINT;
                ALTER TABLE key_attestations ADD COLUMN receipt_refresh_at BIGINT;
                ALTER TABLE key_attestations ADD COLUMN risk_metric BIGINT;
                ALTER TABLE key_attestations ADD COLUMN receipt_refresh_failures BIGINT NOT NULL DEFAULT 0;
                CREATE INDEX key_attestations_by_refresh ON key_attestations (receipt_refresh_at) WHERE receipt_refresh_at IS NOT NULL;
                """),
        SchemaMigration(
            version: 4, summary: "redeemed access tokens",
            sql: """
                CREATE TABLE redeemed_tokens (
                    token_id TEXT PRIMARY KEY,
                    redeemed_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    redeemed_by BYTEA NOT NULL
                );
                CREATE INDEX redeemed_tokens_by_expiry ON redeemed_tokens (expires_at);
                """),
        // The foreign key made every challenge insert look up the device row again and lock
        // it (`FOR KEY SHARE`, a WAL record and a dirtied page per challenge). It guarded
        // nothing: the insert that issues a challenge is an `INSERT … SELECT` joined to the
        // usable device, the other one runs after the device was read, and devices are
        // never deleted (revocation sets `revoked_at`).
        SchemaMigration(
            version: 5, summary: "challenges without the device foreign key",
            sql: "ALTER TABLE challenges DROP CONSTRAINT IF EXISTS challenges_device_id_fkey"),
    ]

    static var latestVersion: Int64 { migrations.last?.version ?? 0 }

    /// Brings the database up to ``latestVersion``. Idempotent; safe from several nodes at once.
    static func migrate(_ connection: PostgresConnection) throws(StoreError) {
        var attempts = 0
        while true {
            attempts += 1
            do throws(StoreError) {
                try applyMissing(connection)
                return
            } catch  where attempts < 20 && (error.code == .duplicate || error.code == .busy) {
                // Another node created the table or applied the migration first: read again.
                continue
            }
        }
    }

    private static func applyMissing(_ connection: PostgresConnection) throws(StoreError) {
        try connection.executeValueFree(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, summary TEXT NOT NULL)",
            during: "creating schema_migrations")
        let applied =
            try connection.execute("SELECT coalesce(max(version), 0) FROM schema_migrations", during: "reading the schema version")
            .rows { row throws(StoreError) in try row.int8(0) }.first ?? 0
        try SchemaMigration.refuseNewer(applied: applied, latest: latestVersion)
        for migration in migrations where migration.version > applied {
            try connection.executeValueFree("BEGIN", during: "starting migration \(migration.version)")
            do throws(StoreError) {
                try connection.execute(
                    "INSERT INTO schema_migrations (version, summary) VALUES ($1, $2)",
                    [.int8(migration.version), .text(migration.summary)], during: "recording schema migration \(migration.version)")
                try connection.executeValueFree(migration.sql, during: "applying schema migration \(migration.version)")
                try connection.executeValueFree("COMMIT", during: "committing schema migration \(migration.version)")
            } catch {
                if !connection.isBroken { try? connection.executeValueFree("ROLLBACK", during: "rolling back a migration") }
                throw error
            }
        }
    }
}
