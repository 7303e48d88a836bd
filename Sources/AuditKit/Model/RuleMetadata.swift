/// What a rule is: its stable id, severity, category, OWASP MASVS control, the CWE weakness
/// where one fits, why it matters and how to fix it. The id is a contract: baselines, suppressions and CI configurations
/// name it.
public struct RuleMetadata: Sendable, Hashable {
    /// The stable identifier, e.g. `keychain-accessible-missing`.
    public let id: String
    /// A one-line summary.
    public let title: String
    /// The default severity.
    public let severity: Severity
    /// The category.
    public let category: RuleCategory
    /// The OWASP MASVS v2 control, e.g. `MASVS-STORAGE-1`.
    public let masvs: String
    /// The MITRE CWE weakness the pitfall is an instance of (`312` for CWE-312), where one
    /// fits; nil for pitfalls CWE has no entry for (a missing usage description).
    public let cwe: Int?
    /// Why this is a problem, in a few sentences.
    public let rationale: String
    /// How to fix it.
    public let fix: String

    /// A rule's description.
    public init(id: String, title: String, severity: Severity, category: RuleCategory, masvs: String, cwe: Int? = nil, rationale: String, fix: String) {
        self.id = id
        self.title = title
        self.severity = severity
        self.category = category
        self.masvs = masvs
        self.cwe = cwe
        self.rationale = rationale
        self.fix = fix
    }
}

extension RuleMetadata {
    /// `CWE-312`, or nil.
    public var cweName: String? { cwe.map { "CWE-\($0)" } }
}
