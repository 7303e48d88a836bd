import Foundation

/// An instant with whole-second precision, written on the wire as RFC 3339 UTC:
/// exactly `YYYY-MM-DDTHH:MM:SSZ`.
///
/// Parsing accepts that one form only: no fractional seconds, no offsets other than `Z`,
/// no lowercase `t`/`z`, no leap second `:60`, and only dates that exist. Years 0000–9999.
public struct RFC3339Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64

    static let minimumSeconds: Int64 = -62_167_219_200  // 0000-01-01T00:00:00Z
    static let maximumSeconds: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z

    /// A timestamp from seconds since 1970.
    /// - Throws: ``WireFormatError/Code/timestampOutOfRange`` outside the years 0000–9999.
    public init(secondsSince1970: Int64) throws(WireFormatError) {
        guard (Self.minimumSeconds...Self.maximumSeconds).contains(secondsSince1970) else {
            throw WireFormatError(.timestampOutOfRange, "RFC 3339 timestamps on the wire cover the years 0000 to 9999 only")
        }
        self.secondsSince1970 = secondsSince1970
    }

    /// The timestamp of `date`, rounded down to the whole second.
    /// - Throws: ``WireFormatError/Code/timestampOutOfRange`` outside the years 0000–9999.
    public init(_ date: Date) throws(WireFormatError) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, seconds >= Double(Self.minimumSeconds), seconds <= Double(Self.maximumSeconds) else {
            throw WireFormatError(.timestampOutOfRange, "RFC 3339 timestamps on the wire cover the years 0000 to 9999 only")
        }
        try self.init(secondsSince1970: Int64(seconds))
    }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ`.
    /// - Throws: ``WireFormatError/Code/invalidTimestamp`` for any other form or a date
    ///   that does not exist.
    public init(parsing text: String) throws(WireFormatError) {
        let b = Array(text.utf8)
        func fail(_ why: String) -> WireFormatError {
            WireFormatError(.invalidTimestamp, "expected an RFC 3339 UTC time like 2026-01-31T23:59:59Z: \(why)")
        }
        guard b.count == 20 else { throw fail("it must be exactly 20 characters") }
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z")
        else {
            throw fail("the separators must be '-', '-', 'T', ':', ':' and a final 'Z'")
        }
        func number(_ range: Range<Int>) throws(WireFormatError) -> Int64 {
            var value: Int64 = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[index]) else {
                    throw fail("a date or time field holds a non-digit")
                }
                value = value * 10 + Int64(b[index] - UInt8(ascii: "0"))
            }
            return value
        }
        let year = try number(0..<4), month = try number(5..<7), day = try number(8..<10)
        let hour = try number(11..<13), minute = try number(14..<16), second = try number(17..<19)
        guard (1...12).contains(month) else { throw fail("the month must be 01 to 12") }
        guard day >= 1, day <= Self.daysInMonth(year: year, month: month) else {
            throw fail("the day does not exist in that month")
        }
        guard hour <= 23, minute <= 59, second <= 59 else {
            throw fail("the time must be 00:00:00 to 23:59:59 (leap seconds are not accepted)")
        }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        try self.init(secondsSince1970: days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// The RFC 3339 text, `YYYY-MM-DDTHH:MM:SSZ`.
    public var description: String {
        let days = Self.floorDivide(secondsSince1970, 86_400)
        let secondOfDay = secondsSince1970 - days * 86_400
        let (year, month, day) = Self.civilFromDays(days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// Orders timestamps in time.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// Decodes from the RFC 3339 string form; any other form is `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as the RFC 3339 string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // Howard Hinnant's civil-calendar algorithms (proleptic Gregorian).
    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return ((yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }
}
