/// How bad a finding is. Ordered: `info < low < medium < high < critical`.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case info, low, medium, high, critical

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// `error` for high and critical, `warning` otherwise: what Xcode and SwiftLint print.
    package var textLevel: String { self >= .high ? "error" : "warning" }

    /// The SARIF `level`: `error` for high and critical, `warning` for medium, `note` below.
    package var sarifLevel: String {
        switch self {
        case .high, .critical: "error"
        case .medium: "warning"
        case .low, .info: "note"
        }
    }

    /// The SARIF `security-severity` score GitHub code scanning reads (0.0–10.0).
    package var securityScore: String {
        switch self {
        case .critical: "9.5"
        case .high: "8.0"
        case .medium: "5.5"
        case .low: "3.0"
        case .info: "1.0"
        }
    }
}

/// The area of the seeds' pitfalls a rule belongs to.
public enum RuleCategory: String, Sendable, Hashable, CaseIterable, Codable {
    case storage, keychain, auth, network, secrets, crypto, logging, platform, privacy
}
