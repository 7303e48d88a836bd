import DeviceBinding
import Foundation
import RepositoryTestSupport
import Testing

@Suite("Times are RFC 3339 UTC with whole seconds: YYYY-MM-DDTHH:MM:SSZ")
struct RFC3339TimestampTests {
    @Test(
        "known instants format and parse",
        arguments: [
            (0, "1970-01-01T00:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"), (1_769_903_999, "2026-01-31T23:59:59Z"),
            (-1, "1969-12-31T23:59:59Z"), (253_402_300_799, "9999-12-31T23:59:59Z"), (-62_167_219_200, "0000-01-01T00:00:00Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
        ] as [(Int64, String)]
    )
    func knownInstants(_ seconds: Int64, _ text: String) throws {
        let timestamp = try RFC3339Timestamp(secondsSince1970: seconds)
        #expect(timestamp.description == text)
        #expect(try RFC3339Timestamp(parsing: text) == timestamp)
    }

    @Test("a Date is rounded down to the whole second")
    func fromDate() throws {
        #expect(try RFC3339Timestamp(Date(timeIntervalSince1970: 1.999)).description == "1970-01-01T00:00:01Z")
        #expect(try RFC3339Timestamp(Date(timeIntervalSince1970: -0.5)).description == "1969-12-31T23:59:59Z")
        #expect(try RFC3339Timestamp(Date(timeIntervalSince1970: 86_400)).date == Date(timeIntervalSince1970: 86_400))
    }

    @Test(
        "rejects every other form and dates that do not exist",
        arguments: [
            "2026-01-31T23:59:59.000Z", "2026-01-31T23:59:59+00:00", "2026-01-31T23:59:59z", "2026-01-31t23:59:59Z",
            "2026-01-31 23:59:59Z", "2026-1-31T23:59:59Z", "2026-01-31T23:59Z", "2026-13-01T00:00:00Z",
            "2026-00-01T00:00:00Z", "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
            "2026-01-00T00:00:00Z", "2026-01-31T24:00:00Z", "2026-01-31T23:60:00Z", "2016-12-31T23:59:60Z",
            "+026-01-31T23:59:59Z", "2026-01-31T23:59:59Z ", "", "２０２６-01-31T23:59:59Z",
        ]
    )
    func rejects(_ text: String) {
        let error = thrownError { () throws(WireFormatError) in try RFC3339Timestamp(parsing: text) }
        #expect(error?.code == .invalidTimestamp)
    }

    @Test("instants outside the years 0000–9999 cannot be written")
    func range() {
        #expect(thrownError { () throws(WireFormatError) in try RFC3339Timestamp(secondsSince1970: 253_402_300_800) }?.code == .timestampOutOfRange)
        #expect(thrownError { () throws(WireFormatError) in try RFC3339Timestamp(Date.distantFuture.addingTimeInterval(1e12)) }?.code == .timestampOutOfRange)
    }

    @Test("round-trips 1,000 random instants and agrees with Foundation's calendar")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 3339)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for _ in 0..<1_000 {
            let seconds = Int64.random(in: -2_000_000_000...253_402_300_799, using: &generator)
            let timestamp = try RFC3339Timestamp(secondsSince1970: seconds)
            #expect(try RFC3339Timestamp(parsing: timestamp.description) == timestamp)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: timestamp.date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ",
                parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!
            )
            #expect(timestamp.description == expected)
        }
    }

    @Test("encodes in JSON as its string")
    func codable() throws {
        let timestamp = try RFC3339Timestamp(parsing: "2026-01-31T23:59:59Z")
        #expect(String(decoding: try JSONEncoder().encode([timestamp]), as: UTF8.self) == #"["2026-01-31T23:59:59Z"]"#)
        #expect(try JSONDecoder().decode([RFC3339Timestamp].self, from: Data(#"["2026-01-31T23:59:59Z"]"#.utf8)) == [timestamp])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RFC3339Timestamp].self, from: Data("[1769903999]".utf8)) }
    }
}
