import Foundation

/// Thread-safe counters, gauges and histograms for `GET /metrics`, rendered in the
/// Prometheus text exposition format 0.0.4.
///
/// Metric names are fixed by the server (never derived from request data), and labels
/// carry only stable values: problem codes, route templates (never an identifier), status
/// codes, operation and verification kinds. A family declared with ``describe(_:_:)``,
/// ``describeGauge(_:_:)`` or ``describeHistogram(_:_:buckets:)`` is rendered (its `# HELP`
/// and `# TYPE` lines) even before it has a sample.
public final class ServiceMetrics: @unchecked Sendable {
    // @unchecked: every stored value is touched only with `lock` held.
    /// One series: a metric name and its labels, in the order given.
    public struct Key: Hashable, Sendable, Comparable {
        /// The metric name, such as `devicetrust_challenges_issued_total`.
        public let name: String
        /// The label names and values, flattened: name, value, name, value…
        private let flattened: [String]

        /// The first label, if any.
        public var label: (name: String, value: String)? { labels.first }

        /// Every label, in order.
        public var labels: [(name: String, value: String)] {
            stride(from: 0, to: flattened.count, by: 2).map { (flattened[$0], flattened[$0 + 1]) }
        }

        /// A key with at most one label; `label` must be a fixed name and a value without secrets.
        public init(_ name: String, label: (name: String, value: String)? = nil) {
            self.init(name, labels: label.map { [$0] } ?? [])
        }

        /// A key with `labels` (fixed names, values without secrets), in the order given.
        public init(_ name: String, labels: [(name: String, value: String)]) {
            self.name = name
            flattened = labels.flatMap { [$0.name, $0.value] }
        }

        /// Orders by name, then label values.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            lhs.name != rhs.name ? lhs.name < rhs.name : lhs.flattened.lexicographicallyPrecedes(rhs.flattened)
        }
    }

    /// The default histogram buckets, in seconds: 100 µs to 10 s.
    public static let defaultBuckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private enum Kind {
        case counter
        case gauge
        case histogram([Double])

        var name: String {
            switch self {
            case .counter: "counter"
            case .gauge: "gauge"
            case .histogram: "histogram"
            }
        }
    }

    private struct Histogram {
        var buckets: [Int]
        var sum: Double = 0
        var count = 0

        /// Counts `seconds` in bucket `index` (`nil`: only in `+Inf`).
        mutating func record(_ seconds: Double, in index: Int?) {
            if let index { buckets[index] += 1 }
            sum += seconds
            count += 1
        }
    }

    private let lock = NSLock()
    private var counters: [Key: Int] = [:]
    private var gauges: [Key: Double] = [:]
    private var histograms: [Key: Histogram] = [:]
    private var families: [String: (help: String, kind: Kind)] = [:]

    /// Empty metrics.
    public init() {}

    /// Adds `amount` to the counter.
    public func increment(_ key: Key, by amount: Int = 1) {
        lock.withLock { counters[key, default: 0] += amount }
    }

    /// Sets the gauge to `value`.
    public func set(_ key: Key, to value: Double) {
        lock.withLock { gauges[key] = value }
    }

    /// Records one observation of `seconds` in the histogram `key` (declared with
    /// ``describeHistogram(_:_:buckets:)``; an undeclared one uses ``defaultBuckets``).
    public func observe(_ key: Key, seconds: Double) {
        lock.withLock {
            let bounds = bucketBounds(key.name)
            // Updated in place: no copy of the buckets per observation.
            histograms[key, default: Histogram(buckets: Array(repeating: 0, count: bounds.count))]
                .record(seconds, in: bounds.firstIndex { seconds <= $0 })
        }
    }

    /// Declares a counter family with its `# HELP` text.
    public func describe(_ name: String, _ text: String) {
        lock.withLock { families[name] = (text, .counter) }
    }

    /// Declares a gauge family with its `# HELP` text.
    public func describeGauge(_ name: String, _ text: String) {
        lock.withLock { families[name] = (text, .gauge) }
    }

    /// Declares a histogram family with its `# HELP` text and upper bucket bounds (seconds,
    /// ascending; `+Inf` is implied).
    public func describeHistogram(_ name: String, _ text: String, buckets: [Double] = ServiceMetrics.defaultBuckets) {
        lock.withLock { families[name] = (text, .histogram(buckets.sorted())) }
    }

    /// Creates the zero-valued series `keys`, so they are rendered before the first event.
    public func declareSeries(_ keys: [Key]) {
        lock.withLock {
            for key in keys {
                switch families[key.name]?.kind {
                case .histogram(let bounds): histograms[key] = histograms[key] ?? Histogram(buckets: Array(repeating: 0, count: bounds.count))
                case .gauge: gauges[key] = gauges[key] ?? 0
                case .counter, nil: counters[key] = counters[key] ?? 0
                }
            }
        }
    }

    /// The current value of a counter (0 if never incremented).
    public func value(_ key: Key) -> Int {
        lock.withLock { counters[key] ?? 0 }
    }

    /// The number of observations in a histogram series (0 if none).
    public func observationCount(_ key: Key) -> Int {
        lock.withLock { histograms[key]?.count ?? 0 }
    }

    /// Every metric in Prometheus text exposition format 0.0.4, families sorted by name.
    public func prometheusText() -> String {
        let (counters, gauges, histograms, families) = lock.withLock { (self.counters, self.gauges, self.histograms, self.families) }
        var byFamily: [String: [String]] = [:]
        for key in counters.keys.sorted() { byFamily[key.name, default: []].append(Self.sample(key.name, key.labels, String(counters[key] ?? 0))) }
        for key in gauges.keys.sorted() { byFamily[key.name, default: []].append(Self.sample(key.name, key.labels, Self.number(gauges[key] ?? 0))) }
        for key in histograms.keys.sorted() {
            guard let histogram = histograms[key] else { continue }
            let bounds: [Double]
            if case .histogram(let declared) = families[key.name]?.kind { bounds = declared } else { bounds = Self.defaultBuckets }
            var cumulative = 0
            var lines: [String] = []
            for (bound, count) in zip(bounds, histogram.buckets) {
                cumulative += count
                lines.append(Self.sample(key.name + "_bucket", key.labels + [("le", Self.number(bound))], String(cumulative)))
            }
            lines.append(Self.sample(key.name + "_bucket", key.labels + [("le", "+Inf")], String(histogram.count)))
            lines.append(Self.sample(key.name + "_sum", key.labels, Self.number(histogram.sum)))
            lines.append(Self.sample(key.name + "_count", key.labels, String(histogram.count)))
            byFamily[key.name, default: []].append(contentsOf: lines)
        }
        var text = ""
        for name in Set(byFamily.keys).union(families.keys).sorted() {
            let family = families[name]
            if let help = family?.help { text += "# HELP \(name) \(Self.escapeHelp(help))\n" }
            text += "# TYPE \(name) \(family?.kind.name ?? (histograms.keys.contains { $0.name == name } ? "histogram" : "counter"))\n"
            for line in byFamily[name] ?? [] { text += line }
        }
        return text
    }

    private func bucketBounds(_ name: String) -> [Double] {
        if case .histogram(let bounds) = families[name]?.kind { return bounds }
        return Self.defaultBuckets
    }

    private static func sample(_ name: String, _ labels: [(name: String, value: String)], _ value: String) -> String {
        guard !labels.isEmpty else { return "\(name) \(value)\n" }
        return "\(name){\(labels.map { "\($0.name)=\"\(escape($0.value))\"" }.joined(separator: ","))} \(value)\n"
    }

    /// A float in Prometheus form: integers without a fraction, others in full precision.
    private static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func escapeHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
