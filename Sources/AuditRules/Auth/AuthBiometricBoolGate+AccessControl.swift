import SwiftSyntax
import AuditKit

/// A read after evaluatePolicy of an item the same file stores with a biometric (or
/// passcode) access control: the read itself needs the user's face, finger or passcode,
/// so the Bool from evaluatePolicy is only an extra prompt, not the gate.
extension AuthBiometricBoolGate {
    /// SecAccessControl flags that make every read of the item ask for the user.
    static let userPresenceFlags: Set<String> = [
        "biometryCurrentSet", "biometryAny", "userPresence", "touchIDAny", "touchIDCurrentSet", "devicePasscode",
        "kSecAccessControlBiometryCurrentSet", "kSecAccessControlBiometryAny", "kSecAccessControlUserPresence",
        "kSecAccessControlTouchIDAny", "kSecAccessControlTouchIDCurrentSet", "kSecAccessControlDevicePasscode",
    ]

    // MARK: Swift

    /// Whether the file adds (or updates) the item `read` looks up with a
    /// kSecAttrAccessControl built from user-presence flags.
    func isStoredWithUserPresence(_ read: KeychainQuery, in file: SwiftFile) -> Bool {
        let requiresUser = file.index.calls.contains { call in
            guard call.calleeName == "SecAccessControlCreateWithFlags", call.arguments.count >= 3 else { return false }
            let flags = call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: 2)].expression
            let names =
                flags.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
                + flags.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
                + [flags.as(DeclReferenceExprSyntax.self)?.baseName.text, flags.as(MemberAccessExprSyntax.self)?.declName.baseName.text].compactMap { $0 }
            return names.contains(where: Self.userPresenceFlags.contains)
        }
        guard requiresUser else { return false }
        var stores: [KeychainQuery] = []
        for call in file.index.calls where call.calleeName == "SecItemAdd" || call.calleeName == "SecItemUpdate" {
            let argument = call.calleeName == "SecItemAdd" ? call.arguments.first?.expression : call.arguments.dropFirst().first?.expression
            guard let argument, let query = KeychainQuery.resolve(argument, in: file), query.keys.contains("kSecAttrAccessControl") else { continue }
            if call.calleeName == "SecItemUpdate", let lookup = call.arguments.first?.expression, let match = KeychainQuery.resolve(lookup, in: file) {
                stores.append(KeychainQuery(entries: match.entries + query.entries))
            } else {
                stores.append(query)
            }
        }
        let identity = ["kSecAttrAccount", "kSecAttrService", "kSecAttrLabel", "kSecAttrApplicationTag"]
        let readIdentity = identity.compactMap { key in read.value(for: key).map { (key, $0.trimmedDescription) } }
        if readIdentity.isEmpty { return stores.count == 1 }
        return stores.contains { store in
            readIdentity.allSatisfy { key, value in store.value(for: key)?.trimmedDescription == value }
        }
    }

    // MARK: Objective-C

    /// Whether the Objective-C file stores an item with a kSecAttrAccessControl built
    /// from user-presence flags (the file's reads are then taken to be of that item).
    static func objcStoresWithUserPresence(_ tokens: [ObjectiveCToken]) -> Bool {
        guard tokens.contains(where: { $0.text == "kSecAttrAccessControl" }),
            tokens.contains(where: { $0.text == "SecItemAdd" || $0.text == "SecItemUpdate" })
        else { return false }
        for index in tokens.indices where tokens[index].text == "SecAccessControlCreateWithFlags" {
            guard let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count >= 3 else { continue }
            if tokens[arguments[2]].contains(where: { userPresenceFlags.contains($0.text) }) { return true }
        }
        return false
    }
}
