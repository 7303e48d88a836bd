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
        rationale:
            "In SecItemCopyMatching, SecItemDelete and the query (first argument) of SecItemUpdate, kSecAttrAccessible is a search filter, not a setting. An item saved earlier under another class (an older app version, a changed default) is not found: reads report errSecItemNotFound and log the user out, deletes on logout leave the old secret behind, and updates fail so the code falls back to adding a duplicate.",
        fix:
            "Identify items by kSecClass, kSecAttrService and kSecAttrAccount only; set kSecAttrAccessible when adding, and in the attributes-to-update (second argument) of SecItemUpdate to migrate an item to a new class. DeviceTrust's Keychain keeps lookups and attributes apart and migrates classes with migrateAccessibility(to:)."
    )

    let triggers = ["kSecAttrAccessible"]

    private static let lookups: Set<String> = ["SecItemCopyMatching", "SecItemDelete", "SecItemUpdate"]

    func checkSwift(_ swift: SwiftFile, project _: ProjectFacts) -> [Match] {
        return swift.index.calls.compactMap { call in
            guard Self.lookups.contains(call.calleeName), let argument = call.arguments.first?.expression,
                let query = KeychainQuery.resolve(argument, in: swift), query.keys.contains("kSecAttrAccessible")
            else { return nil }
            if call.calleeName == "SecItemUpdate", call.arguments.count > 1,
                let changes = KeychainQuery.resolve(Array(call.arguments)[1].expression, in: swift), changes.keys.contains("kSecAttrAccessible")
            {
                return nil  // re-protecting the items of one class: the filter is the point
            }
            return Match(swift.range(of: call), message(call.calleeName))
        }
    }

    func checkObjectiveC(_ objc: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = objc.tokens
        return tokens.indices.compactMap { index in
            guard tokens[index].kind == .identifier, Self.lookups.contains(tokens[index].text),
                let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), let first = arguments.first,
                let query = ObjectiveCDictionary.resolve(first, in: objc), query.keys.contains("kSecAttrAccessible")
            else { return nil }
            if tokens[index].text == "SecItemUpdate", arguments.count > 1,
                let changes = ObjectiveCDictionary.resolve(arguments[1], in: objc), changes.keys.contains("kSecAttrAccessible")
            {
                return nil
            }
            return Match(objc.range(of: tokens[index]), message(tokens[index].text))
        }
    }

    private func message(_ function: String) -> String {
        "\(function) query filters on kSecAttrAccessible: items stored under another class are not found"
    }
}
