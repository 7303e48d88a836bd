import SwiftSyntax
import AuditKit

extension KeychainErrorsCollapsed {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func readToken() -> String? {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "token",
                        kSecReturnData as String: true,
                        kSecMatchLimit as String: kSecMatchLimitOne,
                    ]
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    guard ↓status == errSecSuccess, let data = item as? Data else { return nil }
                    return String(data: data, encoding: .utf8)
                }
                """),
            .swift(
                """
                class func load(key: String) -> Data? {
                    let query = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: key,
                                 kSecReturnData as String: kCFBooleanTrue!, kSecMatchLimit as String: kSecMatchLimitOne] as [String: Any]
                    var dataTypeRef: AnyObject? = nil
                    let status: OSStatus = SecItemCopyMatching(query as CFDictionary, &dataTypeRef)
                    if ↓status == noErr {
                        return dataTypeRef as! Data?
                    } else {
                        print("Keychain read failed: \\(status)")
                        return nil
                    }
                }
                """),
            .swift(
                """
                var isLoggedIn: Bool {
                    var result: AnyObject?
                    let status = withUnsafeMutablePointer(to: &result) { SecItemCopyMatching(query as CFDictionary, UnsafeMutablePointer($0)) }
                    return ↓status == errSecSuccess
                }
                func hasDeviceKey() -> Bool {
                    ↓SecItemCopyMatching(keyQuery as CFDictionary, nil) == errSecSuccess
                }
                func cachedPassword() -> String? {
                    var result: CFTypeRef?
                    ↓SecItemCopyMatching(passwordQuery as CFDictionary, &result)
                    return (result as? Data).flatMap { String(data: $0, encoding: .utf8) }
                }
                """),
            .swift(
                """
                // errSecItemNotFound is the only "absent"; everything else is thrown.
                func readToken() throws -> Data? {
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    switch status {
                    case errSecSuccess: return item as? Data
                    case errSecItemNotFound: return nil
                    default: throw KeychainError(status: status)
                    }
                }
                func readKey() -> Result<Data, KeychainError> {
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    guard status == errSecSuccess, let data = item as? Data else { return .failure(KeychainError(status: status)) }
                    return .success(data)
                }
                func copyStatus() -> OSStatus {
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    if status != errSecSuccess { return status }
                    return errSecSuccess
                }
                """),
            .swift(
                """
                // The reader tells errSecItemNotFound from other failures, but `try?` turns them all into nil.
                struct CredentialStore {
                    private func string(forKey key: String) throws -> String {
                        var result: AnyObject?
                        let status = SecItemCopyMatching(query(forKey: key) as CFDictionary, &result)
                        guard status != errSecItemNotFound else { throw StoreError.noValue }
                        guard status == errSecSuccess, let data = result as? Data, let value = String(data: data, encoding: .utf8) else {
                            throw StoreError.status(status)
                        }
                        return value
                    }

                    private func tryGetString(forKey key: String) -> String? {
                        return ↓try? string(forKey: key)
                    }

                    var password: String? { ↓try? string(forKey: "password") }

                    func restoreSession() {
                        guard let token = ↓try? self.string(forKey: "token") else {
                            logout()
                            return
                        }
                        resume(with: token)
                    }
                }
                """),
            .swift(
                """
                struct CredentialStore {
                    private func string(forKey key: String) throws -> String? {
                        var result: AnyObject?
                        let status = SecItemCopyMatching(query(forKey: key) as CFDictionary, &result)
                        if status == errSecItemNotFound { return nil }
                        guard status == errSecSuccess, let data = result as? Data else { throw StoreError.status(status) }
                        return String(data: data, encoding: .utf8)
                    }

                    // The error reaches the caller; a failed optional read only skips a cache refresh.
                    func token() throws -> String? { try string(forKey: "token") }

                    func warmCache() {
                        if let token = try? string(forKey: "token") {
                            cache.prime(token)
                        }
                        let refresh = try? Keychain.shared.read("refresh")
                        cache.prime(refresh)
                    }
                }
                """),
            .swift(
                """
                // Every failed status becomes the same .failure, and the converter turns each failure into nil.
                final class EncryptionKeyStore {
                    func readItem(account: String) -> Result<Data, Error> {
                        var item: CFTypeRef?
                        let status = SecItemCopyMatching(query(account) as CFDictionary, &item)
                        guard status == errSecSuccess, let data = item as? Data else {
                            return .failure(StoreError.readFailed(SecCopyErrorMessageString(status, nil) as String? ?? ""))
                        }
                        return .success(data)
                    }

                    func databaseKey() -> Data? {
                        value(of: ↓readItem(account: "databaseKey"))
                    }

                    func canary() -> Data? {
                        switch ↓readItem(account: "canary") {
                        case .success(let data): return data
                        case .failure: return nil
                        }
                    }

                    private func value(of result: Result<Data, Error>) -> Data? {
                        switch result {
                        case .success(let data):
                            return data
                        case .failure(let error):
                            logger.warning("keychain read failed: \\(error)")
                            return nil
                        }
                    }
                }
                """),
            .swift(
                """
                // The reader reports errSecItemNotFound as an empty success; the failures left are real errors.
                final class EncryptionKeyStore {
                    func readItem(account: String) -> Result<Data?, Error> {
                        var item: CFTypeRef?
                        let status = SecItemCopyMatching(query(account) as CFDictionary, &item)
                        if status == errSecItemNotFound { return .success(nil) }
                        guard status == errSecSuccess else { return .failure(StoreError.status(status)) }
                        return .success(item as? Data)
                    }

                    func databaseKey() -> Data? { value(of: readItem(account: "databaseKey")) }

                    private func value(of result: Result<Data?, Error>) -> Data? {
                        switch result {
                        case .success(let data): return data
                        case .failure: return nil
                        }
                    }
                }
                // The failure reaches the caller.
                final class TokenStore {
                    func readToken(account: String) -> Result<Data, Error> {
                        var item: CFTypeRef?
                        let status = SecItemCopyMatching(query(account) as CFDictionary, &item)
                        guard status == errSecSuccess, let data = item as? Data else { return .failure(StoreError.status(status)) }
                        return .success(data)
                    }

                    func token() throws -> Data { try unwrap(readToken(account: "token")) }

                    private func unwrap(_ result: Result<Data, Error>) throws -> Data {
                        switch result {
                        case .success(let data): return data
                        case .failure(let error): throw error
                        }
                    }
                }
                """),
            .objectiveC(
                """
                - (NSString *)passwordForAccount:(NSString *)account {
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecAttrAccount: account,
                                             (__bridge id)kSecReturnData: @YES };
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                    if (↓status != errSecSuccess) {
                        NSLog(@"keychain error %d", (int)status);
                        return nil;
                    }
                    return [[NSString alloc] initWithData:(__bridge_transfer NSData *)result encoding:NSUTF8StringEncoding];
                }
                """),
            .objectiveC(
                """
                + (NSData *)loadDatabaseKey:(NSError **)error {
                    return [[AppKeychain shared] dataForKey:@"databaseKey" error:error];
                }

                - (void)openDatabase {
                    NSError *error;
                    NSData *key = [[self class] loadDatabaseKey:&error];
                    if (↓error || key.length != 32) {
                        // "New install": start over with a fresh key.
                        [self resetAllStorage];
                        key = [self generateDatabaseKey];
                    }
                    [self openWithKey:key];
                }
                """),
            .objectiveC(
                """
                - (void)openDatabase {
                    NSError *error;
                    NSData *key = [self.keychain dataForKey:@"databaseKey" error:&error];
                    if (error) {
                        if (error.code == errSecItemNotFound) {
                            [self resetAllStorage];
                            key = [self generateDatabaseKey];
                        } else {
                            [self retryWhenProtectedDataAvailable];
                            return;
                        }
                    }
                    [self openWithKey:key];
                }

                - (NSString *)sessionToken {
                    NSError *error;
                    NSString *token = [self.keychain stringForKey:@"token" error:&error];
                    if (error) {
                        NSLog(@"keychain unavailable: %@", error);
                        return nil;
                    }
                    return token;
                }

                // The locked-device case stops before the reset: the error is not taken for absence.
                - (void)ensureDatabaseKey {
                    NSError *error;
                    NSData *key = [self.keychain dataForKey:@"databaseKey" error:&error];
                    if (error) {
                        if (self.isInBackground) {
                            [self raiseKeyInaccessibleException:error];
                        }
                        [self resetAllStorage];
                    }
                }
                """),
            .swift(
                """
                // Not-found is told apart, yet every other status ends in the same nil: the status is only logged.
                final class PasscodeStore {
                    func passcode(account: String) -> String? {
                        var item: CFTypeRef?
                        let status = ↓SecItemCopyMatching(query(account) as CFDictionary, &item)
                        if status == errSecItemNotFound {
                            return nil
                        }
                        logger.debug("passcode read: \\(status)")
                        guard let data = item as? Data else { return nil }
                        return String(data: data, encoding: .utf8)
                    }
                }
                """),
            .swift(
                """
                // Every other status reaches the caller, as an error or as the status itself.
                final class PasscodeStore {
                    func passcode(account: String) -> Result<String?, KeychainError> {
                        var item: CFTypeRef?
                        let status = SecItemCopyMatching(query(account) as CFDictionary, &item)
                        if status == errSecItemNotFound { return .success(nil) }
                        guard status == errSecSuccess, let data = item as? Data else { return .failure(KeychainError(status: status)) }
                        return .success(String(data: data, encoding: .utf8))
                    }
                    func copyPasscode(account: String, into value: inout Data?) -> OSStatus {
                        var item: CFTypeRef?
                        let status = SecItemCopyMatching(query(account) as CFDictionary, &item)
                        if status == errSecItemNotFound { return status }
                        value = item as? Data
                        return status
                    }
                }
                """),
            .objectiveC(
                """
                // Not-found is told apart, yet every other status ends in the same nil: the result stays NULL and the status is only logged.
                - (NSData *)dataForAccount:(NSString *)account {
                    CFTypeRef result = NULL;
                    OSStatus status = errSecSuccess;
                    if ((status = ↓SecItemCopyMatching((__bridge CFDictionaryRef)[self queryForAccount:account], &result)) == errSecItemNotFound) {
                        NSLog(@"no keychain item for %@", account);
                        return (nil);
                    }
                    NSLog(@"keychain read for %@: status %d", account, (int)status);
                    return (__bridge_transfer NSData *)result;
                }
                """),
            .objectiveC(
                """
                // Every other status reaches the caller: through the error, the returned status, or an exception.
                - (NSData *)dataForAccount:(NSString *)account error:(NSError **)error {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)[self queryForAccount:account], &result);
                    if (status == errSecItemNotFound) { return nil; }
                    if (status != errSecSuccess && error != NULL) {
                        *error = [NSError errorWithDomain:NSOSStatusErrorDomain code:status userInfo:nil];
                    }
                    return (__bridge_transfer NSData *)result;
                }
                - (OSStatus)copyDataForAccount:(NSString *)account into:(NSData **)data {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)[self queryForAccount:account], &result);
                    if (status == errSecItemNotFound) { return status; }
                    *data = (__bridge_transfer NSData *)result;
                    return status;
                }
                - (NSData *)tokenData {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)self.query, &result);
                    if (status == errSecItemNotFound) { return nil; }
                    if (status != errSecSuccess) {
                        [self.delegate keychainFailedWithStatus:status];
                    }
                    return (__bridge_transfer NSData *)result;
                }
                """),
            .objectiveC(
                """
                - (BOOL)hasToken {
                    return ↓SecItemCopyMatching((__bridge CFDictionaryRef)self.query, NULL) == noErr;
                }
                """),
            .objectiveC(
                """
                - (NSData *)tokenWithError:(NSError **)error {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)self.query, &result);
                    if (status == errSecItemNotFound) { return nil; }
                    if (status != errSecSuccess) {
                        if (error) { *error = [NSError errorWithDomain:NSOSStatusErrorDomain code:status userInfo:nil]; }
                        return nil;
                    }
                    return (__bridge_transfer NSData *)result;
                }
                """),
            .swift(
                """
                // A wrapper read whose every error becomes [], then modified and written back.
                actor RecoveryCodeStore {
                    let keychain: KeychainStoring
                    func add(_ code: String) throws {
                        var codes = allCodes()
                        codes.append(code)
                        try persist(codes)
                    }
                    func allCodes() -> [String] {
                        guard let stored = ↓try? keychain.getString(for: "recovery-codes") else {
                            return []
                        }
                        return stored.split(separator: ",").map(String.init)
                    }
                    private func persist(_ codes: [String]) throws {
                        try keychain.setString(codes.joined(separator: ","), for: "recovery-codes")
                    }
                }
                """),
            .swift(
                """
                // Shown but never written back; or the error reaches the caller before the write.
                struct RecoveryCodeReader {
                    let keychain: KeychainStoring
                    func allCodes() -> [String] {
                        guard let stored = try? keychain.getString(for: "recovery-codes") else { return [] }
                        return stored.split(separator: ",").map(String.init)
                    }
                    func render() { label.text = allCodes().joined(separator: "\\n") }
                    func add(_ code: String) throws {
                        var codes = try keychain.getString(for: "recovery-codes")?.split(separator: ",").map(String.init) ?? []
                        codes.append(code)
                        try keychain.setString(codes.joined(separator: ","), for: "recovery-codes")
                    }
                }
                """),
            .swift(
                """
                func storedItems() -> [Any]? {
                    var items: AnyObject?
                    let status = SecItemCopyMatching(allItemsQuery as CFDictionary, &items)
                    switch status {
                    case errSecSuccess:
                        print("read")
                    case errSecItemNotFound:
                        print("nothing stored yet")
                        items = nil
                    ↓default:
                        print("keychain error \\(status)")
                        items = nil
                    }
                    return items as? [Any]
                }
                """),
            .swift(
                """
                func storedItems() throws -> [Any]? {
                    var items: AnyObject?
                    let status = SecItemCopyMatching(allItemsQuery as CFDictionary, &items)
                    switch status {
                    case errSecSuccess:
                        print("read")
                    case errSecItemNotFound:
                        items = nil
                    default:
                        throw KeychainError.unhandled(status)
                    }
                    return items as? [Any]
                }
                """),
        ]
    }
}
