import DeviceBinding
import Foundation

/// Where the service writes its log lines and security events; by default nowhere.
///
/// Two forms, chosen by `devicetrust serve --log-format`:
/// - **text** (``init(_:)``): one plain line per message or refusal, as before; no line per
///   request, so the hot path formats nothing;
/// - **JSON** (``json(clock:_:)``): one JSON object per line, for a request
///   (`"event":"request"` with `requestId`, `route`, `status`, `latencyMs`), a
///   security event (`enrolled`, `approved`, `refused`, `pin_failure`, `revoked`,
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

    /// Writes a security event: in the text form its `text` line if it has one, in the JSON
    /// form an object with its `fields`. Nothing is built that the form does not write, so
    /// an event without a text line costs nothing in the text form.
    private func event(
        _ name: SecurityEvent, level: String, text line: @autoclosure () -> String?, fields: @autoclosure () -> [(String, FieldValue)]
    ) {
        if let text {
            if let line = line() { text(line) }
        } else if let json {
            var writer = header(level: level, event: name.rawValue)
            for (field, value) in fields() {
                switch value {
                case .string(let string): writer.add(field, string)
                case .int(let number): writer.add(field, Int64(number))
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

/// The security events of the service, for a SOC: the `event` member of their JSON lines.
enum SecurityEvent: String, CaseIterable, Sendable {
    case enrolled
    case approved
    case refused
    case pinFailure = "pin_failure"
    case revoked
    case keyReplaced = "key_replaced"
    case attestationRefused = "attestation_refused"
}

/// A field value of a security event: identifiers and stable codes, never a secret.
enum FieldValue: Sendable {
    case string(String)
    case int(Int)
}

extension ServiceLog {
    /// A device completed its enrollment with `keys`.
    func enrolled(deviceId: String, keys: [String]) {
        event(
            .enrolled, level: "info", text: "enrollment completed: device \(deviceId) enrolled with keys \(keys)",
            fields: [("deviceId", .string(deviceId)), ("keys", .string(keys.joined(separator: ",")))])
    }

    /// A challenge response was accepted (JSON only: the text log has no line per approval).
    func approved(deviceId: String, purpose: String, key: String) {
        event(.approved, level: "info", text: nil, fields: [("deviceId", .string(deviceId)), ("purpose", .string(purpose)), ("key", .string(key))])
    }

    /// A request was refused with the problem `code`, for `reason`.
    func refused(operation: String, code: String, reason: String) {
        event(
            .refused, level: "warning", text: "\(operation) refused: \(code): \(reason)",
            fields: [("operation", .string(operation)), ("code", .string(code)), ("reason", .string(reason))])
    }

    /// An attestation was missing where required, or did not verify (JSON only: the text
    /// log has the `refused` line).
    func attestationRefused(operation: String, reason: String) {
        event(.attestationRefused, level: "warning", text: nil, fields: [("operation", .string(operation)), ("reason", .string(reason))])
    }

    /// A wrong PIN: `count` consecutive failures, `remaining` attempts left (JSON only: the
    /// text log has the `refused` line).
    func pinFailure(deviceId: String, count: Int, remaining: Int) {
        event(
            .pinFailure, level: "warning", text: nil,
            fields: [("deviceId", .string(deviceId)), ("count", .int(count)), ("remaining", .int(remaining))])
    }

    /// A device was revoked; `reason`: `admin`, `pin_limit` or `removed_by_device`; `text`:
    /// its line in the text log, if any.
    func revoked(deviceId: String, reason: String, text line: String?) {
        event(.revoked, level: "warning", text: line, fields: [("deviceId", .string(deviceId)), ("reason", .string(reason))])
    }

    /// A key of a device was replaced (`kind`: `biometric`).
    func keyReplaced(deviceId: String, kind: String) {
        event(
            .keyReplaced, level: "info", text: "\(kind) key replaced for device \(deviceId)",
            fields: [("deviceId", .string(deviceId)), ("kind", .string(kind))])
    }
}
