/// The `X-Request-Id` of a request: the client's (or proxy's) when it is sane, else a new one.
enum RequestID {
    /// The header's name.
    static let header = "X-Request-Id"
    /// The longest identifier accepted from a client.
    static let maximumLength = 128

    /// `incoming` when it is 1–128 characters of `A–Z a–z 0–9 . _ : -` (nothing a log
    /// line or a header could be forged with), else a new random 16-hex-digit identifier.
    static func accepting(_ incoming: String?) -> String {
        if let incoming, isSane(incoming) { return incoming }
        return generate()
    }

    /// Whether `text` may be echoed and logged as a request id.
    static func isSane(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"): true
            default: false
            }
        }
    }

    /// 16 random hexadecimal digits.
    static func generate() -> String {
        let value = UInt64.random(in: .min ... .max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
