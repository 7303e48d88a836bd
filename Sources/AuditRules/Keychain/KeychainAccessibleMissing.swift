import SwiftSyntax
import AuditKit

/// `SecItemAdd` with neither `kSecAttrAccessible` nor `kSecAttrAccessControl`: the item
/// gets the default class, which is not a decision (and differs between macOS and iOS).
struct KeychainAccessibleMissing: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-accessible-missing",
        title: "Keychain item added without an accessibility class",
        severity: .medium,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        cwe: 922,
        rationale:
            "An item added without kSecAttrAccessible or kSecAttrAccessControl gets the default class (kSecAttrAccessibleWhenUnlocked on iOS). Nobody decided whether it must be readable in the background, after first unlock, or only on this device, and a backup can carry it to another device.",
        fix:
            "Set kSecAttrAccessible explicitly — kSecAttrAccessibleWhenUnlockedThisDeviceOnly for secrets used in the foreground, AfterFirstUnlockThisDeviceOnly for background refresh — or kSecAttrAccessControl from SecAccessControlCreateWithFlags for biometry-bound items. DeviceTrust's Keychain requires one."
    )

    let triggers = ["SecItemAdd"]

    private static let accessibilityKeys: Set<String> = ["kSecAttrAccessible", "kSecAttrAccessControl"]

    /// Classes whose items hold a secret (a password, a private or symmetric key, an
    /// identity's key): a certificate (kSecClassCertificate) is public data, and its
    /// accessibility class protects nothing.
    private static let secretClasses: Set<String> = ["kSecClassGenericPassword", "kSecClassInternetPassword", "kSecClassKey", "kSecClassIdentity"]

    /// `kSecClass: kSecClassCertificate`.
    private func isCertificate(_ value: ExprSyntax?) -> Bool {
        guard let value else { return false }
        return KeychainQuery.constantName(value) == "kSecClassCertificate"
    }

    /// An Objective-C method that names kSecClassCertificate and no class of secret items.
    private func addsOnlyCertificates(_ tokens: ArraySlice<ObjectiveCToken>) -> Bool {
        var certificate = false
        for token in tokens where token.kind == .identifier {
            if token.text == "kSecClassCertificate" { certificate = true }
            if Self.secretClasses.contains(token.text) { return false }
        }
        return certificate
    }

    func checkSwift(_ swift: SwiftFile, project _: ProjectFacts) -> [Match] {
        return swift.index.calls.compactMap { call in
            guard call.calleeName == "SecItemAdd", let argument = call.arguments.first?.expression,
                let query = KeychainQuery.resolve(argument, in: swift, followingHelpers: true),
                query.keys.isDisjoint(with: Self.accessibilityKeys),
                !isCertificate(query.value(for: "kSecClass"))
            else { return nil }
            return Match(swift.range(of: call), "SecItemAdd query has neither kSecAttrAccessible nor kSecAttrAccessControl")
        }
    }

    func checkObjectiveC(_ objc: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        return objc.identifiers(named: "SecItemAdd").compactMap { index in
            guard index + 1 < objc.tokens.count, objc.tokens[index + 1].text == "(",
                let body = objc.bodyRange(containing: index)
            else { return nil }
            let mentionsClass = objc.tokens[body].contains { $0.kind == .identifier && Self.accessibilityKeys.contains($0.text) }
            guard !mentionsClass, !addsOnlyCertificates(objc.tokens[body]) else { return nil }
            return Match(objc.range(of: objc.tokens[index]), "SecItemAdd query has neither kSecAttrAccessible nor kSecAttrAccessControl")
        }
    }
}
