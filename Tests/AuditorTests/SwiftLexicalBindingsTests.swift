@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Testing

/// The token-level `name = value` finder the pin and key pre-checks use in place of a parse.
@Suite("Lexical bindings")
struct SwiftLexicalBindingsTests {
    private static func bindings(in source: String) -> [String] {
        let file = SwiftFile(path: "Example.swift", text: source)
        var names: [String] = []
        _ = file.containsLexicalBinding(named: { _ in true }) { binding in
            names.append(binding.name)
            return false
        }
        return names
    }

    @Test("Bindings, type annotations, parameter defaults and assignments are found")
    func found() {
        #expect(Self.bindings(in: "let pinnedKeyHash = \"abc\"") == ["pinnedKeyHash"])
        #expect(Self.bindings(in: "private let pins: Set<String> = [\n    \"abc\",\n]") == ["pins"])
        #expect(Self.bindings(in: "func seal(key secret: Data = Data([1, 2])) {}") == ["key", "secret"])
        #expect(Self.bindings(in: "token = makeToken()") == ["token"])
    }

    @Test("Comparisons and compound assignments are not bindings")
    func notFound() {
        #expect(Self.bindings(in: "if hash == pin || hash != backup || count >= limit || count <= limit { count += 1 }").isEmpty)
        #expect(Self.bindings(in: "let ok = a == b").elementsEqual(["ok"]))
    }

    @Test("The value is the first token after the equals sign, across a line break")
    func value() throws {
        let file = SwiftFile(path: "Example.swift", text: "let pins =\n    [\"abc\"]")
        var first: SwiftTokens.Token?
        _ = file.containsLexicalBinding(named: { $0 == "pins" }) { binding in
            first = binding.value.map { file.tokens.tokens[$0] }
            return true
        }
        let token = try #require(first)
        #expect(token.kind == .punctuation && token.byte == UInt8(ascii: "["))
    }

    @Test("The pin and key pre-checks pass only where a pin or key name is given key material, not wherever the words occur")
    func preChecks() {
        func mayMatch(_ id: String, _ source: String) -> Bool {
            let rule = AuditRuleCatalog.all.first { $0.metadata.id == id }!
            return rule.mayMatch(.swift(SwiftFile(path: "Example.swift", text: source)))
        }
        let pinWords = """
            func verify(pin: String, against stored: String) -> Bool {
                log("the PIN did not match the stored hash for this device")
                return pin == stored
            }
            """
        #expect(!mayMatch("network-single-pin", pinWords))
        #expect(mayMatch("network-single-pin", "let pinnedKeyHash =\n    \"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=\""))
        let keyWords = """
            func rotate(encryptionKey: SymmetricKeyReference) {
                print("rotating the encryption key for account", encryptionKey.account)
            }
            """
        #expect(!mayMatch("crypto-hardcoded-key", keyWords))
        #expect(mayMatch("crypto-hardcoded-key", "func seal(ivData: Data = Data(\n    [0x13, 0x37])) {}"))
        // What the check resolves as key material passes; a key computed from a literal label does not.
        #expect(mayMatch("crypto-hardcoded-key", "let passphrase = \"correct horse\"\nlet encryptionKey = passphrase.data(using: .utf8)!"))
        #expect(mayMatch("crypto-hardcoded-key", "let aesKey = try ([UInt8](repeating: 0x41, count: 16))"))
        #expect(mayMatch("crypto-hardcoded-key", "let sharedBytes: [UInt8] = [1, 2]\nlet aesKey = Data(sharedBytes)"))
        #expect(!mayMatch("crypto-hardcoded-key", "func rotate() throws {\n    let encryptionKey = try deriveFrom(secret, info: \"session label\")\n}"))
    }

    @Test(
        "The synchronizable pre-check passes where a literal true is given, not where the attribute is only read or forwarded",
        arguments: [
            ("query[kSecAttrSynchronizable as String] = kCFBooleanTrue", true),
            ("let item: [String: Any] = [kSecAttrSynchronizable as String: true]", true),
            ("let keychain = Keychain(service: s).synchronizable(true)", true),
            ("store.synchronizable = true", true),
            ("let vault = Keychain(service: s, synchronizable: NSNumber(value: true))", true),
            ("let sync = attributes[kSecAttrSynchronizable as String] as? Bool ?? false", false),
            ("query[kSecAttrSynchronizable as String] = synchronizable", false),
            ("if item.synchronizable == true { copies += 1 }", false),
        ])
    func synchronizablePreCheck(source: String, passes: Bool) {
        let rule = AuditRuleCatalog.all.first { $0.metadata.id == "keychain-synchronizable-secret" }!
        #expect(rule.mayMatch(.swift(SwiftFile(path: "Example.swift", text: source))) == passes)
    }
}
