import SwiftSyntax
import AuditKit

extension KeychainAccessibleInQuery {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func readToken() -> Data? {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "token",
                        kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                        kSecReturnData as String: true,
                    ]
                    var result: AnyObject?
                    let status = ↓SecItemCopyMatching(query as CFDictionary, &result)
                    return status == errSecSuccess ? result as? Data : nil
                }
                """),
            .swift(
                """
                // One dictionary for everything: the add is fine, the update filters.
                func save(_ data: Data, account: String) {
                    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                    query[kSecValueData as String] = data
                    if SecItemAdd(query as CFDictionary, nil) == errSecDuplicateItem {
                        ↓SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
                    }
                }
                func logOut() {
                    ↓SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleWhenUnlocked] as CFDictionary)
                }
                """),
            .swift(
                """
                func readToken() -> Data? {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "token",
                        kSecReturnData as String: true,
                    ]
                    var result: AnyObject?
                    SecItemCopyMatching(query as CFDictionary, &result)
                    // The class belongs in the attributes to update: a migration.
                    let changes: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
                    SecItemUpdate(query as CFDictionary, changes as CFDictionary)
                    return result as? Data
                }
                func migrateAlwaysItems() {
                    // Finding the items of a deprecated class in order to re-protect them filters on purpose.
                    let legacy: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: kSecAttrAccessibleAlways]
                    let changes: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
                    SecItemUpdate(legacy as CFDictionary, changes as CFDictionary)
                }
                """),
            .objectiveC(
                """
                - (NSData *)token {
                    NSMutableDictionary *query = [NSMutableDictionary dictionary];
                    [query setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
                    [query setObject:@"token" forKey:(__bridge id)kSecAttrAccount];
                    [query setObject:(__bridge id)kSecAttrAccessibleWhenUnlocked forKey:(__bridge id)kSecAttrAccessible];
                    [query setObject:@YES forKey:(__bridge id)kSecReturnData];
                    CFTypeRef result = NULL;
                    ↓SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                    return (__bridge_transfer NSData *)result;
                }
                """),
            .objectiveC(
                """
                - (void)logOut {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecAttrService: @"com.bank.app" };
                    SecItemDelete((__bridge CFDictionaryRef)query);
                    NSDictionary *changes = @{ (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly };
                    SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)changes);
                }
                """),
        ]
    }
}
