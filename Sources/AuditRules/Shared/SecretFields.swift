import SwiftSyntax
import AuditKit

/// Text fields for secrets: a field whose name, title or placeholder says password, PIN,
/// passcode, passphrase or card security code, and the places code switches secure entry
/// on or off. Shared by the rules about secure entry, keyboard extensions and the privacy
/// cover.
enum SecretFields {
    /// Words (of a name split at case changes, or of a title) that make a field a secret's.
    private static let secretWords: Set<String> = [
        "password", "passwd", "pwd", "passcode", "passphrase", "pin", "pincode", "cvv", "cvc", "cvv2", "securitycode",
    ]
    /// Words that make it a field about a secret, not for one: a hint, a reset e-mail, a
    /// strength meter, a certificate pin.
    private static let aboutWords: Set<String> = [
        "hint", "forgot", "reset", "recover", "label", "button", "strength", "requirement", "requirements", "length", "rule", "rules",
        "email", "mail", "user", "username", "login", "pinned", "pinning", "certificate", "cert", "hash",
    ]

    /// Whether a name (`passwordField`, `pinTextField`, `txtCVV`) or a title (`"Password"`,
    /// `"Enter your PIN"`) is a secret field's.
    static func isSecret(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).flatMap { SecretNames.splitWords(String($0)) }.map { $0.lowercased() }
        return words.contains(where: secretWords.contains) && !words.contains(where: aboutWords.contains)
    }

    /// `x.isSecureTextEntry = value` in Swift (`isSecureTextEntry = value` inside a field
    /// subclass): the assignment, the field's expression (nil for the subclass's own) and
    /// the value.
    static func secureEntryAssignments(in file: SwiftFile) -> [(sequence: SequenceExprSyntax, field: ExprSyntax?, value: ExprSyntax)] {
        file.index.sequences.compactMap { sequence in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
            if let member = elements[0].as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isSecureTextEntry" {
                return (sequence, member.base, elements[2])
            }
            if elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == "isSecureTextEntry" { return (sequence, nil, elements[2]) }
            return nil
        }
    }

    /// Whether `sequence` is `x = !x`: a Bool flipped in place.
    static func isFlip(_ sequence: SequenceExprSyntax) -> Bool {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let negated = elements[2].as(PrefixOperatorExprSyntax.self),
            negated.operator.text == "!"
        else { return false }
        return negated.expression.trimmedDescription == elements[0].trimmedDescription
    }

    /// Whether `name` (a Bool property) is flipped somewhere in the file: `name.toggle()` or
    /// `name = !name` (`self.` or not).
    static func isToggled(_ name: String, in file: SwiftFile) -> Bool {
        func names(_ text: String) -> Bool { text == name || text == "self.\(name)" || text == "$\(name).wrappedValue" }
        if file.index.calls.contains(where: { call in
            call.calleeName == "toggle" && call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { names($0.trimmedDescription) } == true
        }) {
            return true
        }
        return file.index.sequences.contains { isFlip($0) && names(Array($0.elements)[0].trimmedDescription) }
    }

    /// SwiftUI `TextField(…)` and `SecureField(…)` calls.
    static func swiftUIFields(named name: String, in file: SwiftFile) -> [FunctionCallExprSyntax] {
        file.index.calls.filter { $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name }
    }

    /// The binding a SwiftUI field edits (`$password`, `$viewModel.pin`), as written.
    static func binding(of field: FunctionCallExprSyntax) -> String? {
        field.argument("text")?.trimmedDescription
    }

    /// Whether a SwiftUI field's title, prompt or binding says it is for a secret.
    static func isSecretSwiftUIField(_ field: FunctionCallExprSyntax) -> Bool {
        if let binding = binding(of: field), isSecret(binding) { return true }
        let titles = [field.arguments.first.flatMap { $0.label == nil ? $0.expression : nil }, field.argument("prompt")].compactMap { $0 }
        return titles.contains { title in title.descendants(StringSegmentSyntax.self).contains { isSecret($0.content.text) } }
    }

    /// The `TextField`s that reveal what a `SecureField` of the same file edits, for a
    /// secret: one branch of an `if` on a Bool the file toggles (a "show password" button),
    /// the `SecureField` editing the same binding.
    static func revealingTextFields(in file: SwiftFile) -> [FunctionCallExprSyntax] {
        let secured = Set(swiftUIFields(named: "SecureField", in: file).compactMap(binding(of:)))
        guard !secured.isEmpty else { return [] }
        return swiftUIFields(named: "TextField", in: file).filter { field in
            guard let binding = binding(of: field), secured.contains(binding), isSecretSwiftUIField(field),
                let branch = Syntax(field).nearestAncestor([.ifExpr]), let condition = branch.as(IfExprSyntax.self)?.conditions.first?.condition
            else { return false }
            var flag = condition.trimmedDescription
            if flag.hasPrefix("!") { flag.removeFirst() }
            return isToggled(flag, in: file)
        }
    }

    /// Whether a SwiftUI field is one of ``revealingTextFields(in:)``' kind of `TextField`
    /// whatever its condition: a TextField and a SecureField of the file edit the same secret.
    static func isPairedWithSecureField(_ field: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let binding = binding(of: field) else { return false }
        return swiftUIFields(named: "SecureField", in: file).contains { self.binding(of: $0) == binding }
    }
}
