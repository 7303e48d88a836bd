/// SARIF 2.1.0 (OASIS), as GitHub code scanning and other CI tools read it: every rule
/// with its description and fix under `tool.driver.rules`, results with physical
/// locations relative to `%SRCROOT%`, and `partialFingerprints` that survive unrelated
/// edits.
enum SARIFReport {
    struct Log: Encodable {
        let version = "2.1.0"
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case version
            case schema = "$schema"
            case runs
        }
    }

    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: ArtifactLocation]
        let results: [Result]
        let columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable { let driver: Driver }

    struct Driver: Encodable {
        let name: String
        let version: String
        let semanticVersion: String
        let informationUri: String
        let rules: [Rule]
    }

    struct Message: Encodable { let text: String }

    struct MarkdownMessage: Encodable {
        let text: String
        let markdown: String
    }

    struct Rule: Encodable {
        struct Configuration: Encodable { let level: String }
        struct Properties: Encodable {
            let tags: [String]
            let precision = "high"
            let securitySeverity: String
            let masvs: String

            enum CodingKeys: String, CodingKey {
                case tags, precision, masvs
                case securitySeverity = "security-severity"
            }
        }

        let id: String
        let name: String
        let shortDescription: Message
        let fullDescription: Message
        let help: MarkdownMessage
        let defaultConfiguration: Configuration
        let properties: Properties
    }

    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?
    }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
        let endLine: Int
        let endColumn: Int
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct Location: Encodable { let physicalLocation: PhysicalLocation }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let partialFingerprints: [String: String]
    }

    static func render(_ result: AuditResult) -> String {
        let rules = result.rules
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let log = Log(runs: [Run(
            tool: Tool(driver: Driver(
                name: AuditorTool.name, version: AuditorTool.version, semanticVersion: AuditorTool.version,
                informationUri: AuditorTool.informationURI,
                rules: rules.map { rule in
                    Rule(
                        id: rule.id, name: camelCase(rule.id),
                        shortDescription: Message(text: rule.title),
                        fullDescription: Message(text: rule.rationale),
                        help: MarkdownMessage(
                            text: "\(rule.rationale)\n\nFix: \(rule.fix)",
                            markdown: "\(rule.rationale)\n\n**Fix:** \(rule.fix)\n\nMASVS: `\(rule.masvs)`"
                        ),
                        defaultConfiguration: .init(level: rule.severity.sarifLevel),
                        properties: .init(tags: ["security", rule.category.rawValue, rule.masvs], securitySeverity: rule.severity.securityScore, masvs: rule.masvs)
                    )
                }
            )),
            originalUriBaseIds: ["SRCROOT": ArtifactLocation(uri: "./", uriBaseId: nil)],
            results: result.findings.map { finding in
                Result(
                    ruleId: finding.rule.id, ruleIndex: ruleIndex[finding.rule.id] ?? 0, level: finding.rule.severity.sarifLevel,
                    message: Message(text: finding.message),
                    locations: [Location(physicalLocation: PhysicalLocation(
                        artifactLocation: ArtifactLocation(uri: uriEncoded(finding.file), uriBaseId: finding.file.hasPrefix("/") ? nil : "SRCROOT"),
                        region: Region(
                            startLine: finding.codePointRange.line, startColumn: finding.codePointRange.column,
                            endLine: max(finding.codePointRange.endLine, finding.codePointRange.line),
                            endColumn: max(finding.codePointRange.endColumn, finding.codePointRange.column + 1)
                        )
                    ))],
                    partialFingerprints: [Fingerprint.sarifKey: finding.fingerprint]
                )
            }
        )])
        return ReportJSON.encode(log)
    }

    /// `keychain-accessible-missing` → `KeychainAccessibleMissing`.
    static func camelCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference: spaces and other reserved characters percent-encoded.
    static func uriEncoded(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        return path.utf8.map { byte in
            let character = Character(Unicode.Scalar(byte))
            return byte < 0x80 && allowed.contains(character) ? String(character) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }.joined()
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
