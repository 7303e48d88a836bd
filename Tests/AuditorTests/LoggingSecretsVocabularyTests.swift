@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// The shared vocabulary the logging and secrets rules rely on: card-number words,
/// labels in log text, password values in code, and message redaction.
@Suite("Logging and secrets vocabulary")
struct LoggingSecretsVocabularyTests {
    private func run(_ ruleID: String, _ files: [String: String]) -> [Finding] {
        guard let rule = AuditRuleCatalog.rule(ruleID) else { return [] }
        let contents = files.sorted { $0.key < $1.key }.map { (path: $0.key, data: Data($0.value.utf8)) }
        return AuditRunner.audit(contents: contents, rules: [rule]).findings
    }

    @Test("cc, pan and cardNo count only as whole words about a card number")
    func cardWords() {
        for name in ["ccNo", "ccNum", "_ccField", "cc", "cardNo", "card_num", "pan", "cardPan", "panNumber", "CC_NUMBER", "cvc"] {
            #expect(SecretNames.isSensitive(name), "\(name)")
            #expect(SecretNames.mayBeSensitive(name.utf8), "\(name)")
        }
        for name in ["accessory", "success", "span", "company", "expand", "panGesture", "ccRecipients", "cardNotification", "accessoryView", "occurred"] {
            #expect(!SecretNames.isSensitive(name), "\(name)")
        }
    }

    @Test("the byte pre-check never contradicts the full check")
    func preCheckIsSuperset() {
        let names = [
            "ccNo", "xCcNo", "my-cc", "a.pan", "Pan", "cardNo", "passphrase", "userCVC", "kCCNumber", "ccnumber", "tokenFromServer", "passwordFromKeychain",
        ]
        for name in names where SecretNames.isSensitive(name) {
            #expect(SecretNames.mayBeSensitive(name.utf8), "\(name)")
        }
        #expect(SecretNames.isSecretValue("passwordFromKeychain"))
        #expect(SecretNames.isSecretValue("tokenForUser"))
        #expect(!SecretNames.isSecretValue("lengthOfPassword"))
        #expect(!SecretNames.isSecretValue("keyForPassword"))
    }

    @Test("names split into the same words on the ASCII fast path as by character properties")
    func asciiWordSplit() {
        let names = [
            "userAuthToken", "API_KEY", "kSecAttrAccessible", "x509Certificate", "card-no", "a.b/c d", "HTTPSURL", "ccNo2", "__pin__", "$0", "Pin2FA",
            "tokenCount", "A", "",
        ]
        for name in names {
            #expect(SecretNames.splitASCIIWords(name) == SecretNames.splitUnicodeWords(name), "\(name)")
        }
    }

    @Test("a label ending the text before a value names it")
    func labels() {
        #expect(SensitiveLabels.label(endingText: "encryption key is ") == "encryption key")
        #expect(SensitiveLabels.label(endingText: "Password from keychain: ") == "password")
        #expect(SensitiveLabels.label(endingText: "ccNo: ") == "cc number")
        #expect(SensitiveLabels.label(endingText: "CC no = ") == "cc number")
        #expect(SensitiveLabels.label(endingText: "sessionToken=") == "token")
        for text in ["Failed to refresh token: ", "Certificate pin: ", "token type: ", "password length: ", "Received token ", "key: ", "user is "] {
            #expect(SensitiveLabels.label(endingText: text) == nil, "\(text)")
        }
        let labels = SensitiveLabels.labelledArguments(ofFormat: "user %@, pin: %d, 100%% done, token: %{private}@, key=%{public}s, api key: %{public}@")
        #expect(labels.keys.sorted() == [1, 4])
        #expect(labels[4]?.isPublic == true)
    }

    @Test("password values: exact placeholders only; key names and UI text are not values")
    func passwordValues() {
        for value in ["dvpassword", "root", "This!sA5Ecret", "Secret-Key", "1234", "taoGi"] {
            #expect(SecretFormats.looksLikePassword(value, name: "password"), "\(value)")
        }
        for value in [
            "password", "Password", "<password>", "YOUR_PASSWORD", "changeme", "xxxxxx", "********", "", "abc", "userPassword", "user_pin", "Enter password",
            "sha256/abcd", "%@",
        ] {
            #expect(!SecretFormats.looksLikePassword(value, name: "password"), "\(value)")
        }
        #expect(!SecretFormats.looksLikePassword("PIN", name: "pin"))
    }

    @Test("messages never show a short secret: at most a third of it, four characters at most")
    func shortRedaction() {
        let swift = "func check(password: String) -> Bool {\n    password == \"root\"\n}\n"
        let findings = run("secret-hardcoded", ["App/Gate.swift": swift])
        #expect(findings.map(\.range.line) == [2])
        #expect(findings.allSatisfy { !$0.message.contains("root") && !$0.message.contains("roo") })
        #expect(SecretFormats.redacted("tenzinnorgay") == "tenz…")
        #expect(SecretFormats.redacted("ab") == "…")
    }

    @Test("comparisons and password arguments are not reported in test code")
    func notInTests() {
        let swift = "func check(password: String) -> Bool {\n    login(password: \"hunter2\")\n    return password == \"root\"\n}\n"
        #expect(run("secret-hardcoded", ["AppTests/LoginTests.swift": swift]).isEmpty)
        #expect(run("secret-hardcoded", ["App/Login.swift": swift]).map(\.range.line) == [2, 3])
    }

    @Test("a secret bound inside a declaration that does not parse is still found")
    func unparsableDeclaration() {
        let swift = "class Memory {\n    func initializeIVars -> void {\n        let passwd = \"tenzinnorgay\"\n    }\n}\n"
        #expect(run("secret-hardcoded", ["App/Memory.swift": swift]).map(\.range.line) == [3])
    }

    @Test("a logged value whose field received a secret in the same function")
    func fieldStores() {
        let swift = """
            func signUp() {
                let user = PFObject(className: "Person")
                user["password"] = passwordField.text
                print("saved \\(user)")
            }
            func other(user: PFObject) {
                print("other \\(user)")
            }
            """
        #expect(run("log-sensitive-data", ["App/SignUp.swift": swift]).map(\.range.line) == [4])
        let objc = """
            - (void)save {
                Account *account = [Account new];
                [account setPassword:self.passwordField.text];
                NSLog(@"saving %@", account);
                NSMutableDictionary *params = [NSMutableDictionary dictionary];
                [params setObject:token forKey:@"access_token"];
                NSLog(@"params %@", params.description);
            }
            - (void)other {
                NSLog(@"other %@", account);
                account.password = nil;
                NSLog(@"cleared %@", account);
            }
            """
        #expect(run("log-sensitive-data", ["App/Save.m": objc]).map(\.range.line) == [4, 7])
    }
}
