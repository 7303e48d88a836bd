import SwiftSyntax
import AuditKit

/// `kSecAttrAccessible` in the query of `SecItemCopyMatching` / `SecItemDelete` /
/// `SecItemUpdate`: it filters the search, so items saved under another class are not
/// found, not updated, not deleted.
struct KeychainAccessibleInQuery: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-accessible-in-query",
        title: "kSecAttrAccessible used to look up a Keychain item",
        severity: .low,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        rationale: "In SecItemCopyMatching, SecItemDelete and the query (first argument) of SecItemUpdate, kSecAttrAccessible is a search filter, not a setting. An item saved earlier under another class (an older app version, a changed default) is not found: reads report errSecItemNotFound and log the user out, deletes on logout leave the old secret behind, and updates fail so the code falls back to adding a duplicate.",
        fix: "Identify items by kSecClass, kSecAttrService and kSecAttrAccount only; set kSecAttrAccessible when adding, and in the attributes-to-update (second argument) of SecItemUpdate to migrate an item to a new class. DeviceTrust's Keychain keeps lookups and attributes apart and migrates classes with migrateAccessibility(to:)."
    )

    let triggers = ["kSecAttrAccessible"]

    let examples: [RuleExample] = [
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .objectiveC("""
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
        .objectiveC("""
        - (void)logOut {
            NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                     (__bridge id)kSecAttrService: @"com.bank.app" };
            SecItemDelete((__bridge CFDictionaryRef)query);
            NSDictionary *changes = @{ (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly };
            SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)changes);
        }
        """),
    ]

    private static let lookups: Set<String> = ["SecItemCopyMatching", "SecItemDelete", "SecItemUpdate"]

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        switch file {
        case .swift(let swift):
            return swift.index.calls.compactMap { call in
                guard Self.lookups.contains(call.calleeName), let argument = call.arguments.first?.expression,
                      let query = KeychainQuery.resolve(argument, in: swift), query.keys.contains("kSecAttrAccessible") else { return nil }
                if call.calleeName == "SecItemUpdate", call.arguments.count > 1,
                   let changes = KeychainQuery.resolve(Array(call.arguments)[1].expression, in: swift), changes.keys.contains("kSecAttrAccessible") {
                    return nil  // re-protecting the items of one class: the filter is the point
                }
                return Match(swift.range(of: call), message(call.calleeName))
            }
        case .objectiveC(let objc):
            let tokens = objc.tokens
            return tokens.indices.compactMap { index in
                guard tokens[index].kind == .identifier, Self.lookups.contains(tokens[index].text),
                      let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), let first = arguments.first,
                      let query = ObjectiveCDictionary.resolve(first, in: objc), query.keys.contains("kSecAttrAccessible") else { return nil }
                if tokens[index].text == "SecItemUpdate", arguments.count > 1,
                   let changes = ObjectiveCDictionary.resolve(arguments[1], in: objc), changes.keys.contains("kSecAttrAccessible") {
                    return nil
                }
                return Match(objc.range(of: tokens[index]), message(tokens[index].text))
            }
        default:
            return []
        }
    }

    private func message(_ function: String) -> String {
        "\(function) query filters on kSecAttrAccessible: items stored under another class are not found"
    }
}
