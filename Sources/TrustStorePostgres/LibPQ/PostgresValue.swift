import Foundation

/// A statement parameter, always bound (never interpolated) and sent in binary format.
enum PostgresValue {
    case text(String)
    case bytea(Data)
    case int8(Int64)
    case bool(Bool)
    /// SQL NULL of a type.
    case null(PostgresType)

    static func optionalText(_ text: String?) -> PostgresValue { text.map(PostgresValue.text) ?? .null(.text) }
    static func optionalBytea(_ data: Data?) -> PostgresValue { data.map(PostgresValue.bytea) ?? .null(.bytea) }

    /// Times are `int8` microseconds since 1970 (the protocol's precision), as in SQLite.
    static func time(_ date: Date) -> PostgresValue { .int8(Int64((date.timeIntervalSince1970 * 1_000_000).rounded())) }
    static func optionalTime(_ date: Date?) -> PostgresValue { date.map(time) ?? .null(.int8) }

    var type: PostgresType {
        switch self {
        case .text: .text
        case .bytea: .bytea
        case .int8: .int8
        case .bool: .bool
        case .null(let type): type
        }
    }

    /// The binary wire form (`nil` for NULL): UTF-8 for text, raw bytes for bytea,
    /// big-endian for int8, one byte for bool.
    var binary: [UInt8]? {
        switch self {
        case .text(let text): Array(text.utf8)
        case .bytea(let data): Array(data)
        case .int8(let value): withUnsafeBytes(of: value.bigEndian) { Array($0) }
        case .bool(let value): [value ? 1 : 0]
        case .null: nil
        }
    }
}

/// The type OIDs DeviceTrust binds (`pg_type.oid`, fixed in every PostgreSQL).
enum PostgresType: UInt32 {
    case bool = 16
    case bytea = 17
    case int8 = 20
    case text = 25
}
