internal import CSQLite
import Foundation
import TrustStore

/// A value bound to a statement parameter. Every value reaches SQLite this way.
enum SQLiteValue {
    case text(String)
    case blob(Data)
    case integer(Int64)
    case null
}

/// Owns one `sqlite3_stmt*`, finalised in `deinit`.
///
/// Cached for the connection's lifetime. Each use binds every parameter, steps, then
/// resets and clears its bindings ("sqlite3_reset() … does not change the values of any
/// bindings"; we clear them anyway so no value lingers in memory longer than needed).
final class SQLiteStatement {
    private let handle: OpaquePointer
    // Keeps the connection alive while the statement exists.
    private let connection: SQLiteConnection

    init(owning handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Runs the statement with `values` bound to `?1…?n` and returns every row, decoded by `row`.
    func query<Row>(
        _ values: [SQLiteValue] = [],
        during operation: String,
        row decode: (SQLiteRow) throws(StoreError) -> Row
    ) throws(StoreError) -> [Row] {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bind(values, during: operation)
        var rows: [Row] = []
        while true {
            let rc = sqlite3_step(handle)
            if rc == SQLITE_ROW {
                rows.append(try decode(SQLiteRow(handle: handle)))
            } else if rc == SQLITE_DONE {
                return rows
            } else {
                throw SQLiteResultCode.error(rc, during: operation)
            }
        }
    }

    /// Runs a statement that returns no rows.
    func execute(_ values: [SQLiteValue] = [], during operation: String) throws(StoreError) {
        _ = try query(values, during: operation) { _ throws(StoreError) in () }
    }

    private func bind(_ values: [SQLiteValue], during operation: String) throws(StoreError) {
        guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
            throw StoreError(.internal, reason: "\(operation): wrong number of bound values")
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .text(var text):
                rc = text.withUTF8 { utf8 in
                    // Empty text needs a non-NULL pointer, or SQLite binds NULL.
                    withUnsafePointer(to: 0 as CChar) { empty in
                        devicetrust_sqlite3_bind_text_transient(
                            handle, index, utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? empty,
                            Int32(utf8.count))
                    }
                }
            case .blob(let data):
                rc = data.withUnsafeBytes { bytes in
                    // A zero-length blob needs a non-NULL pointer, or SQLite binds NULL.
                    withUnsafePointer(to: 0 as UInt8) { empty in
                        devicetrust_sqlite3_bind_blob_transient(
                            handle, index, bytes.baseAddress ?? UnsafeRawPointer(empty), Int32(bytes.count))
                    }
                }
            case .integer(let integer):
                rc = sqlite3_bind_int64(handle, index, integer)
            case .null:
                rc = sqlite3_bind_null(handle, index)
            }
            guard rc == SQLITE_OK else { throw SQLiteResultCode.error(rc, during: operation) }
        }
    }
}

/// The current row of a stepping statement; valid only inside the decode closure.
struct SQLiteRow {
    fileprivate let handle: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func blob(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    func optionalBlob(_ column: Int32) -> Data? { isNull(column) ? nil : blob(column) }
    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }
}
