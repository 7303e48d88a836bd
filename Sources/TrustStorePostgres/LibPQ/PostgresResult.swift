internal import CLibPQ
import Foundation
import TrustStore

/// The owner of one `PGresult`: `PQclear` runs exactly once, when the owner goes away,
/// error results included. Results are requested in binary format.
final class PostgresResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    var status: ExecStatusType { PQresultStatus(handle) }
    var succeeded: Bool { status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK }
    var rowCount: Int { Int(PQntuples(handle)) }
    /// The rows a command changed (`UPDATE … ` without `RETURNING`), from `PQcmdTuples`.
    var changedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The five-character SQLSTATE of an error result.
    var sqlstate: String? { field(devicetrust_PG_DIAG_SQLSTATE) }
    /// The violated constraint's name, if any (a schema name, never a value).
    var constraintName: String? { field(devicetrust_PG_DIAG_CONSTRAINT_NAME) }

    private func field(_ code: Int32) -> String? {
        PQresultErrorField(handle, code).map { String(cString: $0) }
    }

    /// The rows, each decoded by `decode`.
    func rows<Row>(_ decode: (PostgresRow) throws(StoreError) -> Row) throws(StoreError) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for index in 0..<Int32(rowCount) { rows.append(try decode(PostgresRow(result: self, row: index, base: 0))) }
        return rows
    }

    fileprivate func bytes(_ row: Int32, _ column: Int32) -> UnsafeRawBufferPointer? {
        guard PQgetisnull(handle, row, column) == 0, let value = PQgetvalue(handle, row, column) else { return nil }
        return UnsafeRawBufferPointer(start: value, count: Int(PQgetlength(handle, row, column)))
    }
}

/// One row of a binary-format result. Column accessors throw ``StoreError/Code/corrupt``
/// when a value does not have the width of its type (a schema this build does not know).
struct PostgresRow {
    fileprivate let result: PostgresResult
    fileprivate let row: Int32
    /// The result column that is this row's column 0 (see ``columns(from:)``).
    fileprivate let base: Int32

    /// The same row with `column` as column 0, for decoding a record that a join puts
    /// after another one (`SELECT a.*, b.* …`: the `b` decoder reads `columns(from: width of a)`).
    func columns(from column: Int32) -> PostgresRow { PostgresRow(result: result, row: row, base: base + column) }

    private func value(_ column: Int32) -> UnsafeRawBufferPointer? { result.bytes(row, base + column) }

    func isNull(_ column: Int32) -> Bool { value(column) == nil }

    func text(_ column: Int32) throws(StoreError) -> String {
        guard let text = optionalText(column) else { throw Self.corrupt("a required text column is NULL") }
        return text
    }

    func optionalText(_ column: Int32) -> String? {
        value(column).map { String(decoding: $0, as: UTF8.self) }
    }

    func bytea(_ column: Int32) throws(StoreError) -> Data {
        guard let data = optionalBytea(column) else { throw Self.corrupt("a required bytea column is NULL") }
        return data
    }

    func optionalBytea(_ column: Int32) -> Data? { value(column).map { Data($0) } }

    func int8(_ column: Int32) throws(StoreError) -> Int64 {
        guard let value = try optionalInt8(column) else { throw Self.corrupt("a required int8 column is NULL") }
        return value
    }

    func optionalInt8(_ column: Int32) throws(StoreError) -> Int64? {
        guard let bytes = value(column) else { return nil }
        guard bytes.count == 8 else { throw Self.corrupt("an int8 column is not 8 bytes wide") }
        return bytes.reduce(into: Int64(0)) { value, byte in value = value << 8 | Int64(byte) }
    }

    func bool(_ column: Int32) throws(StoreError) -> Bool {
        guard let bytes = value(column), bytes.count == 1 else { throw Self.corrupt("a bool column is not 1 byte wide") }
        return bytes[0] != 0
    }

    func time(_ column: Int32) throws(StoreError) -> Date { Self.date(try int8(column)) }
    func optionalTime(_ column: Int32) throws(StoreError) -> Date? { try optionalInt8(column).map(Self.date) }

    func keyKind(_ column: Int32) throws(StoreError) -> KeyKind {
        guard let kind = KeyKind(rawValue: try text(column)) else {
            throw Self.corrupt("a stored key kind is not device or biometric")
        }
        return kind
    }

    private static func date(_ microseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) }

    private static func corrupt(_ reason: String) -> StoreError { StoreError(.corrupt, reason: reason) }
}
