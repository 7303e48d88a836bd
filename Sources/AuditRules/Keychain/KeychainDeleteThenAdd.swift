import SwiftSyntax
import AuditKit

/// `SecItemDelete` then `SecItemAdd` on the same item in one body: the non-atomic
/// "upsert" that leaves a moment with no item and loses it when the add fails.
struct KeychainDeleteThenAdd: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-delete-then-add",
        title: "Keychain item deleted then re-added instead of updated",
        severity: .medium,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        rationale: "Deleting an item and adding it again is not atomic. When the add fails (the device is locked: errSecInteractionNotAllowed, a bad attribute, no disk space) the old value is already gone and the user is logged out; two threads saving at once race between the delete and the add and get errSecDuplicateItem; and every save silently resets the item's attributes, including its accessibility class and access control.",
        fix: "Update first: SecItemUpdate(query, [kSecValueData: data]); on errSecItemNotFound, SecItemAdd the full item; on errSecDuplicateItem (a concurrent add won), update again. Check and propagate each status. DeviceTrust's Keychain.save does exactly this."
    )

    /// `SecItemDelete`, and the remove / delete methods of keychain wrappers.
    let triggers = ["SecItemDelete", "remove", "delete"]

    let examples: [RuleExample] = [
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
        // A migration deletes the legacy item and adds a different one.
        func migrate(_ data: Data) {
            let legacy: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "legacyToken"]
            SecItemDelete(legacy as CFDictionary)
            let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "token",
                                       kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, kSecValueData as String: data]
            SecItemAdd(item as CFDictionary, nil)
        }
        """),
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .objectiveC("""
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
        .objectiveC("""
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
        .objectiveC("""
        - (BOOL)setPassword:(NSString *)password forAccount:(NSString *)account {
            NSMutableDictionary *query = [self baseQueryForAccount:account];
            ↓SecItemDelete((__bridge CFDictionaryRef)query);
            query[(__bridge id)kSecValueData] = [password dataUsingEncoding:NSUTF8StringEncoding];
            OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            return status == errSecSuccess;
        }
        """),
        .objectiveC("""
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
        .objectiveC("""
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
        .objectiveC("""
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
        .objectiveC("""
        - (void)saveToken:(NSData *)token {
            NSMutableDictionary *query = [self tokenQuery];
            if ([self hasToken]) {
                ↓SecItemDelete((__bridge CFDictionaryRef)query);
            }
            query[(__bridge id)kSecValueData] = token;
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
        }
        """),
        .objectiveC("""
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
        .objectiveC("""
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

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        switch file {
        case .swift(let swift): checkSwift(swift)
        case .objectiveC(let objc): checkObjectiveC(objc)
        default: []
        }
    }

    // MARK: Swift

    private func checkSwift(_ file: SwiftFile) -> [Match] {
        let adds = file.index.calls.filter { $0.calleeName == "SecItemAdd" }
        let wrapperMatches = wrapperDeleteThenSet(in: file)
        guard !adds.isEmpty else { return wrapperMatches }
        // Functions of this file that delete without adding: calling one is a delete.
        var deleters: Set<String> = []
        for function in file.index.functions {
            guard let body = function.body else { continue }
            let names = body.descendants(FunctionCallExprSyntax.self).map(\.calleeName)
            if names.contains("SecItemDelete") && !names.contains("SecItemAdd") { deleters.insert(function.name.text) }
        }
        var matches: [Match] = []
        for call in file.index.calls {
            let isDelete = call.calleeName == "SecItemDelete"
            guard isDelete || (deleters.contains(call.calleeName) && isLocalCall(call)), let body = call.enclosingBody else { continue }
            // An add some path reaches after the delete (not the other arm of an `if`,
            // not after `return SecItemDelete(…)` or a `guard … else { delete; return }`).
            guard let add = adds.first(where: { $0.enclosingBody?.id == body.id && StatementReachability.canReach(from: call, to: $0) }) else { continue }
            if isDelete, differentItems(delete: call, add: add, in: file) { continue }
            if handlesDuplicateWithUpdate(body, in: file) { continue }
            if isDeletedAgain(like: call, after: add, in: body) { continue }
            if addsByReference(add, in: file) { continue }
            if isErrorRecovery(call, in: body) { continue }
            let what = isDelete ? "SecItemDelete" : "\(call.calleeName)(…) deletes the item, and"
            matches.append(Match(file.range(of: call), "\(what) then SecItemAdd: not atomic, the item is lost when the add fails"))
        }
        let reported = Set(matches.map(\.range))
        return matches + wrapperMatches.filter { !reported.contains($0.range) }
    }

    /// Whether `add` stores an identity, certificate or key by reference (`kSecValueRef`,
    /// no `kSecValueData`): such an item has no data to update in place, so replacing it
    /// means deleting and adding.
    private func addsByReference(_ add: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let argument = add.arguments.first?.expression, let query = KeychainQuery.resolve(argument, in: file) else { return false }
        return query.keys.contains("kSecValueRef") && !query.keys.contains("kSecValueData")
    }

    /// Whether the same delete (same callee, same arguments) runs again after `add`: a
    /// temporary item (a certificate and key added only to obtain a SecIdentity, then
    /// removed), with no stored value to lose.
    func isDeletedAgain(like delete: FunctionCallExprSyntax, after add: some SyntaxProtocol, in body: Syntax) -> Bool {
        let arguments = delete.arguments.trimmedDescription
        return body.descendants(FunctionCallExprSyntax.self).contains { other in
            other.id != delete.id && other.calleeName == delete.calleeName && other.calleeText == delete.calleeText
                && other.arguments.trimmedDescription == arguments && StatementReachability.canReach(from: add, to: other)
        }
    }

    /// Whether the function adds and, on errSecDuplicateItem, updates (with SecItemUpdate
    /// or an `update…` helper): the recommended add-or-update, whose delete is a separate
    /// "remove on nil" path.
    private func handlesDuplicateWithUpdate(_ body: Syntax, in file: SwiftFile) -> Bool {
        guard body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "errSecDuplicateItem" }) else { return false }
        return body.descendants(FunctionCallExprSyntax.self).contains { call in
            let name = call.calleeName
            return name == "SecItemUpdate" || (name.lowercased().hasPrefix("update") && isLocalCall(call))
        }
    }

    // MARK: Error recovery in an upsert

    /// Whether an identifier of a condition names an error or status code (`status`,
    /// `error.code`, `[getError code]`, `errSecInteractionNotAllowed`, `OSStatus`).
    static func isStatusWord(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "code" || lowered == "err" || lowered.hasPrefix("errsec") || lowered.contains("error") || lowered.contains("status")
    }

    /// Whether the delete runs only in an error-recovery branch of an upsert: the `if`
    /// around it compares an error or status code (`if error.code == -1999`, a corrupt
    /// item the read reported), and the same body updates the existing item with
    /// SecItemUpdate on a path the delete does not follow from (not "update failed, so
    /// delete and add", which still loses the item).
    private func isErrorRecovery(_ delete: FunctionCallExprSyntax, in body: Syntax) -> Bool {
        var current = delete.parent
        var conditions: ConditionElementListSyntax?
        while let node = current, node.id != body.id {
            if let block = node.as(CodeBlockSyntax.self), let ifExpr = block.parent?.as(IfExprSyntax.self) {
                conditions = ifExpr.conditions
                break
            }
            current = node.parent
        }
        guard let conditions else { return false }
        let tokens = conditions.tokens(viewMode: .sourceAccurate)
        guard tokens.contains(where: { $0.tokenKind == .binaryOperator("==") || $0.tokenKind == .binaryOperator("!=") }),
              tokens.contains(where: { if case .identifier(let name) = $0.tokenKind { Self.isStatusWord(name) } else { false } }) else { return false }
        return body.descendants(FunctionCallExprSyntax.self).contains { update in
            update.calleeName == "SecItemUpdate" && update.enclosingBody?.id == body.id && !StatementReachability.canReach(from: update, to: delete)
        }
    }

    /// ``isErrorRecovery(_:in:)`` on Objective-C tokens: the `if` controlling the delete
    /// at `delete` compares an error or status code, and a SecItemUpdate of the method
    /// does not lead to the delete.
    private func isErrorRecovery(_ delete: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> Bool {
        guard let (condition, _) = ObjectiveCSyntax.controllingIf(tokens, at: delete), body.contains(condition.lowerBound) else { return false }
        let compares = condition.contains { position in
            position > condition.lowerBound && tokens[position].text == "=" && (tokens[position - 1].text == "=" || tokens[position - 1].text == "!")
        }
        guard compares, condition.contains(where: { tokens[$0].kind == .identifier && Self.isStatusWord(tokens[$0].text) }) else { return false }
        return body.contains { position in
            tokens[position].kind == .identifier && tokens[position].text == "SecItemUpdate" && position + 1 < body.upperBound && tokens[position + 1].text == "("
                && !StatementReachability.canReach(from: position, to: delete, in: tokens, body: body)
        }
    }

    /// `helper(…)`, `self.helper(…)`, `Self.helper(…)`, `TypeName.helper(…)`.
    private func isLocalCall(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.trimmedDescription else { return false }
        return base == "self" || base == "Self" || base.first?.isUppercase == true
    }

    /// Whether both queries resolve and name different items (another account or service).
    private func differentItems(delete: FunctionCallExprSyntax, add: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let deleteArgument = delete.arguments.first?.expression, let addArgument = add.arguments.first?.expression,
              let deleted = KeychainQuery.resolve(deleteArgument, in: file), let added = KeychainQuery.resolve(addArgument, in: file) else { return false }
        for key in ["kSecAttrAccount", "kSecAttrService", "kSecAttrLabel", "kSecAttrApplicationTag", "kSecClass"] {
            if let one = deleted.value(for: key)?.trimmedDescription, let other = added.value(for: key)?.trimmedDescription, one != other { return true }
        }
        return false
    }

    // MARK: Objective-C

    private func checkObjectiveC(_ file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        let addIndices = file.identifiers(named: "SecItemAdd").filter { $0 + 1 < tokens.count && tokens[$0 + 1].text == "(" }
        guard !addIndices.isEmpty else { return [] }
        // Methods whose body deletes without adding: `[self deleteItemForKey:…]` is a delete.
        var deleters: Set<String> = []
        var bodies: [Range<Int>: Bool] = [:]
        for index in file.identifiers(named: "SecItemDelete") {
            guard let body = file.bodyRange(containing: index), bodies[body] == nil else { continue }
            let adds = tokens[body].contains { $0.kind == .identifier && $0.text == "SecItemAdd" }
            bodies[body] = adds
            if !adds, let name = methodName(before: body.lowerBound, in: tokens) { deleters.insert(name) }
        }
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let isDelete = token.text == "SecItemDelete" && index + 1 < tokens.count && tokens[index + 1].text == "("
            let isHelper = !isDelete && deleters.contains(token.text) && index > 1 && tokens[index - 2].text == "["
                && index + 1 < tokens.count && (tokens[index + 1].text == ":" || tokens[index + 1].text == "]")
            guard isDelete || isHelper, let body = file.bodyRange(containing: index),
                  let add = addIndices.first(where: { StatementReachability.canReach(from: index, to: $0, in: tokens, body: body) }),
                  !handlesDuplicateWithUpdate(body, in: tokens), !isDeletedAgain(like: index, after: add, in: tokens, body: body),
                  !(tokens[body].contains { $0.text == "kSecValueRef" } && !tokens[body].contains { $0.text == "kSecValueData" }),
                  !isErrorRecovery(index, in: tokens, body: body) else { continue }
            let what = isDelete ? "SecItemDelete" : "\(token.text) deletes the item, and"
            matches.append(Match(file.range(of: token), "\(what) then SecItemAdd: not atomic, the item is lost when the add fails"))
        }
        return matches
    }

    /// Whether the statement of the delete at `delete` (its tokens up to `;`) occurs again
    /// after the add at `add`, on a path from it: a temporary item.
    private func isDeletedAgain(like delete: Int, after add: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> Bool {
        func statement(at start: Int) -> [String] {
            var texts: [String] = []
            var position = start
            while position < body.upperBound, tokens[position].text != ";", texts.count < 64 {
                texts.append(tokens[position].text)
                position += 1
            }
            return texts
        }
        let deleted = statement(at: delete)
        return (add + 1..<body.upperBound).contains { position in
            tokens[position].kind == .identifier && tokens[position].text == tokens[delete].text
                && (delete == 0 || tokens[position - 1].text == tokens[delete - 1].text)
                && statement(at: position) == deleted && StatementReachability.canReach(from: add, to: position, in: tokens, body: body)
        }
    }

    /// `errSecDuplicateItem` handled with SecItemUpdate or an `[self update…]` method.
    private func handlesDuplicateWithUpdate(_ body: Range<Int>, in tokens: [ObjectiveCToken]) -> Bool {
        guard tokens[body].contains(where: { $0.kind == .identifier && $0.text == "errSecDuplicateItem" }) else { return false }
        return body.contains { position in
            let token = tokens[position]
            guard token.kind == .identifier else { return false }
            if token.text == "SecItemUpdate" { return true }
            return token.text.hasPrefix("update") && position > 1 && tokens[position - 2].text == "[" && tokens[position - 1].text == "self"
        }
    }

    /// The first selector piece of the method whose body opens at `open`:
    /// `- (void)deleteItemForKey:(NSString *)key {` → `deleteItemForKey`.
    private func methodName(before open: Int, in tokens: [ObjectiveCToken]) -> String? {
        var position = open - 1
        while position >= 0 {
            let text = tokens[position].text
            if text == ";" || text == "}" || text == "{" { return nil }
            if text == "-" || text == "+", tokens[position + 1].text == "(",
               let close = ObjectiveCSyntax.matching(tokens, open: position + 1), close + 1 < open, tokens[close + 1].kind == .identifier {
                return tokens[close + 1].text
            }
            position -= 1
        }
        return nil
    }
}
