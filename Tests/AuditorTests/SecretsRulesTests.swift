@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// What the example harness cannot express for the secrets, crypto, logging and privacy
/// rules: path-dependent behaviour and message redaction.
@Suite("Secrets, crypto, logging and privacy rules")
struct SecretsRulesTests {
    private func run(_ ruleID: String, _ files: [String: String]) -> [Finding] {
        guard let rule = AuditRuleCatalog.rule(ruleID) else { return [] }
        let contents = files.sorted { $0.key < $1.key }.map { (path: $0.key, data: Data($0.value.utf8)) }
        return AuditRunner.audit(contents: contents, rules: [rule]).findings
    }

    // Built by concatenation so that this source file holds no credential literal.
    private let awsKey = "AK" + "IA4KX7N2QPLM3RZ8WT"
    private let jwt = "ey" + "JhbGciOiJIUzI1NiJ9.ey" + "JzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV"

    @Test("a provider key is reported even in tests; a JWT or an entropy match is not")
    func testFolders() {
        let source = "let awsKey = \"\(awsKey)\"\nlet sampleToken = \"\(jwt)\"\nlet apiKey = \"f3a9c2e87b1d4f6a9e0c5b2d8a7f1e3c\"\n"
        #expect(run("secret-hardcoded", ["AppTests/Fixtures.swift": source]).map(\.range.line) == [1])
        #expect(run("secret-hardcoded", ["App/Config.swift": source]).map(\.range.line) == [1, 2, 3])
    }

    @Test("messages show at most a four-character prefix of a secret")
    func redaction() {
        let findings = run("secret-hardcoded", ["App/Config.swift": "let awsKey = \"\(awsKey)\"\n"])
        #expect(findings.count == 1)
        #expect(findings.allSatisfy { !$0.message.contains(awsKey) && $0.message.contains("AKIA…") })
    }

    @Test("crypto and logging rules are silent in test code")
    func cryptoInTests() {
        let source = "let key = SymmetricKey(data: Data([1, 2, 3, 4]))\nprint(\"token \\(token)\")\n"
        #expect(run("crypto-hardcoded-key", ["CryptoTests/VectorTests.swift": source]).isEmpty)
        #expect(run("log-sensitive-data", ["CryptoTests/VectorTests.swift": source]).isEmpty)
        #expect(run("crypto-hardcoded-key", ["App/Vault.swift": source]).count == 1)
        #expect(run("log-sensitive-data", ["App/Vault.swift": source]).count == 1)
    }

    @Test("privacy-manifest-missing: one finding per project and category, at the first use, counting the other files; declared categories pass")
    func privacyPerProject() {
        let code = "func f() {\n    UserDefaults.standard.set(1, forKey: \"a\")\n    UserDefaults.standard.set(2, forKey: \"b\")\n}\n"
        let info = PrivacyManifestMissing.infoPlist
        let findings = run("privacy-manifest-missing", ["App/A.swift": code, "App/B.swift": code, "App/C.swift": code, "App/Info.plist": info])
        #expect(findings.map { "\($0.file):\($0.range.line)" } == ["App/A.swift:2"])
        #expect(findings.first?.message.hasSuffix("(and in 2 other files)") == true)
        #expect(run("privacy-manifest-missing", ["App/A.swift": code, "App/Info.plist": info]).first?.message.contains("other file") == false)
        let manifest = PrivacyManifestMissing.manifest(["NSPrivacyAccessedAPICategoryUserDefaults"])
        #expect(run("privacy-manifest-missing", ["App/A.swift": code, "App/Info.plist": info, "App/PrivacyInfo.xcprivacy": manifest]).isEmpty)
    }

    @Test(
        "the secrets pre-check reads the name a literal is bound to where it is written, as the check does",
        arguments: [
            ("let password: String = \"x\"", ["let", "password", "String"]),
            ("self.config.token =\n    \"x\"", ["self", "config", "token"]),
            ("func login(password: String = \"x\") {}", ["func", "login", "password", "String"]),
            ("authenticate(user: u, password: \"x\")", ["password"]),
            ("let headers = [\"X-Api-Token\": \"x\"]", ["X-Api-Token"]),
            ("[kSecValueData: #\"x\"#]", ["kSecValueData"]),
            ("setPassword((\"x\"))", ["setPassword"]),
            ("var pin: String {\n    return \"x\"", ["var", "pin", "String", "return"]),
            ("var pin: String { \"x\" }", ["var", "pin", "String"]),
            ("let pins = [\"a\", \"x\"]", []),
            ("if entered == \"x\" {}", []),
            ("send(body, \"x\")", []),
        ])
    func bindingNames(source: String, expected: [String]) throws {
        let file = SwiftFile(path: "Example.swift", text: source)
        let literal = try #require(file.lexical.literals.last)
        #expect(SecretHardcoded.bindingNames(of: literal, in: source) == expected)
    }

    @Test("a secret sent under a header that names it is found through the header, after the value")
    func headerNamesTheValue() {
        let value = "q8Ls2" + "vN4xT9pK3mR7wZ1bY6c"
        let source = """
            func authorize(_ request: inout URLRequest) {
                request.setValue("\(value)", forHTTPHeaderField: "X-Auth-Token")
            }
            """
        #expect(run("secret-hardcoded", ["App/Client.swift": source]).map(\.range.line) == [2])
    }

    @Test(
        "the secrets pre-check finds the operand a literal is compared with, as the check does",
        arguments: [
            ("if pin == \"1234\" {}", "pin"),
            ("if \"hunter2\" != passwordField.text {}", "passwordField"),
            ("guard self.session?.token === (\"abc\") else {}", "token"),
            ("found = (secret, privacy == \".public\")", "privacy"),
            ("let x = \"a\"", nil),
        ])
    func comparedName(source: String, expected: String?) throws {
        let file = SwiftFile(path: "Example.swift", text: source)
        let literal = try #require(file.lexical.literals.last)
        #expect(SecretHardcoded.comparedName(of: literal, in: source) == expected)
    }
}
