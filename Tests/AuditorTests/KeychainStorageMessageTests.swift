@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// What the keychain and storage findings say: the code that is wrong, never a secret's value.
@Suite("Keychain and storage messages")
struct KeychainStorageMessageTests {
    private func messages(_ rule: String, _ name: String, _ source: String) -> [String] {
        let rules = [AuditRuleCatalog.rule(rule)].compactMap { $0 }
        return AuditRunner.audit(contents: [(name, Data(source.utf8))], rules: rules).findings.map(\.message)
    }

    @Test("UserDefaults findings name the stored expression and redact literals")
    func userDefaults() {
        let objc = messages(
            "storage-secret-in-userdefaults", "A.m",
            """
            - (void)save {
                NSUserDefaults *credentials = [NSUserDefaults standardUserDefaults];
                [credentials setObject:self.password.text forKey:@"password"];
                [[NSUserDefaults standardUserDefaults] setObject:@"4821" forKey:@"PIN"];
            }
            """)
        #expect(objc == ["self.password.text is stored in NSUserDefaults under password", "a hard-coded string is stored in NSUserDefaults under PIN"])
        let swift = messages(
            "storage-secret-in-userdefaults", "A.swift",
            """
            func save() {
                UserDefaults.standard.set("4821", forKey: "PIN")
            }
            """)
        #expect(swift == ["a hard-coded string is stored in UserDefaults under PIN"])
        #expect(!(objc + swift).contains { $0.contains("4821") })
    }

    @Test("an unprotected write of ciphertext names the written value, and only with a hard-coded key")
    func encryptedWrites() {
        let hardCoded = messages(
            "storage-file-without-protection", "A.m",
            """
            - (void)save {
                encryptionKey = @"in-the-binary";
                NSData *data = [self.field.text dataUsingEncoding:NSUTF8StringEncoding];
                NSData *encrypted_data = [data AES256EncryptWithKey:encryptionKey];
                [encrypted_data writeToFile:self.path atomically:YES];
            }
            """)
        #expect(hardCoded == ["encrypted_data, encrypted under the hard-coded key encryptionKey, is written to a file with no protection option"])
        let swift = messages(
            "storage-file-without-protection", "A.swift",
            """
            func save(password: String, deviceKey: Data, url: URL) {
                let data = password.data(using: .utf8)
                let sealed = try? RNEncryptor.encryptData(data, with: kRNCryptorAES256Settings, password: deviceKey)
                try? sealed?.write(to: url, options: .atomic)
            }
            """)
        #expect(swift.isEmpty)
    }
}
