/// A strict parser of the Prometheus text exposition format 0.0.4, for tests that check
/// what `GET /metrics` serves (never linked into a product).
///
/// It refuses what Prometheus itself would refuse or silently misread: a malformed name,
/// label or value; a `# TYPE` after the family's samples, or given twice; a family whose
/// samples are not contiguous; a sample of an undeclared name; a repeated series; a
/// histogram whose buckets lack `le`, are not cumulative, lack `+Inf`, or disagree with
/// `_count`, or that lacks `_sum` or `_count`; a missing final newline.
public struct PrometheusExposition: Sendable, Equatable {
    /// One sample line.
    public struct Sample: Sendable, Equatable {
        /// The sample's name (for histograms: `…_bucket`, `…_sum`, `…_count`).
        public let name: String
        /// Its labels, in the order written.
        public let labels: [String: String]
        /// Its value.
        public let value: Double
    }

    /// One metric family.
    public struct Family: Sendable, Equatable {
        /// The family's name.
        public let name: String
        /// `counter`, `gauge`, `histogram`, `summary` or `untyped`.
        public let type: String
        /// The `# HELP` text, if any.
        public let help: String?
        /// The samples, in order.
        public let samples: [Sample]
    }

    /// The families by name.
    public let families: [String: Family]

    /// Why a text was refused: the line number (1-based) and what was wrong.
    public struct ParseError: Error, Sendable, CustomStringConvertible, Equatable {
        /// The line.
        public let line: Int
        /// What was wrong.
        public let reason: String
        /// `line N: reason`.
        public var description: String { "line \(line): \(reason)" }
    }

    /// Parses `text`.
    /// - Throws: ``ParseError`` at the first violation.
    public init(parsing text: String) throws(ParseError) {
        guard text.isEmpty || text.hasSuffix("\n") else { throw ParseError(line: 0, reason: "the text does not end with a newline") }
        var builders: [String: (type: String?, help: String?, samples: [Sample])] = [:]
        var order: [String] = []
        var finished: Set<String> = []
        var current: String?
        var seenSeries: Set<String> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let number = index + 1
            let line = String(rawLine)
            func fail(_ reason: String) -> ParseError { ParseError(line: number, reason: reason) }
            func enter(_ family: String) throws(ParseError) {
                if current != family {
                    if let current { finished.insert(current) }
                    guard !finished.contains(family) else { throw fail("the lines of \(family) are not contiguous") }
                    current = family
                    if builders[family] == nil {
                        builders[family] = (nil, nil, [])
                        order.append(family)
                    }
                }
            }
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                guard parts.count >= 3, parts[0] == "#", parts[1] == "HELP" || parts[1] == "TYPE" else { continue }  // a plain comment
                let name = parts[2]
                guard Self.isMetricName(name) else { throw fail("'\(name)' is not a metric name") }
                try enter(name)
                if parts[1] == "HELP" {
                    guard builders[name]?.help == nil else { throw fail("a second HELP for \(name)") }
                    builders[name]?.help = parts.count == 4 ? try Self.unescape(parts[3], quoted: false, line: number) : ""
                } else {
                    guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else {
                        throw fail("the TYPE of \(name) is not counter, gauge, histogram, summary or untyped")
                    }
                    guard builders[name]?.type == nil else { throw fail("a second TYPE for \(name)") }
                    guard builders[name]?.samples.isEmpty == true else { throw fail("the TYPE of \(name) comes after its samples") }
                    builders[name]?.type = parts[3]
                }
                continue
            }
            let sample = try Self.sample(line, line: number)
            let family = Self.family(of: sample.name, declared: builders)
            guard let family else { throw fail("\(sample.name) has no TYPE line before it") }
            try enter(family)
            let series = sample.name + "{" + sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
            guard seenSeries.insert(series).inserted else { throw fail("the series \(series) is repeated") }
            builders[family]?.samples.append(sample)
        }
        var families: [String: Family] = [:]
        for name in order {
            guard let builder = builders[name] else { continue }
            let family = Family(name: name, type: builder.type ?? "untyped", help: builder.help, samples: builder.samples)
            if family.type == "histogram" { try Self.checkHistogram(family) }
            families[name] = family
        }
        self.families = families
    }

    /// The family a sample name belongs to: itself, or a histogram's or summary's suffixed
    /// series (`_bucket`, `_sum`, `_count`).
    private static func family(of name: String, declared: [String: (type: String?, help: String?, samples: [Sample])]) -> String? {
        if declared[name]?.type != nil { return name }
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if let type = declared[base]?.type, type == "histogram" || (type == "summary" && suffix != "_bucket") { return base }
        }
        return nil
    }

    private static func checkHistogram(_ family: Family) throws(ParseError) {
        func fail(_ reason: String) -> ParseError { ParseError(line: 0, reason: "histogram \(family.name): \(reason)") }
        var groups: [[String: String]: (buckets: [(Double, Double)], sum: Double?, count: Double?)] = [:]
        for sample in family.samples {
            var labels = sample.labels
            switch sample.name {
            case family.name + "_bucket":
                guard let le = labels.removeValue(forKey: "le"), let bound = parseValue(le) else { throw fail("a bucket without a valid le label") }
                groups[labels, default: ([], nil, nil)].buckets.append((bound, sample.value))
            case family.name + "_sum": groups[labels, default: ([], nil, nil)].sum = sample.value
            case family.name + "_count": groups[labels, default: ([], nil, nil)].count = sample.value
            default: throw fail("\(sample.name) is not a histogram series")
            }
        }
        for (labels, group) in groups {
            guard let count = group.count, group.sum != nil else { throw fail("\(labels) lacks _sum or _count") }
            let buckets = group.buckets
            guard let last = buckets.last, last.0 == .infinity else { throw fail("\(labels) lacks the +Inf bucket, or it is not last") }
            for (previous, next) in zip(buckets, buckets.dropFirst()) {
                guard previous.0 < next.0 else { throw fail("\(labels): bucket bounds are not ascending") }
                guard previous.1 <= next.1 else { throw fail("\(labels): buckets are not cumulative") }
            }
            guard last.1 == count else { throw fail("\(labels): the +Inf bucket (\(last.1)) is not _count (\(count))") }
        }
    }

    private static func sample(_ line: String, line number: Int) throws(ParseError) -> Sample {
        func fail(_ reason: String) -> ParseError { ParseError(line: number, reason: reason) }
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index] != "{", scalars[index] != " " { index += 1 }
        let name = String(String.UnicodeScalarView(scalars[0..<index]))
        guard isMetricName(name) else { throw fail("'\(name)' is not a metric name") }
        var labels: [String: String] = [:]
        if index < scalars.count, scalars[index] == "{" {
            index += 1
            while true {
                guard index < scalars.count else { throw fail("the label set is not closed") }
                if scalars[index] == "}" {
                    index += 1
                    break
                }
                let start = index
                while index < scalars.count, scalars[index] != "=" { index += 1 }
                let labelName = String(String.UnicodeScalarView(scalars[start..<index]))
                guard isLabelName(labelName) else { throw fail("'\(labelName)' is not a label name") }
                guard labels[labelName] == nil else { throw fail("the label \(labelName) is repeated") }
                index += 1
                guard index < scalars.count, scalars[index] == "\"" else { throw fail("the value of \(labelName) is not quoted") }
                index += 1
                var raw = ""
                while true {
                    guard index < scalars.count else { throw fail("the value of \(labelName) is not closed") }
                    let scalar = scalars[index]
                    if scalar == "\"" { break }
                    if scalar == "\\" {
                        guard index + 1 < scalars.count else { throw fail("a lone backslash in \(labelName)") }
                        raw.unicodeScalars.append(scalar)
                        index += 1
                    }
                    raw.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                labels[labelName] = try unescape(raw, quoted: true, line: number)
                guard index < scalars.count else { throw fail("the label set is not closed") }
                if scalars[index] == "," {
                    index += 1
                } else if scalars[index] != "}" {
                    throw fail("labels must be separated by ','")
                }
            }
        }
        guard index < scalars.count, scalars[index] == " " else { throw fail("no space before the value") }
        let rest = String(String.UnicodeScalarView(scalars[(index + 1)...])).split(separator: " ", omittingEmptySubsequences: false)
        guard (1...2).contains(rest.count), let value = parseValue(String(rest[0])) else { throw fail("'\(rest.joined(separator: " "))' is not a value") }
        if rest.count == 2 { guard Int64(rest[1]) != nil else { throw fail("'\(rest[1])' is not a timestamp") } }
        return Sample(name: name, labels: labels, value: value)
    }

    private static func unescape(_ text: String, quoted: Bool, line: Int) throws(ParseError) -> String {
        var result = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                switch scalar {
                case "\\": result.unicodeScalars.append("\\")
                case "n": result.unicodeScalars.append("\n")
                case "\"" where quoted: result.unicodeScalars.append("\"")
                default: throw ParseError(line: line, reason: "the escape \\\(scalar) is not allowed")
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                if scalar == "\n" { throw ParseError(line: line, reason: "a raw newline") }
                result.unicodeScalars.append(scalar)
            }
        }
        guard !escaping else { throw ParseError(line: line, reason: "a trailing backslash") }
        return result
    }

    private static func parseValue(_ text: String) -> Double? {
        switch text {
        case "+Inf", "Inf": return .infinity
        case "-Inf": return -.infinity
        case "NaN": return .nan
        default:
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ "0123456789.eE+-".unicodeScalars.contains($0) }) else { return nil }
            return Double(text)
        }
    }

    private static func isMetricName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isLetter(first) || first == "_" || first == ":" else { return false }
        return name.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" || $0 == ":" }
    }

    private static func isLabelName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isLetter(first) || first == "_" else { return false }
        return !name.hasPrefix("__") && name.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
