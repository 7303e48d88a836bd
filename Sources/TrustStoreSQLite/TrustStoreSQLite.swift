// TrustStoreSQLite: being written.
