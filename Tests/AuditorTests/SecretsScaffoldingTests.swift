@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// Scaffolding (mocks, previews, Debug-only code) and storage-slot names for
/// secret-hardcoded: the predicates, and behaviour across whole files.
@Suite("Secrets: scaffolding and storage-key names")
struct SecretsScaffoldingTests {
    private func lines(_ files: [String: String]) -> [String] {
        guard let rule = AuditRuleCatalog.rule("secret-hardcoded") else { return [] }
        let contents = files.sorted { $0.key < $1.key }.map { (path: $0.key, data: Data($0.value.utf8)) }
        return AuditRunner.audit(contents: contents, rules: [rule]).findings.map { "\($0.file):\($0.range.line)" }
    }

    @Test("type and function names that say scaffolding")
    func scaffoldingNames() {
        for name in [
            "MockLoginStorage", "mockLogins", "FakeVault", "StubClient", "DummyData", "SpyDelegate",
            "LoginStorageMock", "LoginStorageMocks", "VaultStub", "makeFakeAccount", "LoginView_Previews",
            "LoginView_Preview", "Mock", "_MockStore",
        ] {
            #expect(TestScaffolding.isScaffoldingName(name), "\(name)")
        }
        for name in ["Mockingbird", "Spyglass", "Stubborn", "LinkPreview", "ImagePreview", "LoginStorage", "Dummyhead"] {
            #expect(!TestScaffolding.isScaffoldingName(name), "\(name)")
        }
    }

    @Test("Debug-only conditions")
    func debugConditions() {
        #expect(TestScaffolding.isDebugCondition("DEBUG"))
        #expect(TestScaffolding.isDebugCondition("DEBUG && targetEnvironment(simulator)"))
        #expect(TestScaffolding.isDebugCondition("defined(DEBUG)"))
        #expect(!TestScaffolding.isDebugCondition("DEBUG || BETA"))
        #expect(!TestScaffolding.isDebugCondition("!DEBUG"))
        #expect(!TestScaffolding.isDebugCondition("RELEASE"))
        #expect(TestScaffolding.isNegatedDebug("!DEBUG"))
    }

    @Test("a value spelling its constant's name is a key name")
    func valueSpellsName() {
        #expect(StorageKeyNames.valueSpellsName("kOWSVault_PinCode", name: "kOWSVault_PinCode"))
        #expect(StorageKeyNames.valueSpellsName("pin_code", name: "kPinCode"))
        #expect(StorageKeyNames.valueSpellsName("PinCode", name: "PIN_CODE"))
        #expect(!StorageKeyNames.valueSpellsName("dvpassword", name: "CookiePassword"))
        #expect(!StorageKeyNames.valueSpellsName("kangaroo", name: "angaroo"))
    }

    @Test("a mock list repeating one sample password is silent; outside a mock it is reported once")
    func repeatedValue() {
        let body = """
                func logins() -> [Login] {
                    [Login(user: "a", password: "S4mple!pw"), Login(user: "b", password: "S4mple!pw")]
                }
            }
            """
        #expect(lines(["App/LoginStorage.swift": "final class MockLoginStorage {\n" + body]).isEmpty)
        #expect(lines(["App/LoginStorage.swift": "final class LoginStorage {\n" + body]) == ["App/LoginStorage.swift:3"])
    }

    @Test("Debug-only branches are silent, Release branches are not, in Swift and Objective-C")
    func debugBlocks() {
        let swift = "#if DEBUG\nlet adminPassword = \"Adm1n@2024!\"\n#else\nlet fallbackPassword = \"Rel3ase!pw\"\n#endif\n"
        #expect(lines(["App/Login.swift": swift]) == ["App/Login.swift:4"])
        let objc = """
            #if !DEBUG
            static NSString *const kReleasePassword = @"Rel3ase!pw";
            #else
            static NSString *const kDebugPassword = @"Adm1n@2024!";
            #endif
            #ifdef DEBUG
            static NSString *const kStagingPassword = @"Stag1ng!pw";
            #endif
            @implementation FakeAuth
            - (void)seed { NSString *password = @"Fak3!pass"; }
            @end
            @implementation RealAuth
            - (void)seed { NSString *password = @"R3al!pass"; }
            @end
            """
        #expect(lines(["App/Login.m": objc]) == ["App/Login.m:2", "App/Login.m:13"])
    }

    @Test("a constant used only as a key is silent; one also used as a value is reported")
    func keyOnlyUses() {
        let swift = """
            private let legacyPassphrase = "VaultDBPass"
            func load() -> String? { store.getString(legacyPassphrase) }
            func wipe() { store.removeValue(forKey: legacyPassphrase) }
            """
        #expect(lines(["App/Vault.swift": swift]).isEmpty)
        #expect(lines(["App/Vault.swift": swift + "\nfunc send() { post(legacyPassphrase) }\n"]) == ["App/Vault.swift:1"])
        // Declared but never used in the file: nothing shows it is only a key.
        #expect(lines(["App/Vault.swift": "let legacyPassphrase = \"VaultDBPass\"\n"]) == ["App/Vault.swift:1"])
        let objc = """
            static NSString *keychainLegacyPassphrase = @"VaultDBPass";
            + (NSData *)load { return [self tryToLoadKeyChainValue:keychainLegacyPassphrase error:nil]; }
            + (void)wipe { [store removeWithService:kService key:keychainLegacyPassphrase error:nil]; }
            """
        #expect(lines(["App/Vault.m": objc]).isEmpty)
        #expect(lines(["App/Vault.m": objc + "\n+ (void)send { [client loginWithPassword:keychainLegacyPassphrase]; }\n"]) == ["App/Vault.m:1"])
    }
}
