import SwiftSyntax
import AuditKit

/// `.biometryAny` / `.touchIDAny` access control: the item or key keeps opening after a
/// new finger or face is enrolled.
struct AuthBiometryAnyForHighValue: AuditRule {
    let metadata = RuleMetadata(
        id: "auth-biometry-any-for-high-value",
        title: "Biometry-protected secret survives re-enrollment (.biometryAny)",
        severity: .info,
        category: .auth,
        masvs: "MASVS-AUTH-2",
        cwe: 287,
        rationale:
            "An item or key protected with .biometryAny (kSecAccessControlBiometryAny, formerly .touchIDAny) opens for any finger or face enrolled now or later. Someone who learns the device passcode can enrol their own face and then unlock the secret. .biometryCurrentSet invalidates the item when the enrolled set changes.",
        fix:
            "Use .biometryCurrentSet for tokens, keys and payment approvals, and handle the invalidation (errSecItemNotFound or a failing key after re-enrollment) by a full sign-in that creates a new item or re-registers a new device key (DeviceTrust's device keys with server challenges). Keep .biometryAny only for convenience unlocks of low-value data."
    )

    let skipsTestCode = true

    let triggers = ["biometryAny", "touchIDAny", "BiometryAny", "TouchIDAny"]

    private static let swiftNames: Set<String> = ["biometryAny", "touchIDAny"]
    private static let creators: Set<String> = ["SecAccessControlCreateWithFlags", "SecAccessControlCreateFlags"]

    /// Whether the flag builds an access control (an argument of
    /// SecAccessControlCreateWithFlags, a `SecAccessControlCreateFlags` value), rather than
    /// being tested (`flags.contains(.biometryAny)`, a `switch` case).
    private func createsAccessControl(_ member: MemberAccessExprSyntax) -> Bool {
        var current = member.parent
        while let node = current {
            if let call = node.as(FunctionCallExprSyntax.self) {
                if Self.creators.contains(call.calleeName) { return true }
                if !call.calledExpression.is(MemberAccessExprSyntax.self) || call.calleeName != "init" { return false }
            }
            if let declaration = node.as(VariableDeclSyntax.self) {
                return declaration.bindings.contains { $0.typeAnnotation?.type.trimmedDescription.contains("SecAccessControlCreateFlags") == true }
            }
            if node.is(CodeBlockItemSyntax.self) || node.is(SwitchCaseSyntax.self) || node.is(ConditionElementSyntax.self) { return false }
            current = node.parent
        }
        return false
    }
    private static let constants: Set<String> = ["kSecAccessControlBiometryAny", "kSecAccessControlTouchIDAny"]

    func checkSwift(_ swift: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for member in swift.index.memberAccesses where Self.swiftNames.contains(member.declName.baseName.text) {
            let base = member.base?.trimmedDescription
            guard base == nil || base == "SecAccessControlCreateFlags", createsAccessControl(member) else { continue }
            matches.append(Match(swift.range(of: member), "\(member.trimmedDescription) lets any finger or face enrolled later unlock this item"))
        }
        for reference in swift.index.references where Self.constants.contains(reference.baseName.text) {
            matches.append(Match(swift.range(of: reference), "\(reference.baseName.text) lets any finger or face enrolled later unlock this item"))
        }
        return matches
    }

    func checkObjectiveC(_ objc: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        objc.tokens.filter { $0.kind == .identifier && Self.constants.contains($0.text) }.map {
            Match(objc.range(of: $0), "\($0.text) lets any finger or face enrolled later unlock this item")
        }
    }
}
