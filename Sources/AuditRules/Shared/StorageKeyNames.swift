import SwiftSyntax
import AuditKit

/// Whether a secret-named constant holds the *name* a secret is stored under rather than
/// the secret: its value spells its own name (`kPinCode = "kPinCode"`, `PIN_CODE =
/// "pinCode"`), or every use of it in the file is a key slot — the `key:` / `forKey:` /
/// `account:` / `service:` argument of a Keychain, key-value store or UserDefaults call,
/// the first argument of a lookup (`store.getString(kPin)`, `[self loadKeychainValue:kPin]`),
/// a `kSecAttrAccount` / `kSecAttrService` / `kSecAttrLabel` value, a dictionary key or a
/// subscript index. A real secret flows into a header, a body, a cipher or a comparison.
enum StorageKeyNames {
    /// Whether `value` is `name` written out, ignoring case, `_`, `-`, `.`, spaces and a
    /// leading `k` / `k_` constant prefix on either side.
    static func valueSpellsName(_ value: String, name: String) -> Bool {
        let bareValue = normalized(value)
        let bareName = normalized(name)
        guard !bareValue.isEmpty, !bareName.isEmpty else { return false }
        return bareValue == bareName
    }

    private static func normalized(_ text: String) -> String {
        var characters = Substring(text)
        // `kPinCode`, `k_pin_code`: Hungarian constant prefix.
        if characters.count > 2, characters.first == "k", let next = characters.dropFirst().first, next.isUppercase || next == "_" {
            characters = characters.dropFirst()
        }
        return String(characters.filter { $0 != "_" && $0 != "-" && $0 != "." && $0 != " " }).lowercased()
    }

    /// Argument labels and selector parts whose argument is a storage key.
    private static let keyLabels: Set<String> = [
        "key", "keys", "forkey", "forkeys", "withkey", "keychainkey", "storagekey", "defaultskey", "itemkey",
        "account", "foraccount", "withaccount", "service", "forservice", "withservice", "keypath", "forkeypath",
        "ksecattraccount", "ksecattrservice", "ksecattrlabel",
    ]

    /// Selector parts ending like these take a key (`objectForKey:`, `removeItemForAccount:`).
    private static let keySuffixes = ["forkey", "forkeys", "withkey", "foraccount", "withaccount", "forservice", "withservice"]

    /// First words of lookups whose first argument is a key (`getString(kPin)`,
    /// `tryToLoadKeychainValue:kPin`, `removeValue(kPin)`).
    private static let lookupVerbs: Set<String> = ["get", "load", "read", "fetch", "remove", "delete", "has", "exists", "lookup", "clear"]

    static func isKeyLabel(_ label: String) -> Bool {
        let lower = label.lowercased()
        return keyLabels.contains(lower) || keySuffixes.contains { lower.hasSuffix($0) }
    }

    /// Whether a call or selector part named `name` looks up, reads or removes by key.
    static func isLookup(_ name: String) -> Bool {
        var words = SecretNames.splitWords(name)[...]
        while let first = words.first, first == "try" || first == "to" { words = words.dropFirst() }
        return words.first.map(lookupVerbs.contains) ?? false
    }

    // MARK: - Swift

    /// Whether `name` is used at least once in `file` and only in key slots.
    static func onlyUsedAsKey(_ name: String, in file: SwiftFile) -> Bool {
        var uses = 0
        for reference in file.index.references where reference.baseName.text == name && reference.argumentNames == nil {
            var node = Syntax(reference)
            if let member = node.parent?.as(MemberAccessExprSyntax.self) {
                // `Keys.pin`: the member is the use; `pin.count` is not a use of `pin` as a key.
                guard member.declName.id == reference.id else { return false }
                node = Syntax(member)
            }
            guard isKeySlot(node) else { return false }
            uses += 1
        }
        return uses > 0
    }

    private static func isKeySlot(_ use: Syntax) -> Bool {
        var node = use
        while let parent = node.parent,
            parent.is(TupleExprSyntax.self) || parent.is(AsExprSyntax.self)
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
        {
            node = parent
        }
        guard let parent = node.parent else { return false }
        if let argument = parent.as(LabeledExprSyntax.self) {
            if let subscriptCall = argument.parent?.parent?.as(SubscriptCallExprSyntax.self) {
                return subscriptCall.arguments.count == 1
            }
            guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
            if let label = argument.label?.text { return isKeyLabel(label) }
            return call.arguments.first?.id == argument.id && isLookup(call.calleeName)
        }
        // `forKeys: [kPin, kOther]`.
        if parent.is(ArrayElementSyntax.self), let array = parent.parent?.parent, array.is(ArrayExprSyntax.self),
            let argument = array.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text
        {
            return isKeyLabel(label)
        }
        if let element = parent.as(DictionaryElementSyntax.self) {
            if element.key.id == node.id { return true }
            let key = element.key.trimmedDescription.lowercased()
            return ["ksecattraccount", "ksecattrservice", "ksecattrlabel"].contains { key.hasPrefix($0) }
        }
        return false
    }

    // MARK: - Objective-C

    /// Whether the identifier `name`, declared at token `declaration`, is used at least
    /// once elsewhere in `tokens` and only in key slots (`key:kPin`, `objectForKey:kPin`,
    /// `[self loadKeychainValue:kPin]`, `(__bridge id)kSecAttrAccount: kPin`).
    static func onlyUsedAsKey(_ name: String, declaredAt declaration: Int, in tokens: [ObjectiveCToken]) -> Bool {
        var uses = 0
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == name && index != declaration {
            // A redeclaration in a header-style `extern` line or the declaration itself.
            if index + 1 < tokens.count, tokens[index + 1].text == ";", index >= 1, tokens[index - 1].text == "*" || tokens[index - 1].text == "const" {
                continue
            }
            // `@{ kPin: value }`: a dictionary key.
            if index >= 1, index + 1 < tokens.count, tokens[index + 1].text == ":", tokens[index - 1].text == "{" || tokens[index - 1].text == "," {
                uses += 1
                continue
            }
            guard index >= 2, tokens[index - 1].text == ":", tokens[index - 2].kind == .identifier else { return false }
            let label = tokens[index - 2].text
            guard isKeyLabel(label) || isLookup(label) else { return false }
            uses += 1
        }
        return uses > 0
    }
}
