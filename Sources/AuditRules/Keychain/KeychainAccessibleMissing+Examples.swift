import SwiftSyntax
import AuditKit

extension KeychainAccessibleMissing {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func save(_ token: Data) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "session",
                        kSecValueData as String: token,
                    ]
                    ↓SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                func save(_ token: Data) {
                    ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                }
                """),
            .swift(
                """
                func save(_ token: Data) {
                    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                func save(_ token: Data, access: SecAccessControl) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccessControl as String: access,
                        kSecValueData as String: token,
                    ]
                    SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                func save(_ query: [String: Any]) {
                    // Built by the caller: not resolvable here, so not reported.
                    SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                // A certificate is public: its accessibility class protects nothing. Its private key is a secret.
                func importIdentity(certificate: SecCertificate, privateKey: SecKey, label: String) {
                    let certificateItem: [CFString: Any] = [kSecClass: kSecClassCertificate, kSecValueRef: certificate, kSecAttrLabel: label]
                    SecItemAdd(certificateItem as CFDictionary, nil)
                    let keyItem: [CFString: Any] = [kSecClass: kSecClassKey, kSecAttrKeyClass: kSecAttrKeyClassPrivate,
                                                    kSecValueRef: privateKey, kSecAttrLabel: label]
                    ↓SecItemAdd(keyItem as CFDictionary, nil)
                }
                """),
            .swift(
                """
                // Two queries of the same name in one function: each add is judged by its own.
                func storeCredentials(password: Data, key: SecKey) {
                    do {
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: password,
                                                    kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                        SecItemAdd(query as CFDictionary, nil)
                    }
                    do {
                        let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecValueRef as String: key]
                        ↓SecItemAdd(query as CFDictionary, nil)
                    }
                }
                """),
            .swift(
                """
                // The query comes from a helper of the same type, followed one level.
                struct PasswordItem {
                    let service: String
                    let account: String
                    func save(_ password: String) {
                        var newItem = PasswordItem.keychainQuery(withService: service, account: account)
                        newItem[kSecValueData as String] = password.data(using: .utf8)! as AnyObject
                        let status = ↓SecItemAdd(newItem as CFDictionary, nil)
                    }
                    private static func keychainQuery(withService service: String, account: String? = nil) -> [String: AnyObject] {
                        var query = [String: AnyObject]()
                        query[kSecClass as String] = kSecClassGenericPassword
                        query[kSecAttrService as String] = service as AnyObject
                        if let account { query[kSecAttrAccount as String] = account as AnyObject }
                        return query
                    }
                }
                """),
            .swift(
                """
                // A computed property and a wrapper type's attributes, read directly.
                final class TokenStore {
                    private var baseQuery: [String: Any] { [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "api"] }
                    func store(_ token: Data, item: KeychainEntry) {
                        var query = baseQuery
                        query[kSecValueData as String] = token
                        ↓SecItemAdd(query as CFDictionary, nil)
                        ↓SecItemAdd(item.attributes as CFDictionary, nil)
                    }
                }
                struct KeychainEntry {
                    let account: String
                    var attributes: [CFString: Any] {
                        get { return [kSecClass: kSecClassGenericPassword, kSecAttrAccount: account] }
                    }
                }
                """),
            .swift(
                """
                // Helpers that set the class, or whose query cannot be known here: not reported.
                final class SafeStore {
                    private var baseQuery: [String: Any] {
                        [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                    }
                    private func makeQuery(_ account: String) -> [String: Any] {
                        var query = baseQuery
                        query[kSecAttrAccount as String] = account
                        return query
                    }
                    func store(_ token: Data, extra: [String: Any]) {
                        var query = makeQuery("session")
                        query[kSecValueData as String] = token
                        SecItemAdd(query as CFDictionary, nil)
                        var merged = Self.shared(for: "session")
                        merged.merge(extra) { $1 }
                        SecItemAdd(merged as CFDictionary, nil)
                        SecItemAdd(baseQuery as CFDictionary, nil)
                        SecItemAdd(KeychainDefaults.query(for: "session") as CFDictionary, nil)
                    }
                    private static func shared(for account: String) -> [String: Any] {
                        [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    }
                }
                """),
            .objectiveC(
                """
                - (void)saveToken:(NSData *)token {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecValueData: token };
                    ↓SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                """),
            .objectiveC(
                """
                - (BOOL)trustCertificate:(SecCertificateRef)certificate {
                    NSDictionary *item = @{ (__bridge id)kSecClass: (__bridge id)kSecClassCertificate,
                                            (__bridge id)kSecValueRef: (__bridge id)certificate };
                    return SecItemAdd((__bridge CFDictionaryRef)item, NULL) == errSecSuccess;
                }
                """),
            .objectiveC(
                """
                - (void)saveToken:(NSData *)token {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                                             (__bridge id)kSecValueData: token };
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                """),
            .objectiveC(
                """
                // The query comes from a helper of this file, followed one level: reported when the helper sets no class.
                - (NSMutableDictionary *)baseQueryForAccount:(NSString *)account {
                    return [@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccount: account } mutableCopy];
                }
                - (NSMutableDictionary *)protectedQueryForAccount:(NSString *)account {
                    NSMutableDictionary *query = [self baseQueryForAccount:account];
                    query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    return query;
                }
                - (void)saveToken:(NSData *)token account:(NSString *)account {
                    NSMutableDictionary *query = [self baseQueryForAccount:account];
                    query[(__bridge id)kSecValueData] = token;
                    ↓SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                - (void)savePassword:(NSData *)password account:(NSString *)account {
                    NSMutableDictionary *item = [self protectedQueryForAccount:account];
                    item[(__bridge id)kSecValueData] = password;
                    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                }
                """),
        ]
    }
}
