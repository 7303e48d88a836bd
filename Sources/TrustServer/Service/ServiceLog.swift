import DeviceBinding
import Foundation

/// Where the service writes its log lines and security events; by default nowhere.
///
/// Two forms, chosen by `devicetrust serve --log-format`:
/// - **text** (``init(_:)``): one plain line per message or refusal, as before; no line per
///   request, so the hot path formats nothing;
/// - **JSON** (``json(clock:_:)``): one JSON object per line, for a request
///   (`"event":"request"` with `requestId`, `route`, `status`, `latencyMs`), a
///   ``SecurityEvent`` (`enrolled`, `approved`, `refused`, `pin_failure`, `revoked`,
///   `key_replaced`, `attestation_refused`) or a message (`"event":"message"`). Every object
///   starts with `timestamp` (RFC 3339 UTC, milliseconds), `level` and `event`, and carries
///   the `requestId` and `route` of the request it happened in.
///
/// Lines name the operation, the stable problem code and the precise reason. They never
/// carry a PIN, token, key, signature, nonce or request body.
public struct ServiceLog: Sendable {
    /// The request a line belongs to, set by the HTTP handler around each request (JSON only).
    struct RequestContext: Sendable {
        let requestID: String
        let route: String
    }

    @TaskLocal static var currentRequest: RequestContext?

    private let text: (@Sendable (String) -> Void)?
    private let json: (@Sendable (String) -> Void)?
    private let clock: ServiceClock

    /// A text log that hands each line to `write`, which must be thread-safe.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.init(text: write, json: nil, clock: .system)
    }

    private init(text: (@Sendable (String) -> Void)?, json: (@Sendable (String) -> Void)?, clock: ServiceClock) {
        self.text = text
        self.json = json
        self.clock = clock
    }

    /// A JSON log that hands each object, as one line ending in `\n`, to `write`, which
    /// must be thread-safe; `clock` gives the timestamps.
    public static func json(clock: ServiceClock = .system, _ write: @escaping @Sendable (String) -> Void) -> ServiceLog {
        ServiceLog(text: nil, json: write, clock: clock)
    }

    /// A log that drops every line (and builds none).
    public static let discard = ServiceLog(text: nil, json: nil, clock: .system)

    /// Whether this log writes one object per request (the JSON form).
    public var isStructured: Bool { json != nil }

    /// Writes one informational message.
    public func callAsFunction(_ line: String) { message(line, level: "info") }

    /// Writes one message about a failure of the server itself.
    public func error(_ line: String) { message(line, level: "error") }

    /// Writes a security event; `event` is built only when some form writes it.
    func event(_ event: @autoclosure () -> SecurityEvent) {
        if let text {
            if let line = event().text { text(line) }
        } else if let json {
            let event = event()
            var writer = header(level: event.level, event: event.name.rawValue)
            for (name, value) in event.fields {
                switch value {
                case .string(let string): writer.add(name, string)
                case .int(let number): writer.add(name, Int64(number))
                }
            }
            json(writer.json + "\n")
        }
    }

    /// Writes the line of one answered request (JSON only).
    func request(id: String, route: String, method: String, status: Int, nanoseconds: UInt64) {
        guard let json else { return }
        var writer = JSONObjectWriter()
        writer.add("timestamp", Self.timestamp(clock.now()))
        writer.add("level", status >= 500 ? "error" : "info")
        writer.add("event", "request")
        writer.add("requestId", id)
        writer.add("route", route)
        writer.add("method", method)
        writer.add("status", Int64(status))
        writer.add("latencyMs", json: Self.milliseconds(nanoseconds))
        json(writer.json + "\n")
    }

    private func message(_ line: String, level: String) {
        if let text {
            text(line)
        } else if let json {
            var writer = header(level: level, event: "message")
            writer.add("message", line)
            json(writer.json + "\n")
        }
    }

    private func header(level: String, event: String) -> JSONObjectWriter {
        var writer = JSONObjectWriter()
        writer.add("timestamp", Self.timestamp(clock.now()))
        writer.add("level", level)
        writer.add("event", event)
        if let request = Self.currentRequest {
            writer.add("requestId", request.requestID)
            writer.add("route", request.route)
        }
        return writer
    }

    /// `2026-12-02T15:51:17.123Z`.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let milliseconds = min(999, Int((date.timeIntervalSince1970 - seconds) * 1000))
        guard let whole = try? RFC3339Timestamp(secondsSince1970: Int64(seconds)) else { return "0000-01-01T00:00:00.000Z" }
        let digits = String(milliseconds)
        return String(whole.description.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// `1.234` for 1,234,000 ns: milliseconds with three decimals.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let microseconds = nanoseconds / 1000
        let fraction = String(microseconds % 1000)
        return String(microseconds / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// A security event of the service, for a SOC: its name, its fields (identifiers and
/// stable codes, never a secret), and the text line it has in the text log, if any.
struct SecurityEvent: Sendable {
    /// The `event` member of the JSON line.
    enum Name: String, CaseIterable, Sendable {
        case enrolled
        case approved
        case refused
        case pinFailure = "pin_failure"
        case revoked
        case keyReplaced = "key_replaced"
        case attestationRefused = "attestation_refused"
    }

    /// A field value.
    enum Value: Sendable {
        case string(String)
        case int(Int)
    }

    let name: Name
    let level: String
    let fields: [(String, Value)]
    /// The line in the text log (`nil`: the event has none there).
    let text: String?

    static func enrolled(deviceId: String, keys: [String]) -> SecurityEvent {
        SecurityEvent(
            name: .enrolled, level: "info", fields: [("deviceId", .string(deviceId)), ("keys", .string(keys.joined(separator: ",")))],
            text: "enrollment completed: device \(deviceId) enrolled with keys \(keys)")
    }

    static func approved(deviceId: String, purpose: String, key: String) -> SecurityEvent {
        SecurityEvent(
            name: .approved, level: "info", fields: [("deviceId", .string(deviceId)), ("purpose", .string(purpose)), ("key", .string(key))], text: nil)
    }

    static func refused(operation: String, code: String, reason: String) -> SecurityEvent {
        SecurityEvent(
            name: .refused, level: "warning", fields: [("operation", .string(operation)), ("code", .string(code)), ("reason", .string(reason))],
            text: "\(operation) refused: \(code): \(reason)")
    }

    static func attestationRefused(operation: String, reason: String) -> SecurityEvent {
        SecurityEvent(name: .attestationRefused, level: "warning", fields: [("operation", .string(operation)), ("reason", .string(reason))], text: nil)
    }

    static func pinFailure(deviceId: String, count: Int, remaining: Int) -> SecurityEvent {
        SecurityEvent(
            name: .pinFailure, level: "warning", fields: [("deviceId", .string(deviceId)), ("count", .int(count)), ("remaining", .int(remaining))],
            text: nil)
    }

    /// `reason`: `admin`, `pin_limit` or `removed_by_device`.
    static func revoked(deviceId: String, reason: String, text: String?) -> SecurityEvent {
        SecurityEvent(name: .revoked, level: "warning", fields: [("deviceId", .string(deviceId)), ("reason", .string(reason))], text: text)
    }

    static func keyReplaced(deviceId: String, kind: String) -> SecurityEvent {
        SecurityEvent(
            name: .keyReplaced, level: "info", fields: [("deviceId", .string(deviceId)), ("kind", .string(kind))],
            text: "\(kind) key replaced for device \(deviceId)")
    }
}
