import Foundation

/// Thread-safe counters for `GET /metrics`, rendered in the Prometheus text format.
///
/// Counter names are fixed by the server (never derived from request data), and labels
/// carry only stable problem codes, route names and status codes.
public final class ServiceMetrics: @unchecked Sendable {
    /// One counter: a metric name with at most one label.
    public struct Key: Hashable, Sendable, Comparable {
        /// The metric name, such as `devicetrust_challenges_issued_total`.
        public var name: String
        /// The label name and value, if any.
        public var label: (name: String, value: String)? {
            labelName.map { ($0, labelValue) }
        }
        private let labelName: String?
        private let labelValue: String

        /// A counter key; `label` must be a fixed name and a value without secrets.
        public init(_ name: String, label: (name: String, value: String)? = nil) {
            self.name = name
            labelName = label?.name
            labelValue = label?.value ?? ""
        }

        /// Orders by name, then label value.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.name, lhs.labelName ?? "", lhs.labelValue) < (rhs.name, rhs.labelName ?? "", rhs.labelValue)
        }
    }

    private let lock = NSLock()
    private var counters: [Key: Int] = [:]
    private var help: [String: String] = [:]

    /// Empty counters.
    public init() {}

    /// Adds `amount` to the counter.
    public func increment(_ key: Key, by amount: Int = 1) {
        lock.withLock { counters[key, default: 0] += amount }
    }

    /// Sets the `# HELP` text of a metric.
    public func describe(_ name: String, _ text: String) {
        lock.withLock { help[name] = text }
    }

    /// The current value of a counter (0 if never incremented).
    public func value(_ key: Key) -> Int {
        lock.withLock { counters[key] ?? 0 }
    }

    /// The counters in Prometheus text exposition format 0.0.4, sorted by name.
    public func prometheusText() -> String {
        let (snapshot, helpTexts) = lock.withLock { (counters, help) }
        var text = ""
        var lastName: String?
        for key in snapshot.keys.sorted() {
            if key.name != lastName {
                if let helpText = helpTexts[key.name] { text += "# HELP \(key.name) \(helpText)\n" }
                text += "# TYPE \(key.name) counter\n"
                lastName = key.name
            }
            if let label = key.label {
                text += "\(key.name){\(label.name)=\"\(Self.escape(label.value))\"} \(snapshot[key] ?? 0)\n"
            } else {
                text += "\(key.name) \(snapshot[key] ?? 0)\n"
            }
        }
        return text
    }

    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
