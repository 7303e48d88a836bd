import Foundation

/// A file of known findings' fingerprints: findings in it are not reported. Written by
/// `--write-baseline`, read by `--baseline`. JSON: `{"version":1,"tool":"devicetrust",
/// "fingerprints":[{"ruleId","file","fingerprint"}]}` (rule and file are for humans
/// reviewing the file; only the fingerprint counts).
public struct Baseline: Sendable, Codable, Hashable {
    public struct Entry: Sendable, Codable, Hashable {
        public let ruleId: String
        public let file: String
        public let fingerprint: String
    }

    public var version = 1
    public var tool = "devicetrust"
    public var fingerprints: [Entry]

    /// The baseline of `findings`.
    public init(findings: [Finding]) {
        fingerprints = findings.map { Entry(ruleId: $0.rule.id, file: $0.file, fingerprint: $0.fingerprint) }
    }

    /// Reads a baseline file; a clear error when it is missing or not a baseline.
    public static func read(path: String) throws(AuditInputError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuditInputError("baseline \(path) cannot be read")
        }
        do {
            let baseline = try JSONDecoder().decode(Baseline.self, from: data)
            guard baseline.version == 1 else { throw AuditInputError("baseline \(path) has version \(baseline.version); this tool reads version 1") }
            return baseline
        } catch let error as AuditInputError {
            throw error
        } catch {
            throw AuditInputError("baseline \(path) is not a devicetrust baseline (\(error))")
        }
    }

    /// The file's bytes: sorted, pretty-printed JSON, stable across runs.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var sorted = self
        sorted.fingerprints.sort { ($0.file, $0.ruleId, $0.fingerprint) < ($1.file, $1.ruleId, $1.fingerprint) }
        return (try? encoder.encode(sorted)).map { $0 + Data("\n".utf8) } ?? Data()
    }

    package var fingerprintSet: Set<String> { Set(fingerprints.map(\.fingerprint)) }
}
