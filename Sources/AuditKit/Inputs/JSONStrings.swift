/// The string tokens of a JSON text with their positions, and for values the key they
/// belong to (the enclosing key for strings in an array). Tolerant: malformed JSON
/// yields what could be read.
package enum JSONStrings {
    package struct Token {
        package let value: String
        package let line: Int
        package let column: Int
        package let isKey: Bool
        package let key: String?
    }

    package static func scan(_ text: String) -> [Token] {
        let bytes = Array(text.utf8)
        var tokens: [Token] = []
        var index = 0
        var line = 1
        var lineStart = 0
        // Per open container: whether it is an array, and the key it is the value of.
        var stack: [(isArray: Bool, key: String?)] = []
        var pendingKey: String?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "{"):
                stack.append((false, pendingKey))
                pendingKey = nil
            case UInt8(ascii: "["):
                stack.append((true, pendingKey))
                pendingKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                pendingKey = nil
            case UInt8(ascii: ","):
                pendingKey = nil
            case UInt8(ascii: "\""):
                let column = index - lineStart + 1
                var end = index + 1
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") && bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end = min(end, bytes.count)
                let value = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                var next = end + 1
                while next < bytes.count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") || bytes[next] == UInt8(ascii: "\r")) {
                    next += 1
                }
                if next < bytes.count && bytes[next] == UInt8(ascii: ":") {
                    tokens.append(Token(value: value, line: line, column: column, isKey: true, key: nil))
                    pendingKey = value
                } else {
                    let key = pendingKey ?? (stack.last?.isArray == true ? stack.last?.key : nil)
                    tokens.append(Token(value: value, line: line, column: column, isKey: false, key: key))
                }
                index = end + 1
                continue
            default:
                break
            }
            index += 1
        }
        return tokens
    }
}
