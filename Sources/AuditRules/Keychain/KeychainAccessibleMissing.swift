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

    /// Whether the query of the `SecItemAdd` at `index` comes from a method or function of
    /// this file (followed one level) that sets an accessibility class:
    /// `NSMutableDictionary *query = [self baseQueryForAccount:account];`, `SecItemAdd((__bridge CFDictionaryRef)[self itemQuery], NULL)`.
    private func helperSetsClass(ofAddAt index: Int, body: Range<Int>, in objc: ObjectiveCFile) -> Bool {
        let tokens = objc.tokens
        guard let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), let query = arguments.first else { return false }
        var sources = [query]
        if let name = tokens[query].last(where: { $0.kind == .identifier })?.text {
            for position in body where tokens[position].text == name && position + 2 < body.upperBound && tokens[position + 1].text == "=" {
                let end = tokens[(position + 2)..<body.upperBound].firstIndex { $0.text == ";" } ?? body.upperBound
                sources.append((position + 2)..<end)
            }
        }
        let called = Set(sources.flatMap { tokens[$0] }.filter { $0.kind == .identifier }.map(\.text))
        return called.contains { helperDefinitionSetsClass($0, outside: body, in: objc) }
    }

    /// Whether `name` is defined in this file (a method or function whose signature is at
    /// file scope and opens a body) and that body names an accessibility key.
    private func helperDefinitionSetsClass(_ name: String, outside body: Range<Int>, in objc: ObjectiveCFile) -> Bool {
        let tokens = objc.tokens
        for position in objc.identifiers(named: name) where !body.contains(position) && isDefinitionName(at: position, in: tokens) {
            guard let open = tokens[position...].firstIndex(where: { $0.text == "{" || $0.text == ";" }), tokens[open].text == "{",
                objc.bodyRange(containing: position) == nil, let helper = objc.bodyRange(containing: open)
            else { continue }
            if tokens[helper].contains(where: { $0.kind == .identifier && Self.accessibilityKeys.contains($0.text) }) { return true }
        }
        return false
    }

    /// `- (NSDictionary *)NAME…` or `+ (…)NAME…` (a method's first selector part, not a
    /// parameter: `account:(NSString *)account`), or `NAME(` (a function).
    private func isDefinitionName(at position: Int, in tokens: [ObjectiveCToken]) -> Bool {
        if position + 1 < tokens.count, tokens[position + 1].text == "(" { return true }
        guard position >= 1, tokens[position - 1].text == ")", let open = tokens[..<position].lastIndex(where: { $0.text == "(" }), open >= 1 else {
            return false
        }
        return tokens[open - 1].text == "-" || tokens[open - 1].text == "+"
    }

    func checkObjectiveC(_ objc: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        return objc.identifiers(named: "SecItemAdd").compactMap { index in
            guard index + 1 < objc.tokens.count, objc.tokens[index + 1].text == "(",
                let body = objc.bodyRange(containing: index)
            else { return nil }
            let mentionsClass = objc.tokens[body].contains { $0.kind == .identifier && Self.accessibilityKeys.contains($0.text) }
            guard !mentionsClass, !addsOnlyCertificates(objc.tokens[body]), !helperSetsClass(ofAddAt: index, body: body, in: objc) else { return nil }
            return Match(objc.range(of: objc.tokens[index]), "SecItemAdd query has neither kSecAttrAccessible nor kSecAttrAccessControl")
        }
    }
}
