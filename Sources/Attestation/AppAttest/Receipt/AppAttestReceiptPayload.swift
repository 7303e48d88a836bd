import ASN1DER
import Foundation

/// The content of an App Attest receipt, as Apple documents it:
///
/// ```
/// ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }
/// Payload ::= SET OF ReceiptAttribute
/// ```
///
/// Read with ``DERReader`` under tight limits (the payload is DER even where the CMS
/// envelope around it is BER). Each known field may appear once; fields of other types are
/// skipped, as Apple adds some without notice.
struct AppAttestReceiptPayload: Sendable {
    /// The DER limits: real payloads are about 1.3 KB and two levels deep.
    static let limits = DERReader.Limits(maximumSize: 16 * 1024, maximumDepth: 3)
    /// Most attributes accepted (real payloads have 8 or 10).
    static let maximumAttributes = 64

    /// The value of each attribute, by type.
    private let values: [Int: ArraySlice<UInt8>]

    init(_ bytes: [UInt8]) throws(AttestationError) {
        var values: [Int: ArraySlice<UInt8>] = [:]
        do {
            var reader = try DERReader(bytes, limits: Self.limits)
            try reader.readConstructed(.set) { (set) throws(DERError) in
                while !set.isAtEnd {
                    guard values.count < Self.maximumAttributes else {
                        throw DERError(.tooLarge, at: set.offset, "more than \(Self.maximumAttributes) receipt attributes")
                    }
                    let at = set.offset
                    let (type, value) = try set.readConstructed { (attribute) throws(DERError) in
                        let type = try attribute.readInteger(Int.self)
                        _ = try attribute.readInteger(Int.self)  // the version: 1 in every receipt seen
                        return (type, try attribute.readOctetString())
                    }
                    guard values.updateValue(value, forKey: type) == nil else {
                        throw DERError(.invalidContent, at: at, "receipt attribute \(type) appears twice")
                    }
                }
            }
            try reader.finish("the receipt payload")
        } catch {
            throw AttestationError(.malformed, "the receipt's payload is not a DER SET of (type, version, value): \(error)")
        }
        self.values = values
    }

    /// The bytes of field `type`, required.
    func bytes(_ type: Int, _ name: String) throws(AttestationError) -> Data {
        try required(values[type].map { Data($0) }, type, name)
    }

    /// Field `type` as UTF-8 text, `nil` when absent.
    func optionalText(_ type: Int, _ name: String) throws(AttestationError) -> String? {
        guard let value = values[type] else { return nil }
        guard let text = String(validating: value, as: UTF8.self) else {
            throw AttestationError(.malformed, "the receipt's field \(type) (\(name)) is not UTF-8")
        }
        return text
    }

    /// Field `type` as UTF-8 text, required.
    func text(_ type: Int, _ name: String) throws(AttestationError) -> String {
        try required(optionalText(type, name), type, name)
    }

    /// Field `type` as a timestamp, `nil` when absent or empty.
    func optionalDate(_ type: Int, _ name: String) throws(AttestationError) -> Date? {
        guard let text = try optionalText(type, name), !text.isEmpty else { return nil }
        guard let date = ReceiptTimestamp.date(text) else {
            throw AttestationError(.malformed, "the receipt's field \(type) (\(name)) is not a UTC timestamp like 2024-04-18T16:14:54.209Z")
        }
        return date
    }

    /// Field `type` as a timestamp, required.
    func date(_ type: Int, _ name: String) throws(AttestationError) -> Date {
        try required(optionalDate(type, name), type, name)
    }

    /// `value`, or `malformed` naming the missing field.
    private func required<Value>(_ value: Value?, _ type: Int, _ name: String) throws(AttestationError) -> Value {
        guard let value else { throw AttestationError(.malformed, "the receipt has no field \(type) (\(name))") }
        return value
    }

    /// Field `type` as a decimal count in ASCII (the risk metric), `nil` when absent or empty.
    func optionalCount(_ type: Int, _ name: String) throws(AttestationError) -> Int? {
        guard let text = try optionalText(type, name), !text.isEmpty else { return nil }
        guard text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text) else {
            throw AttestationError(.malformed, "the receipt's field \(type) (\(name)) is not a decimal count of at most 9 digits")
        }
        return count
    }
}

/// The timestamps of receipts: `YYYY-MM-DDTHH:MM:SS` in UTC, an optional fraction of 1 to 9
/// digits, then `Z` (`2024-04-18T16:14:54.209Z`, `2021-01-25T09:24:12.76Z`). Nothing else.
enum ReceiptTimestamp {
    static func date(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        guard characters.count >= 20, characters.last == UInt8(ascii: "Z") else { return nil }
        let layout = Array("dddd-dd-ddTdd:dd:dd".utf8)
        for (character, expected) in zip(characters, layout) {
            let matches = expected == UInt8(ascii: "d") ? (0x30...0x39).contains(character) : character == expected
            guard matches else { return nil }
        }
        let number = { (range: Range<Int>) in characters[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        var fraction = 0.0
        let tail = characters[19..<(characters.count - 1)]
        if !tail.isEmpty {
            let digits = tail.dropFirst()
            guard tail.first == UInt8(ascii: "."), (1...9).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return nil
            }
            fraction = Double(String(decoding: digits, as: UTF8.self)).map { $0 / pow(10, Double(digits.count)) } ?? 0
        }
        var components = DateComponents()
        (components.year, components.month, components.day) = (number(0..<4), number(5..<7), number(8..<10))
        (components.hour, components.minute, components.second) = (number(11..<13), number(14..<16), number(17..<19))
        guard (1...12).contains(components.month!), (1...31).contains(components.day!), components.hour! < 24, components.minute! < 60,
            components.second! < 60
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == components.day else { return nil }
        return date.addingTimeInterval(fraction)
    }
}
