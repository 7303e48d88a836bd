import Foundation

/// A property list value, read from XML or binary form.
public indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case data(Data)
    case date(Date)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// Converts what `PropertyListSerialization` returns; nil for anything else.
    package init?(foundation value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            self = ["f", "d"].contains(type) ? .real(number.doubleValue) : .integer(number.intValue)
        case let data as Data: self = .data(data)
        case let date as Date: self = .date(date)
        case let array as [Any]: self = .array(array.compactMap(PropertyListValue.init(foundation:)))
        case let dictionary as [String: Any]:
            self = .dictionary(dictionary.compactMapValues(PropertyListValue.init(foundation:)))
        default: return nil
        }
    }

    /// The value for `key` when this is a dictionary.
    public subscript(key: String) -> PropertyListValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Whether this is `true` (or a non-zero integer, as plutil treats them).
    public var isTrue: Bool {
        switch self {
        case .bool(let flag): flag
        case .integer(let number): number != 0
        case .string(let text): ["yes", "true", "1"].contains(text.lowercased())
        default: false
        }
    }

    /// The elements, when this is an array.
    public var array: [PropertyListValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The entries, when this is a dictionary.
    public var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }
}
