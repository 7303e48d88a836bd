import AuditKit
import SwiftSyntax

/// A `switch` over the status `SecItemCopyMatching` returned whose `default:` does what its
/// `case errSecItemNotFound:` does (logging aside): every other status — a locked device's
/// errSecInteractionNotAllowed, a cancelled prompt, errSecAuthFailed — reads as "no item".
extension KeychainErrorsCollapsed {
    func collapsedStatusSwitches(in file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        for call in file.index.calls where call.calleeName == "SecItemCopyMatching" {
            guard let status = boundName(ExprSyntax(call)), let scope = Self.scope(of: call) else { continue }
            for statusSwitch in scope.descendants(SwitchExprSyntax.self) where BindingValues.unwrap(statusSwitch.subject).trimmedDescription == status {
                var notFound: String?
                var fallback: (label: SwitchDefaultLabelSyntax, effect: String)?
                for element in statusSwitch.cases {
                    guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
                    switch switchCase.label {
                    case .case(let label):
                        if label.caseItems.contains(where: { $0.pattern.trimmedDescription.hasSuffix("errSecItemNotFound") }) {
                            notFound = Self.effect(of: switchCase.statements)
                        }
                    case .default(let label):
                        fallback = (label, Self.effect(of: switchCase.statements))
                    @unknown default:
                        break
                    }
                }
                guard let notFound, let fallback, fallback.effect == notFound else { continue }
                matches.append(
                    Match(
                        file.range(of: fallback.label),
                        "default: does what case errSecItemNotFound: does, so every other status of SecItemCopyMatching (errSecInteractionNotAllowed on a locked device included) reads as \"no item\""
                    ))
            }
        }
        return matches
    }

    /// A case's statements without its logging calls, as written.
    private static func effect(of statements: CodeBlockItemListSyntax) -> String {
        statements.filter { item in
            guard let call = item.item.as(FunctionCallExprSyntax.self) else { return true }
            let name = call.calleeName
            if ["print", "debugPrint", "NSLog", "os_log", "dump", "assertionFailure"].contains(name) { return false }
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription.lowercased() ?? ""
            return !(base.hasSuffix("logger") || base.hasSuffix("log") || base == "logging")
        }.map(\.trimmedDescription).joined(separator: "\n")
    }
}
