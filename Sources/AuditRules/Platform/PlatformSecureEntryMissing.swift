import SwiftSyntax
import AuditKit

/// A text field for a password, PIN, passcode or card security code that never turns on
/// secure entry: a UIKit `UITextField` made in code with no `isSecureTextEntry = true`
/// (Swift) or `secureTextEntry = YES` (Objective-C), or a SwiftUI `TextField` where a
/// `SecureField` belongs.
///
/// Fields from Interface Builder (`@IBOutlet`) are left alone: their secure entry is set in
/// the storyboard or xib, which the auditor does not read.
struct PlatformSecureEntryMissing: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-secure-entry-missing",
        title: "Password or PIN field without secure text entry",
        severity: .medium,
        category: .platform,
        masvs: "MASVS-PLATFORM-3",
        cwe: 549,
        rationale:
            "A text field without secure entry shows what is typed on screen, in screen recordings and mirroring, and in the app-switcher snapshot; it offers QuickType suggestions and autocorrection learning, and it lets third-party keyboards, which may send keystrokes to their developer, type into it. Secure entry masks the text, turns suggestions off and makes iOS use the system keyboard.",
        fix:
            "Set isSecureTextEntry = true on the UITextField (and textContentType = .password, .newPassword or .oneTimeCode so AutoFill works), or use SecureField in SwiftUI. A \"show password\" button may switch it off while pressed; refuse keyboard extensions in the app delegate too (see platform-keyboard-extensions-allowed)."
    )

    let skipsTestCode = true

    let triggers = ["TextField"]

    /// A field named, titled or bound for a secret (Objective-C files are not parsed: their
    /// check decides).
    let preCheck = PreCheck.all([
        .only([.swift, .objectiveC]),
        .any([
            .swiftIdentifierWhere("a password-, PIN- or passcode-like name", { SecretFields.isSecret(String($0)) }),
            .swiftLiteralWhere("a password-, PIN- or passcode-like title", { SecretFields.isSecret(String($0)) }),
        ]),
    ])

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for declaration in file.index.variables where !isOutlet(declaration) {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier, SecretFields.isSecret(name.text),
                    isTextField(binding), !declaration.trimmedDescription.contains("isSecureTextEntry"),
                    !isSecuredElsewhere(name.text, in: file)
                else { continue }
                matches.append(
                    Match(
                        file.range(of: name),
                        "\(name.text) is a UITextField for a secret that never sets isSecureTextEntry = true: its text shows on screen and in the app-switcher snapshot, and third-party keyboards may read it"
                    ))
            }
        }
        // A TextField editing what a SecureField of the file edits is the other half of a
        // reveal or a configurable field, not a secret field left in clear.
        for field in SecretFields.swiftUIFields(named: "TextField", in: file)
        where SecretFields.isSecretSwiftUIField(field) && !SecretFields.isPairedWithSecureField(field, in: file) {
            matches.append(
                Match(
                    file.range(of: field),
                    "TextField \(SecretFields.binding(of: field).map { "bound to \($0) " } ?? "")takes a secret in clear: use SecureField, which masks it and keeps third-party keyboards out"
                ))
        }
        return matches
    }

    // MARK: Objective-C

    /// `name = [[UITextField alloc] init…]` or `name = [UITextField new]` for a secret-named
    /// variable, property or ivar, with no `name.secureTextEntry = …` or
    /// `[name setSecureTextEntry:…]` in the file.
    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        func bare(_ name: String) -> Substring { name.drop(while: { $0 == "_" }) }
        var secured: Set<Substring> = []
        for (index, token) in tokens.enumerated() where index >= 2 && token.kind == .identifier {
            if token.text == "secureTextEntry", tokens[index - 1].text == "." { secured.insert(bare(tokens[index - 2].text)) }
            if token.text == "setSecureTextEntry" { secured.insert(bare(tokens[index - 1].text)) }
        }
        var matches: [Match] = []
        for index in file.identifiers(named: "UITextField") where index >= 3 && index + 1 < tokens.count {
            let made =
                (tokens[index - 1].text == "[" && tokens[index - 2].text == "[" && tokens[index + 1].text == "alloc")
                || (tokens[index - 1].text == "[" && tokens[index + 1].text == "new")
            let equals = tokens[index - 1].text == "[" && tokens[index - 2].text == "[" ? index - 3 : index - 2
            guard made, equals >= 1, tokens[equals].text == "=" else { continue }
            let name = tokens[equals - 1]
            guard name.kind == .identifier, SecretFields.isSecret(name.text), !secured.contains(bare(name.text)) else { continue }
            matches.append(
                Match(
                    file.range(of: name),
                    "\(name.text) is a UITextField for a secret that never sets secureTextEntry = YES: its text shows on screen and in the app-switcher snapshot, and third-party keyboards may read it"
                ))
        }
        return matches
    }

    private func isOutlet(_ declaration: VariableDeclSyntax) -> Bool {
        declaration.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet" }
    }

    /// Declared as a `UITextField` or made by `UITextField(…)`.
    private func isTextField(_ binding: PatternBindingSyntax) -> Bool {
        if let type = binding.typeAnnotation?.type.trimmedDescription.filter({ $0 != "!" && $0 != "?" }), type == "UITextField" {
            return true
        }
        return binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calleeText == "UITextField"
    }

    /// The field assigned from a factory asked for secure entry
    /// (`passwordField = buildTextField(placeholder: "Password", secureTextEntry: true)`).
    private func isMadeSecure(_ name: String, in file: SwiftFile) -> Bool {
        file.index.sequences.contains { sequence in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].trimmedDescription == name || elements[0].trimmedDescription == "self.\(name)",
                let call = BindingValues.unwrap(elements[2]).as(FunctionCallExprSyntax.self)
            else { return false }
            return call.arguments.contains { argument in
                ["secureTextEntry", "isSecureTextEntry", "secure", "isSecure"].contains(argument.label?.text ?? "")
                    && argument.expression.trimmedDescription == "true"
            }
        }
    }

    /// `isSecureTextEntry` assigned to the field (`passwordField.isSecureTextEntry = true`),
    /// or to a parameter, loop variable or `$0` in a function that names it
    /// (`[pinField, confirmField].forEach { $0.isSecureTextEntry = true }`).
    private func isSecuredElsewhere(_ name: String, in file: SwiftFile) -> Bool {
        if isMadeSecure(name, in: file) { return true }
        let properties = Set(file.index.variables.flatMap(\.bindings).compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
        return SecretFields.secureEntryAssignments(in: file).contains { assignment in
            guard let field = assignment.field?.trimmedDescription else { return false }
            if field == name || field.hasSuffix(".\(name)") { return true }
            guard field.hasPrefix("$") || (assignment.field?.is(DeclReferenceExprSyntax.self) == true && !properties.contains(field)),
                let body = assignment.sequence.nearestAncestor(SyntaxScopes.functions) ?? assignment.sequence.enclosingBody
            else { return false }
            return body.descendants(DeclReferenceExprSyntax.self).contains { $0.baseName.text == name }
        }
    }
}
