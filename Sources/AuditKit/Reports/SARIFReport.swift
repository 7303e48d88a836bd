/// SARIF 2.1.0 (OASIS), as GitHub code scanning and other CI tools read it: every rule
/// with its description and fix under `tool.driver.rules`, results with physical
/// locations relative to `%SRCROOT%`, and `partialFingerprints` that survive unrelated
/// edits.
package enum SARIFReport {
    package struct Log: Encodable {
        package let version = "2.1.0"
        package let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        package let runs: [Run]

        package enum CodingKeys: String, CodingKey {
            case version
            case schema = "$schema"
            case runs
        }
    }

    package struct Run: Encodable {
        package let tool: Tool
        package let originalUriBaseIds: [String: ArtifactLocation]
        package let results: [Result]
        package let columnKind = "unicodeCodePoints"
    }

    package struct Tool: Encodable { let driver: Driver }

    package struct Driver: Encodable {
        package let name: String
        package let version: String
        package let semanticVersion: String
        package let informationUri: String
        package let rules: [Rule]
    }

    package struct Message: Encodable { let text: String }

    package struct MarkdownMessage: Encodable {
        package let text: String
        package let markdown: String
    }

    package struct Rule: Encodable {
        package struct Configuration: Encodable { let level: String }
        package struct Properties: Encodable {
            package let tags: [String]
            package let precision = "high"
            package let securitySeverity: String
            package let masvs: String
            package let cwe: String?

            package enum CodingKeys: String, CodingKey {
                case tags, precision, masvs, cwe
                case securitySeverity = "security-severity"
            }
        }

        package let id: String
        package let name: String
        package let shortDescription: Message
        package let fullDescription: Message
        package let help: MarkdownMessage
        package let defaultConfiguration: Configuration
        package let properties: Properties
    }

    package struct ArtifactLocation: Encodable {
        package let uri: String
        package let uriBaseId: String?
    }

    /// Lines and columns in a source file; a byte offset in a binary.
    package struct Region: Encodable {
        package var startLine: Int?
        package var startColumn: Int?
        package var endLine: Int?
        package var endColumn: Int?
        package var byteOffset: Int?
    }

    package struct PhysicalLocation: Encodable {
        package let artifactLocation: ArtifactLocation
        package let region: Region
    }

    package struct Location: Encodable { let physicalLocation: PhysicalLocation }

    package struct Result: Encodable {
        package let ruleId: String
        package let ruleIndex: Int
        package let level: String
        package let message: Message
        package let locations: [Location]
        package let partialFingerprints: [String: String]
        /// `{"thirdParty": true}` for third-party code copied into the repository.
        package var properties: [String: Bool]? = nil
    }

    package static func render(_ result: AuditResult) -> String {
        let rules = result.rules
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let log = Log(runs: [
            Run(
                tool: Tool(
                    driver: Driver(
                        name: AuditorTool.name, version: AuditorTool.version, semanticVersion: AuditorTool.version,
                        informationUri: AuditorTool.informationURI,
                        rules: rules.map { rule in
                            Rule(
                                id: rule.id, name: camelCase(rule.id),
                                shortDescription: Message(text: rule.title),
                                fullDescription: Message(text: rule.rationale),
                                help: MarkdownMessage(
                                    text: "\(rule.rationale)\n\nFix: \(rule.fix)",
                                    markdown: "\(rule.rationale)\n\n**Fix:** \(rule.fix)\n\nMASVS: `\(rule.masvs)`" + (rule.cweName.map { ", \($0)" } ?? "")
                                ),
                                defaultConfiguration: .init(level: rule.severity.sarifLevel),
                                properties: .init(
                                    // `external/cwe/cwe-312`: the tag GitHub code scanning shows as the CWE.
                                    tags: ["security", rule.category.rawValue, rule.masvs] + (rule.cwe.map { ["external/cwe/cwe-\($0)"] } ?? []),
                                    securitySeverity: rule.severity.securityScore, masvs: rule.masvs, cwe: rule.cweName
                                )
                            )
                        }
                    )),
                originalUriBaseIds: ["SRCROOT": ArtifactLocation(uri: "./", uriBaseId: nil)],
                results: result.findings.map { finding in
                    Result(
                        ruleId: finding.rule.id, ruleIndex: ruleIndex[finding.rule.id] ?? 0, level: finding.rule.severity.sarifLevel,
                        message: Message(text: finding.message),
                        locations: [
                            Location(
                                physicalLocation: PhysicalLocation(
                                    artifactLocation: ArtifactLocation(uri: uriEncoded(finding.file), uriBaseId: finding.file.hasPrefix("/") ? nil : "SRCROOT"),
                                    region: finding.binaryLocation.map { Region(byteOffset: $0.offset) }
                                        ?? Region(
                                            startLine: finding.codePointRange.line, startColumn: finding.codePointRange.column,
                                            endLine: max(finding.codePointRange.endLine, finding.codePointRange.line),
                                            endColumn: max(finding.codePointRange.endColumn, finding.codePointRange.column + 1)
                                        )
                                ))
                        ],
                        partialFingerprints: [Fingerprint.sarifKey: finding.fingerprint],
                        properties: finding.isThirdParty ? ["thirdParty": true] : nil
                    )
                }
            )
        ])
        return ReportJSON.encode(log)
    }

    /// `keychain-accessible-missing` → `KeychainAccessibleMissing`.
    package static func camelCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference: spaces and other reserved characters percent-encoded.
    package static func uriEncoded(_ path: String) -> String {
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
