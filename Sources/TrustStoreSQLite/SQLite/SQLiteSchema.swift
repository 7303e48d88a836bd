import TrustStore

/// The numbered schema migrations, applied in order inside one `BEGIN IMMEDIATE`
/// transaction when a store opens. Each applied version is recorded (bound, not
/// interpolated) in `schema_migrations`, so reopening applies nothing twice.
///
/// Never edit a published migration: add the next number.
enum SQLiteSchema {
    static let migrations: [SchemaMigration] = [
        SchemaMigration(
            version: 1, summary: "enrollments, devices, device keys, challenges",
            sql: """
                CREATE TABLE enrollments (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL,
                    nonce BLOB NOT NULL,
                    signing_payload BLOB NOT NULL,
                    expires_at INTEGER NOT NULL,
                    consumed_at INTEGER
                ) STRICT;
                CREATE INDEX enrollments_by_expiry ON enrollments (expires_at);

                CREATE TABLE devices (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_used_at INTEGER,
                    revoked_at INTEGER,
                    pin_hash BLOB,
                    failed_pin_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_pin_attempts >= 0)
                ) STRICT;
                CREATE INDEX devices_by_account ON devices (account_id, created_at);

                CREATE TABLE device_keys (
                    device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('device', 'biometric')),
                    public_key BLOB NOT NULL,
                    created_at INTEGER NOT NULL,
                    replaced_at INTEGER
                ) STRICT;
                CREATE UNIQUE INDEX device_keys_one_active_per_kind ON device_keys (device_id, kind) WHERE replaced_at IS NULL;
                CREATE INDEX device_keys_by_device ON device_keys (device_id, created_at);

                CREATE TABLE challenges (
                    id TEXT PRIMARY KEY NOT NULL,
                    device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
                    account_id TEXT NOT NULL,
                    key_kind TEXT NOT NULL CHECK (key_kind IN ('device', 'biometric')),
                    purpose TEXT NOT NULL,
                    action_sha256 TEXT,
                    nonce BLOB NOT NULL,
                    payload BLOB NOT NULL,
                    expires_at INTEGER NOT NULL,
                    consumed_at INTEGER
                ) STRICT;
                CREATE INDEX challenges_by_expiry ON challenges (expires_at);
                """),
        SchemaMigration(
            version: 2, summary: "key attestations",
            sql: """
                CREATE TABLE key_attestations (
                    device_id TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('device', 'biometric')),
                    platform TEXT NOT NULL,
                    format TEXT NOT NULL,
                    security_level TEXT,
                    environment TEXT,
                    app_attest_key_id BLOB,
                    app_attest_public_key BLOB,
                    sign_count INTEGER NOT NULL DEFAULT 0 CHECK (sign_count >= 0 AND sign_count <= 4294967295),
                    receipt BLOB,
                    PRIMARY KEY (device_id, kind)
                ) STRICT;
                """),
        SchemaMigration(
            version: 3, summary: "the App Attest app id of each attested key",
            sql: "ALTER TABLE key_attestations ADD COLUMN app_attest_app_id TEXT;"),
        SchemaMigration(
            version: 4, summary: "App Attest receipt expiry, refresh schedule and risk metric",
            sql: """
                ALTER TABLE key_attestations ADD COLUMN receipt_expires_at INTEGER;
                ALTER TABLE key_attestations ADD COLUMN receipt_refresh_at INTEGER;
                ALTER TABLE key_attestations ADD COLUMN risk_metric INTEGER;
                ALTER TABLE key_attestations ADD COLUMN receipt_refresh_failures INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX key_attestations_by_refresh ON key_attestations (receipt_refresh_at) WHERE receipt_refresh_at IS NOT NULL;
                """),
        SchemaMigration(
            version: 5, summary: "redeemed access tokens",
            sql: """
                CREATE TABLE redeemed_tokens (
                    token_id TEXT PRIMARY KEY NOT NULL,
                    redeemed_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL
                ) STRICT;
                CREATE INDEX redeemed_tokens_by_expiry ON redeemed_tokens (expires_at);
                """),
    ]

    static var latestVersion: Int64 { migrations.last?.version ?? 0 }

    /// Brings the database up to ``latestVersion``. Idempotent.
    static func migrate(_ connection: SQLiteConnection) throws(StoreError) {
        try connection.executeValueFreeSQL("BEGIN IMMEDIATE", during: "starting the migration transaction")
        do throws(StoreError) {
            try connection.executeValueFreeSQL(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY NOT NULL,
                    summary TEXT NOT NULL
                ) STRICT
                """,
                during: "creating schema_migrations")
            let applied =
                try connection.statement("SELECT coalesce(max(version), 0) FROM schema_migrations")
                .query(during: "reading the schema version") { row throws(StoreError) in row.integer(0) }
                .first ?? 0
            try SchemaMigration.refuseNewer(applied: applied, latest: latestVersion)
            for migration in migrations where migration.version > applied {
                try connection.executeValueFreeSQL(migration.sql, during: "applying schema migration \(migration.version)")
                try connection.statement("INSERT INTO schema_migrations (version, summary) VALUES (?1, ?2)")
                    .execute([.integer(migration.version), .text(migration.summary)], during: "recording a schema migration")
            }
            try connection.executeValueFreeSQL("COMMIT", during: "committing the migrations")
        } catch {
            try? connection.executeValueFreeSQL("ROLLBACK", during: "rolling back the migrations")
            throw error
        }
    }
}
