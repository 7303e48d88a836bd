import SwiftSyntax
import AuditKit

extension KeychainSynchronizableSecret {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func save(_ token: Data) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "refreshToken",
                        kSecAttrSynchronizable as String: true,
                        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
                        kSecValueData as String: token,
                    ]
                    ↓SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                func save(_ password: Data, account: String) {
                    var query = [String: Any]()
                    query[kSecClass as String] = kSecClassGenericPassword
                    query[kSecAttrAccount as String] = account
                    query[kSecAttrSynchronizable as String] = kCFBooleanTrue
                    query[kSecValueData as String] = password
                    let status = ↓SecItemAdd(query as CFDictionary, nil)
                    if status == errSecDuplicateItem {
                        let lookup: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
                                                     kSecAttrSynchronizable as String: kSecAttrSynchronizableAny]
                        let changes: [String: Any] = [kSecValueData as String: password, kSecAttrSynchronizable as String: kCFBooleanTrue!]
                        ↓SecItemUpdate(lookup as CFDictionary, changes as CFDictionary)
                    }
                }
                """),
            .swift(
                """
                // KeychainAccess, KeychainSwift and DeviceTrust's own Keychain.
                func configure() throws {
                    let keychain = Keychain(service: "com.bank.app").↓synchronizable(true)
                    try keychain.set(sessionToken, key: "session")
                    let legacy = KeychainSwift()
                    ↓legacy.synchronizable = true
                    let store = Keychain(service: "com.bank.tokens", accessibility: .afterFirstUnlock, ↓synchronizable: true)
                }
                """),
            .swift(
                """
                // A lookup or a delete across synced and local items is fine.
                func deleteEverywhere(account: String) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: account,
                        kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
                    ]
                    SecItemDelete(query as CFDictionary)
                    var result: AnyObject?
                    SecItemCopyMatching(query as CFDictionary, &result)
                }
                func save(_ token: Data) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrSynchronizable as String: false,
                        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                        kSecValueData as String: token,
                    ]
                    SecItemAdd(query as CFDictionary, nil)
                    let store = Keychain(service: "com.bank.tokens", synchronizable: false)
                }
                """),
            .objectiveC(
                """
                - (BOOL)savePassword:(NSData *)password account:(NSString *)account {
                    NSMutableDictionary *query = [NSMutableDictionary dictionary];
                    query[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                    query[(__bridge id)kSecAttrAccount] = account;
                    query[(__bridge id)kSecAttrSynchronizable] = @YES;
                    query[(__bridge id)kSecValueData] = password;
                    return ↓SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
                }
                """),
            .objectiveC(
                """
                - (void)updateToken:(NSData *)token {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecAttrAccount: @"token" };
                    NSDictionary *changes = @{ (__bridge id)kSecValueData: token,
                                               (__bridge id)kSecAttrSynchronizable: (__bridge id)kCFBooleanTrue };
                    ↓SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)changes);
                }
                """),
            .objectiveC(
                """
                - (void)removeToken {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecAttrSynchronizable: (__bridge id)kSecAttrSynchronizableAny,
                                             (__bridge id)kSecAttrAccount: @"token" };
                    SecItemDelete((__bridge CFDictionaryRef)query);
                }
                """),
        ]
    }
}
