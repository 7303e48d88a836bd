import SwiftSyntax
import AuditKit

/// A secret field whose secure entry a "show password" button flips (`field.isSecureTextEntry
/// = !field.isSecureTextEntry`, `isSecureTextEntry.toggle()`, or a SwiftUI `if` on a toggled
/// Bool between a `TextField` and a `SecureField` editing the same password) in an app that
/// never refuses keyboard extensions (`application(_:shouldAllowExtensionPointIdentifier:)`
/// appears nowhere). Plain assignments (`isSecureTextEntry = false`, `= hidden`) are left
/// alone: reused cells set them for fields that hold no secret.
///
/// Secure entry is what keeps third-party keyboards out of a field; once it is off, the
/// user's custom keyboard types the secret, and only the app delegate's veto keeps it out
/// then. A project-wide fact (``ProjectFacts/mayRefuseKeyboardExtensions``), reported once
/// per project at its first such place. Fields that never had secure entry are
/// `platform-secure-entry-missing`'s.
struct PlatformKeyboardExtensionsAllowed: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-keyboard-extensions-allowed",
        title: "Secret field shown in clear while third-party keyboards are allowed",
        severity: .low,
        category: .platform,
        masvs: "MASVS-PLATFORM-3",
        cwe: 200,
        rationale:
            "Secure text fields make iOS use the system keyboard, but a field whose secure entry is switched off (to show the password) is an ordinary field: a third-party keyboard the user installed types into it, and a keyboard with full access may send every keystroke to its developer. Nothing in this app refuses keyboard extensions, so a revealed password, PIN or recovery phrase is typed through one.",
        fix:
            "Implement application(_:shouldAllowExtensionPointIdentifier:) in the app delegate and return false for .keyboard (true for the others), so only the system keyboard types into the app; or keep secure entry on while the user types and reveal the text in a label instead of the field."
    )

    let skipsTestCode = true

    let triggers = ["isSecureTextEntry", "secureTextEntry", "SecureField"]

    private static let fact = "keyboard-extensions-allowed"

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project: ProjectFacts) -> [Match] {
        guard !project.mayRefuseKeyboardExtensions else { return [] }
        var places: [SourceRange] = []
        for assignment in SecretFields.secureEntryAssignments(in: file) where SecretFields.isFlip(assignment.sequence) {
            places.append(file.range(of: assignment.sequence))
        }
        for call in file.index.calls where call.calleeName == "toggle" {
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                base.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "isSecureTextEntry"
                    || base.as(DeclReferenceExprSyntax.self)?.baseName.text == "isSecureTextEntry"
            else { continue }
            places.append(file.range(of: call))
        }
        for field in SecretFields.revealingTextFields(in: file) { places.append(file.range(of: field)) }
        return places.map {
            Match(
                $0,
                "secure entry is switched off here, which lets a third-party keyboard type the secret, and the app never refuses keyboard extensions (application(_:shouldAllowExtensionPointIdentifier:))",
                projectFact: Self.fact)
        }
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project: ProjectFacts) -> [Match] {
        guard !project.mayRefuseKeyboardExtensions else { return [] }
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == "secureTextEntry" {
            // `x.secureTextEntry = !x.secureTextEntry;` (or `![x isSecureTextEntry]`): a reveal button.
            guard index + 2 < tokens.count, tokens[index + 1].text == "=", tokens[index + 2].text == "!",
                let end = tokens[(index + 2)...].firstIndex(where: { $0.text == ";" }),
                tokens[(index + 3)..<end].contains(where: { $0.text == "secureTextEntry" || $0.text == "isSecureTextEntry" })
            else { continue }
            matches.append(
                Match(
                    file.range(of: token),
                    "secure entry is switched off here, which lets a third-party keyboard type the secret, and the app never refuses keyboard extensions (application:shouldAllowExtensionPointIdentifier:)",
                    projectFact: Self.fact))
        }
        return matches
    }
}
