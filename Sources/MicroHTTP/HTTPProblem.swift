import Foundation

/// A problem details object (RFC 9457) with a stable machine-readable `code`.
///
/// Members are written in a fixed order — `type`, `title`, `status`, `code`, `detail`,
/// then the extension members sorted by name — so bodies are byte-for-byte predictable.
/// Never put secrets, tokens or request bodies in `detail` or in extensions.
public struct HTTPProblem: Sendable, Equatable {
    /// The media type of a problem body: `application/problem+json`.
    public static let mediaType = "application/problem+json"

    /// An extension member's value.
    public enum Value: Sendable, Equatable {
        /// A JSON string.
        case string(String)
        /// A JSON integer.
        case int(Int)
        /// A JSON boolean.
        case bool(Bool)
    }

    /// A URI reference identifying the problem type; `about:blank` by default.
    public var type: String
    /// A short, human-readable summary, such as `Payload Too Large`.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// A stable code that clients may switch on, such as `payload_too_large`.
    public var code: String
    /// An optional human-readable explanation of this occurrence.
    public var detail: String?
    /// Extra members, such as `attemptsRemaining`.
    public var extensions: [String: Value]

    /// Creates a problem.
    public init(
        type: String = "about:blank",
        title: String,
        status: Int,
        code: String,
        detail: String? = nil,
        extensions: [String: Value] = [:]
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.code = code
        self.detail = detail
        self.extensions = extensions
    }

    /// 413: the request body exceeded the server's limit.
    public static let payloadTooLarge = HTTPProblem(title: "Payload Too Large", status: 413, code: "payload_too_large")
    /// 404: no route matches the path.
    public static let notFound = HTTPProblem(title: "Not Found", status: 404, code: "not_found")
    /// 405: the path exists but not for this method.
    public static let methodNotAllowed = HTTPProblem(title: "Method Not Allowed", status: 405, code: "method_not_allowed")

    /// The problem encoded as compact JSON, members in the documented order.
    public var jsonData: Data {
        var members: [(String, String)] = [
            ("type", Self.quoted(type)),
            ("title", Self.quoted(title)),
            ("status", String(status)),
            ("code", Self.quoted(code)),
        ]
        if let detail {
            members.append(("detail", Self.quoted(detail)))
        }
        for name in extensions.keys.sorted() {
            guard let value = extensions[name] else { continue }
            switch value {
            case .string(let text): members.append((name, Self.quoted(text)))
            case .int(let number): members.append((name, String(number)))
            case .bool(let flag): members.append((name, flag ? "true" : "false"))
            }
        }
        let text = "{" + members.map { "\(Self.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        return Data(text.utf8)
    }

    /// `text` as a JSON string literal (RFC 8259 §7 escaping).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
