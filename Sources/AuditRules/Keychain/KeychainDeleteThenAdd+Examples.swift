import SwiftSyntax
import AuditKit

extension KeychainDeleteThenAdd {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                // Replacing an imported client identity: an item added by reference has no data to update.
                func importIdentity(_ identity: SecIdentity, label: String) throws {
                    let query: [String: Any] = [kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: label]
                    SecItemDelete(query as CFDictionary)
                    let add: [String: Any] = [kSecValueRef as String: identity, kSecAttrLabel as String: label,
                                              kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                    let status = SecItemAdd(add as CFDictionary, nil)
                    guard status == errSecSuccess else { throw KeychainError(status) }
                }
                """),
            .swift(
                """
                class KeychainHelper {
                    static func save(_ data: Data, service: String, account: String) -> OSStatus {
                        let query = [
                            kSecClass as String: kSecClassGenericPassword,
                            kSecAttrService as String: service,
                            kSecAttrAccount as String: account,
                            kSecValueData as String: data,
                        ] as [String: Any]
                        ↓SecItemDelete(query as CFDictionary)
                        return SecItemAdd(query as CFDictionary, nil)
                    }
                }
                """),
            .swift(
                """
                func store(token: String) {
                    let base: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "token"]
                    let status = ↓SecItemDelete(base as CFDictionary)
                    guard status == errSecSuccess || status == errSecItemNotFound else { return }
                    var item = base
                    item[kSecValueData as String] = Data(token.utf8)
                    item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    SecItemAdd(item as CFDictionary, nil)
                }
                """),
            .swift(
                """
                // The delete hides in a helper of the same wrapper.
                final class KeychainWrapper {
                    func removeObject(forKey key: String) {
                        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrAccount: key] as CFDictionary)
                    }

                    func set(_ value: Data, forKey key: String) -> Bool {
                        ↓removeObject(forKey: key)
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: key,
                                                    kSecValueData as String: value, kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked]
                        return SecItemAdd(query as CFDictionary, nil) == errSecSuccess
                    }
                }
                """),
            .swift(
                """
                // Update, then add when there was nothing to update.
                func save(_ data: Data, account: String) throws {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    let status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
                    if status == errSecItemNotFound {
                        var item = query
                        item[kSecValueData as String] = data
                        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                        let added = SecItemAdd(item as CFDictionary, nil)
                        guard added == errSecSuccess else { throw KeychainError(status: added) }
                    } else if status != errSecSuccess {
                        throw KeychainError(status: status)
                    }
                }
                func logOut() {
                    SecItemDelete([kSecClass: kSecClassGenericPassword] as CFDictionary)
                }
                """),
            .swift(
                """
                // A migration deletes the legacy item and adds a different one.
                func migrate(_ data: Data) {
                    let legacy: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "legacyToken"]
                    SecItemDelete(legacy as CFDictionary)
                    let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "token",
                                               kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, kSecValueData as String: data]
                    SecItemAdd(item as CFDictionary, nil)
                }
                """),
            .swift(
                """
                // The delete runs only when the item exists, then falls through to the add.
                func save(_ data: Data, account: String) {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    if exists(account) {
                        ↓SecItemDelete(query as CFDictionary)
                    }
                    var item = query
                    item[kSecValueData as String] = data
                    SecItemAdd(item as CFDictionary, nil)
                }
                """),
            .swift(
                """
                // nil removes the item and returns: the delete never reaches the add.
                func store(_ token: String?) -> Bool {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "token"]
                    guard let token else {
                        return SecItemDelete(query as CFDictionary) == errSecSuccess
                    }
                    var item = query
                    item[kSecValueData as String] = Data(token.utf8)
                    item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    return SecItemAdd(item as CFDictionary, nil) == errSecSuccess
                }
                func write(_ data: Data?, account: String) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    if data == nil {
                        SecItemDelete(query as CFDictionary)
                    } else if exists(account) {
                        return SecItemUpdate(query as CFDictionary, [kSecValueData as String: data as Any] as CFDictionary)
                    } else {
                        var item = query
                        item[kSecValueData as String] = data
                        return SecItemAdd(item as CFDictionary, nil)
                    }
                    return errSecSuccess
                }
                func apply(_ change: KeychainChange) {
                    switch change {
                    case .remove(let account):
                        SecItemDelete(baseQuery(account) as CFDictionary)
                    case .insert(let account, let data):
                        var item = baseQuery(account)
                        item[kSecValueData as String] = data
                        SecItemAdd(item as CFDictionary, nil)
                    }
                }
                """),
            .swift(
                """
                // Add, and update on errSecDuplicateItem; a nil value removes the item instead.
                struct CredentialStore {
                    func deleteValue(forKey key: String) throws {
                        let status = SecItemDelete(query(forKey: key) as CFDictionary)
                        guard status == errSecSuccess || status == errSecItemNotFound else { throw StoreError.status(status) }
                    }

                    func set(_ value: String?, forKey key: String) throws {
                        guard let value else {
                            do {
                                try deleteValue(forKey: key)
                            } catch {
                                throw StoreError.couldNotDelete
                            }
                            return
                        }
                        var item = query(forKey: key)
                        item[kSecValueData as String] = Data(value.utf8)
                        let status = SecItemAdd(item as CFDictionary, nil)
                        if status == errSecDuplicateItem {
                            try update(value, forKey: key)
                        } else if status != errSecSuccess {
                            throw StoreError.status(status)
                        }
                    }
                }
                """),
            .swift(
                """
                // A temporary item: added only to obtain a SecIdentity, and deleted again before returning.
                enum TransferIdentity {
                    static func make(certificate: SecCertificate, key: SecKey) throws -> SecIdentity {
                        try removeTemporaryItems()
                        let certificateItem: [CFString: Any] = [kSecClass: kSecClassCertificate, kSecValueRef: certificate, kSecAttrLabel: "transfer"]
                        guard SecItemAdd(certificateItem as CFDictionary, nil) == errSecSuccess else { throw TransferError.keychain }
                        let keyItem: [CFString: Any] = [kSecClass: kSecClassKey, kSecValueRef: key, kSecAttrLabel: "transfer",
                                                        kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                        guard SecItemAdd(keyItem as CFDictionary, nil) == errSecSuccess else { throw TransferError.keychain }
                        var found: CFTypeRef?
                        let query: [CFString: Any] = [kSecClass: kSecClassIdentity, kSecAttrLabel: "transfer", kSecReturnRef: true]
                        guard SecItemCopyMatching(query as CFDictionary, &found) == errSecSuccess, let found else { throw TransferError.keychain }
                        try removeTemporaryItems()
                        return found as! SecIdentity
                    }

                    private static func removeTemporaryItems() throws {
                        let status = SecItemDelete([kSecClass: kSecClassIdentity, kSecAttrLabel: "transfer"] as CFDictionary)
                        guard status == errSecSuccess || status == errSecItemNotFound else { throw TransferError.keychain }
                    }
                }
                """),
            .swift(
                """
                // Through a keychain wrapper's API: remove, then set the same key on the same keychain.
                func migrateAccessibility(forKey key: String) {
                    guard let value = KeychainWrapper.standard.string(forKey: key) else { return }
                    ↓KeychainWrapper.standard.removeObject(forKey: key)
                    KeychainWrapper.standard.set(value, forKey: key, withAccessibility: .afterFirstUnlockThisDeviceOnly)
                }
                extension SessionKeychain {
                    func replaceToken(_ token: String) {
                        if !↓self.remove(Self.tokenKey) {
                            log("nothing to remove")
                        }
                        try? set(token, key: Self.tokenKey)
                    }
                }
                """),
            .swift(
                """
                // A nil removes, a value is set: never both. Defaults are not the keychain. Another key is another item.
                func store(_ token: String?, in keychain: Keychain) throws {
                    if let token {
                        try keychain.set(token, key: "token")
                    } else {
                        try keychain.remove("token")
                    }
                }
                func rememberLastUser(_ name: String) {
                    UserDefaults.standard.removeObject(forKey: "lastUser")
                    UserDefaults.standard.set(name, forKey: "lastUser")
                }
                func rotate(_ token: String, keychain: KeychainSwift) {
                    keychain.delete("legacyToken")
                    keychain.set(token, forKey: "token")
                }
                """),
            .swift(
                """
                // An upsert that updates an existing item; the delete only clears an unreadable one.
                func store(_ secret: Data, account: String) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    let (existing, readStatus) = read(account: account)
                    if readStatus == errSecDecode {
                        SecItemDelete(query as CFDictionary)
                    }
                    if existing != nil {
                        return SecItemUpdate(query as CFDictionary, [kSecValueData as String: secret] as CFDictionary)
                    }
                    var item = query
                    item[kSecValueData as String] = secret
                    item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                    return SecItemAdd(item as CFDictionary, nil)
                }
                """),
            .swift(
                """
                // "Update failed, so delete and add": the add can fail too, and the item is gone.
                func store(_ secret: Data, query: [String: Any]) {
                    let status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: secret] as CFDictionary)
                    if status != errSecSuccess {
                        ↓SecItemDelete(query as CFDictionary)
                        var item = query
                        item[kSecValueData as String] = secret
                        SecItemAdd(item as CFDictionary, nil)
                    }
                }
                """),
            .objectiveC(
                """
                // A legacy item with attributes but no data is removed; a real one is updated.
                - (BOOL)savePassword:(NSString *)password account:(NSString *)account error:(NSError **)error {
                    NSError *readError = nil;
                    NSString *current = [self passwordForAccount:account error:&readError];
                    if ([readError code] == kVaultCorruptItemCode) {
                        [self removeItemForAccount:account];
                    }
                    NSDictionary *query = [self queryForAccount:account];
                    NSData *data = [password dataUsingEncoding:NSUTF8StringEncoding];
                    OSStatus status;
                    if (current) {
                        status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)@{ (__bridge id)kSecValueData: data });
                    } else {
                        NSMutableDictionary *item = [query mutableCopy];
                        item[(__bridge id)kSecValueData] = data;
                        item[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                        status = SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    }
                    return status == errSecSuccess;
                }

                - (void)removeItemForAccount:(NSString *)account {
                    SecItemDelete((__bridge CFDictionaryRef)[self queryForAccount:account]);
                }
                """),
            .objectiveC(
                """
                - (void)storeToken:(NSData *)token {
                    NSDictionary *query = [self tokenQuery];
                    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)@{ (__bridge id)kSecValueData: token });
                    if (status != errSecSuccess) {
                        ↓SecItemDelete((__bridge CFDictionaryRef)query);
                        NSMutableDictionary *item = [query mutableCopy];
                        item[(__bridge id)kSecValueData] = token;
                        SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    }
                }
                """),
            .objectiveC(
                """
                - (BOOL)setPassword:(NSString *)password forAccount:(NSString *)account {
                    NSMutableDictionary *query = [self baseQueryForAccount:account];
                    ↓SecItemDelete((__bridge CFDictionaryRef)query);
                    query[(__bridge id)kSecValueData] = [password dataUsingEncoding:NSUTF8StringEncoding];
                    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    return status == errSecSuccess;
                }
                """),
            .objectiveC(
                """
                // A temporary certificate: added to build an identity, then deleted again.
                - (SecIdentityRef)identityForCertificate:(SecCertificateRef)certificate {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassCertificate, (__bridge id)kSecAttrLabel: @"temporary" };
                    SecItemDelete((__bridge CFDictionaryRef)query);
                    NSMutableDictionary *item = [query mutableCopy];
                    item[(__bridge id)kSecValueRef] = (__bridge id)certificate;
                    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    SecIdentityRef identity = [self copyIdentityLabelled:@"temporary"];
                    SecItemDelete((__bridge CFDictionaryRef)query);
                    return identity;
                }
                """),
            .objectiveC(
                """
                - (void)deleteItemForKey:(NSString *)key {
                    SecItemDelete((__bridge CFDictionaryRef)[self queryForKey:key]);
                }

                - (void)setData:(NSData *)data forKey:(NSString *)key {
                    [self ↓deleteItemForKey:key];
                    NSMutableDictionary *query = [self queryForKey:key];
                    [query setObject:data forKey:(__bridge id)kSecValueData];
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                """),
            .objectiveC(
                """
                - (void)setData:(NSData *)data forKey:(NSString *)key {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccount: key };
                    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)@{ (__bridge id)kSecValueData: data });
                    if (status == errSecItemNotFound) {
                        NSMutableDictionary *item = [query mutableCopy];
                        item[(__bridge id)kSecValueData] = data;
                        item[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                        SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    }
                }

                - (void)logOut {
                    SecItemDelete((__bridge CFDictionaryRef)@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword });
                }
                """),
            .objectiveC(
                """
                - (void)saveToken:(NSData *)token {
                    NSMutableDictionary *query = [self tokenQuery];
                    if ([self hasToken]) {
                        ↓SecItemDelete((__bridge CFDictionaryRef)query);
                    }
                    query[(__bridge id)kSecValueData] = token;
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                """),
            .objectiveC(
                """
                - (BOOL)storeString:(NSString *)string forKey:(NSString *)key {
                    NSDictionary *spec = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccount: key };
                    if (!string) {
                        return !SecItemDelete((__bridge CFDictionaryRef)spec);
                    } else if ([self stringForKey:key]) {
                        NSDictionary *update = @{ (__bridge id)kSecValueData: [string dataUsingEncoding:NSUTF8StringEncoding] };
                        return !SecItemUpdate((__bridge CFDictionaryRef)spec, (__bridge CFDictionaryRef)update);
                    } else {
                        NSMutableDictionary *item = [spec mutableCopy];
                        item[(__bridge id)kSecValueData] = [string dataUsingEncoding:NSUTF8StringEncoding];
                        return !SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    }
                }
                """),
            .objectiveC(
                """
                - (void)removeValueForEntry:(NSString *)entry {
                    SecItemDelete((__bridge CFDictionaryRef)[self queryForEntry:entry]);
                }

                - (BOOL)setValue:(NSString *)value forEntry:(NSString *)entry {
                    if (!value) {
                        [self removeValueForEntry:entry];
                        return YES;
                    }
                    NSMutableDictionary *item = [self queryForEntry:entry];
                    item[(__bridge id)kSecValueData] = [value dataUsingEncoding:NSUTF8StringEncoding];
                    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    if (status == errSecDuplicateItem) {
                        return [self updateValue:value forEntry:entry];
                    }
                    return status == errSecSuccess;
                }
                """),
        ]
    }
}
