// The only door to sqlite3; imported only by its owning module (TrustStoreSQLite, SQLite/ folder).
#ifndef DEVICETRUST_CSQLite_SHIM_H
#define DEVICETRUST_CSQLite_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift does not
// import. "The constant SQLITE_TRANSIENT may be passed to indicate that the object is
// to be copied prior to the return from sqlite3_bind_*()" (sqlite3.h): every bind in
// DeviceTrust copies, so Swift buffers never have to outlive the call.
static inline int devicetrust_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int byteCount) {
    return sqlite3_bind_text(stmt, index, text, byteCount, SQLITE_TRANSIENT);
}

static inline int devicetrust_sqlite3_bind_blob_transient(sqlite3_stmt *stmt, int index, const void *bytes, int byteCount) {
    return sqlite3_bind_blob(stmt, index, bytes, byteCount, SQLITE_TRANSIENT);
}

// Extended result codes are macros built with `|` and `<<`, which Swift does not import.
static const int devicetrust_SQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT_PRIMARYKEY;
static const int devicetrust_SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT_UNIQUE;
static const int devicetrust_SQLITE_CONSTRAINT_FOREIGNKEY = SQLITE_CONSTRAINT_FOREIGNKEY;
#endif
