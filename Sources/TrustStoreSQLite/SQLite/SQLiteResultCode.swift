internal import CSQLite
import TrustStore

/// The one place where SQLite result codes become ``StoreError``s.
///
/// Only the code and SQLite's static text for it (`sqlite3_errstr`) are used, never
/// `sqlite3_errmsg`, which may quote parts of a statement. No bound value ever appears.
enum SQLiteResultCode {
    static func error(
        _ extendedCode: Int32,
        during operation: String,
        file: String = #fileID,
        line: Int = #line
    ) -> StoreError {
        let primary = extendedCode & 0xFF
        let text = String(cString: sqlite3_errstr(extendedCode))
        let storeCode: StoreError.Code
        var reason = "\(operation) failed: \(text)"
        switch primary {
        case SQLITE_CONSTRAINT:
            switch extendedCode {
            case devicetrust_SQLITE_CONSTRAINT_PRIMARYKEY, devicetrust_SQLITE_CONSTRAINT_UNIQUE:
                storeCode = .duplicate
                reason = "\(operation) failed: a record with this identifier already exists"
            case devicetrust_SQLITE_CONSTRAINT_FOREIGNKEY:
                storeCode = .notFound
                reason = "\(operation) failed: the record it refers to does not exist"
            default:
                storeCode = .invalidArgument
            }
        case SQLITE_BUSY, SQLITE_LOCKED:
            storeCode = .busy
            reason += "; another writer held the database longer than the busy timeout, retry later"
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH:
            storeCode = .cannotOpen
            reason += "; check that the database path exists and is writable by this user"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            storeCode = .corrupt
            reason += "; the file is damaged or is not a DeviceTrust database"
        case SQLITE_FULL, SQLITE_IOERR:
            storeCode = .io
            reason += "; check free disk space and the storage device"
        default:
            storeCode = .internal
        }
        return StoreError(storeCode, reason: reason, engineCode: .sqlite(extendedCode), file: file, line: line)
    }
}
