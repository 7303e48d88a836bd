import SwiftSyntax
import AuditKit

/// `kSecAttrAccessibleAlways` / `kSecAttrAccessibleAlwaysThisDeviceOnly` (and the
/// wrapper libraries' `.always`): the item is readable while the device is locked, even
/// before the first unlock after a reboot.
struct KeychainAccessibleAlways: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-accessible-always",
        title: "Keychain item readable while the device is locked (kSecAttrAccessibleAlways)",
        severity: .high,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        cwe: 922,
        rationale:
            "kSecAttrAccessibleAlways and kSecAttrAccessibleAlwaysThisDeviceOnly protect the item with a key that is available at all times, even on a locked phone that was never unlocked since boot, so anyone holding the device (or code running on a jailbroken one) can read it; the non-ThisDeviceOnly variant also migrates to another device through a backup. Apple deprecated both in iOS 12.",
        fix:
            "Use kSecAttrAccessibleWhenUnlockedThisDeviceOnly for secrets read in the foreground, or kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly for tokens background work needs; migrate existing items with SecItemUpdate. DeviceTrust's Keychain defaults to .afterFirstUnlockThisDeviceOnly and has migrateAccessibility(to:)."
    )

    let triggers = ["AccessibleAlways", ".always", "alwaysThisDeviceOnly"]

    /// In Swift, `.always` counts only as a whole member name (`accessibility: .always`),
    /// not as the start of another (`.alwaysKept`, `.authorizedAlways`).
    let preCheck = PreCheck.any([.swiftCode(["AccessibleAlways", "alwaysThisDeviceOnly"]), .swiftCodeWord([".always"])])

    private static let constants: Set<String> = ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly"]
    private static let wrapperCases: Set<String> = ["always", "alwaysThisDeviceOnly"]
    private static let wrapperLabels: Set<String> = ["withAccessibility", "accessibility", "accessible"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for reference in file.index.references where Self.constants.contains(reference.baseName.text) {
            guard !isComparison(ExprSyntax(reference)) else { continue }
            matches.append(Match(file.range(of: reference), "\(reference.baseName.text) makes the Keychain item readable on a locked device"))
        }
        // Wrapper libraries: `.accessibility(.always)`, `withAccessibility: .alwaysThisDeviceOnly`.
        for member in file.index.memberAccesses where member.base == nil && Self.wrapperCases.contains(member.declName.baseName.text) {
            guard let argument = member.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { continue }
            let label = argument.label?.text
            guard (label == nil && call.calleeName == "accessibility") || label.map(Self.wrapperLabels.contains) == true else { continue }
            matches.append(Match(file.range(of: member), ".\(member.declName.baseName.text) makes the Keychain item readable on a locked device"))
        }
        for member in file.index.memberAccesses where Self.wrapperCases.contains(member.declName.baseName.text) {
            guard let base = member.base?.trimmedDescription, base.hasSuffix("Accessibility") || base.hasSuffix("KeychainItemAccessibility") else { continue }
            guard !isComparison(ExprSyntax(member)) else { continue }
            matches.append(Match(file.range(of: member), "\(member.trimmedDescription) makes the Keychain item readable on a locked device"))
        }
        return matches
    }

    /// Whether `expression` (possibly cast) is an operand of `==`/`!=`, a `case` pattern or
    /// an argument of `CFEqual`.
    private func isComparison(_ expression: ExprSyntax) -> Bool {
        var node = Syntax(expression)
        while let parent = node.parent {
            if let sequence = parent.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.contains(where: { ["==", "!=", "===", "!=="].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") }) {
                    return true
                }
                if elements.contains(where: { $0.is(UnresolvedAsExprSyntax.self) }) { node = parent; continue }
                return false
            }
            if parent.is(ExpressionPatternSyntax.self) { return true }
            if let call = parent.as(FunctionCallExprSyntax.self) { return call.calleeName == "CFEqual" }
            if parent.is(AsExprSyntax.self) || parent.is(TypeExprSyntax.self) || parent.is(ExprListSyntax.self)
                || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self) || parent.is(TupleExprSyntax.self)
            {
                node = parent
                continue
            }
            return false
        }
        return false
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && Self.constants.contains(token.text) {
            guard !ObjectiveCExpressions.isCompared(index, in: tokens), !isCFEqualArgument(index, in: tokens) else { continue }
            matches.append(Match(file.range(of: token), "\(token.text) makes the Keychain item readable on a locked device"))
        }
        return matches
    }

    private func isCFEqualArgument(_ index: Int, in tokens: [ObjectiveCToken]) -> Bool {
        var depth = 0
        var position = index - 1
        while position >= 0 {
            let text = tokens[position].text
            if text == ")" {
                depth += 1
            } else if text == "(" {
                if depth == 0 { return position > 0 && tokens[position - 1].text == "CFEqual" }
                depth -= 1
            } else if text == ";" || text == "{" {
                return false
            }
            position -= 1
        }
        return false
    }
}
