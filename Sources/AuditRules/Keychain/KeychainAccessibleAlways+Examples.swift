import SwiftSyntax
import AuditKit

extension KeychainAccessibleAlways {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func save(_ token: Data) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "authToken",
                        kSecAttrAccessible as String: ↓kSecAttrAccessibleAlways,
                        kSecValueData as String: token,
                    ]
                    SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                func save(_ pin: Data) {
                    var query = [String: Any]()
                    query[kSecClass as String] = kSecClassGenericPassword
                    query[kSecAttrAccessible as String] = ↓kSecAttrAccessibleAlwaysThisDeviceOnly
                    query[kSecValueData as String] = pin
                    SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                let keychainQuery = NSMutableDictionary()
                keychainQuery.setValue(↓kSecAttrAccessibleAlways, forKey: kSecAttrAccessible as String)
                """),
            .swift(
                """
                func makeAccess() -> SecAccessControl? {
                    SecAccessControlCreateWithFlags(nil, ↓kSecAttrAccessibleAlwaysThisDeviceOnly, .userPresence, nil)
                }
                """),
            .swift(
                """
                // KeychainAccess and SwiftKeychainWrapper spell it `.always`.
                func store(token: String) throws {
                    try Keychain(service: "com.bank.app").accessibility(↓.always).set(token, key: "token")
                    KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: ↓.alwaysThisDeviceOnly)
                }
                """),
            .swift(
                """
                func store(_ token: Data) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                        kSecValueData as String: token,
                    ]
                    SecItemAdd(query as CFDictionary, nil)
                }
                """),
            .swift(
                """
                // A migration reads the old class to replace it: a comparison, not a use.
                func needsMigration(_ attributes: [String: Any]) -> Bool {
                    let accessible = attributes[kSecAttrAccessible as String] as? String
                    return accessible == kSecAttrAccessibleAlways as String
                }
                func animate(view: UIView) {
                    UIView.animate(withDuration: 0.3) { view.alpha = 1 }
                    scrollView.keyboardDismissMode = .always
                }
                """),
            .objectiveC(
                """
                - (void)saveToken:(NSData *)token {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecAttrAccessible: (__bridge id)↓kSecAttrAccessibleAlways,
                                             (__bridge id)kSecValueData: token };
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                """),
            .objectiveC(
                """
                - (instancetype)init {
                    if ((self = [super init])) {
                        [self.query setObject:(__bridge id)↓kSecAttrAccessibleAlwaysThisDeviceOnly forKey:(__bridge id)kSecAttrAccessible];
                    }
                    return self;
                }
                """),
            .objectiveC(
                """
                - (void)saveToken:(NSData *)token {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                                             (__bridge id)kSecValueData: token };
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    if (CFEqual(current, kSecAttrAccessibleAlways) || current == kSecAttrAccessibleAlways) { [self migrate]; }
                }
                """),
        ]
    }
}
