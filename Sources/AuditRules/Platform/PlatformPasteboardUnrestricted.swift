import SwiftSyntax
import AuditKit

/// Secrets written to the general pasteboard without `.localOnly` and an expiration:
/// every app can read them, and Universal Clipboard sends them to the user's other
/// devices.
struct PlatformPasteboardUnrestricted: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-pasteboard-unrestricted",
        title: "Sensitive value copied to the general pasteboard without restrictions",
        severity: .medium,
        category: .platform,
        masvs: "MASVS-PLATFORM-1",
        cwe: 200,
        rationale:
            "UIPasteboard.general is shared with every app on the device (any app can read it, some keyboards and SDKs do so routinely), it syncs to the user's other devices through Universal Clipboard, and it keeps the value until something else is copied. A password, one-time code, card number, IBAN or recovery phrase copied there outlives the moment it was needed.",
        fix:
            "Avoid copying secrets; when the user must copy one (a one-time code, an account number), write it with UIPasteboard.general.setItems([[UTType.plainText.identifier: value]], options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)]) so it stays on this device and disappears after a minute."
    )

    let skipsTestCode = true

    let triggers = ["UIPasteboard"]

    /// Rule-local vocabulary on top of SecretNames: account numbers and codes a user
    /// copies, and the roots of key hierarchies (a recovery or backup key, an entropy pool,
    /// a seed or mnemonic) from which every other key of the account is derived.
    private static let extraStems = [
        "iban", "accountnumber", "recoveryphrase", "seedphrase", "backupcode", "verificationcode", "cvc", "securitycode", "onetimecode",
        "recoverykey", "recoverycode", "backupkey", "entropy", "seed", "mnemonic",
    ]

    /// Whether an identifier names a secret worth keeping off the pasteboard.
    static func isSecretName(_ name: String) -> Bool {
        if SecretNames.isSensitive(name) { return true }
        let joined = SecretNames.splitWords(name).joined()
        return extraStems.contains { joined.contains($0) }
    }

    // MARK: Swift

    private static let writtenProperties: Set<String> = ["string", "strings", "items", "url", "urls"]
    private static let writeMethods: Set<String> = ["setValue", "setItems", "setString", "setData", "addItems", "setObjects"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var pasteboards: Set<String> = []
        for declaration in file.index.variables {
            for binding in declaration.bindings where binding.initializer?.value.trimmedDescription == "UIPasteboard.general" {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { pasteboards.insert(name) }
            }
        }
        func isGeneral(_ base: ExprSyntax?) -> Bool {
            guard let text = base?.trimmedDescription else { return false }
            return text == "UIPasteboard.general" || pasteboards.contains(text)
        }
        var matches: [Match] = []
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let target = elements[0].as(MemberAccessExprSyntax.self),
                Self.writtenProperties.contains(target.declName.baseName.text), isGeneral(target.base),
                let secret = secretName(in: elements[2], context: Syntax(sequence), file: file)
            else { continue }
            matches.append(Match(file.range(of: sequence), "\(secret) is copied to the general pasteboard, readable by every app and synced to other devices"))
        }
        for call in file.index.calls where Self.writeMethods.contains(call.calleeName) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), isGeneral(member.base),
                let value = call.arguments.first?.expression, let secret = secretName(in: value, context: Syntax(call), file: file)
            else { continue }
            var missing =
                ".localOnly and an expiration date: readable by every app, synced to the user's other devices through Universal Clipboard, kept until replaced"
            if call.calleeName == "setItems", let options = call.argument("options") {
                let text = optionsText(options, context: Syntax(call))
                let localOnly = text.contains(".localOnly:true") || text.contains("localOnly:true")
                let expires = text.contains(".expirationDate:") || text.contains("expirationDate:")
                if localOnly && expires { continue }
                if expires {
                    missing = ".localOnly (an expiration date alone still lets Universal Clipboard sync it to the user's other devices while it lasts)"
                } else if localOnly {
                    missing = "an expiration date: it stays readable by every app on the device until something else is copied"
                }
            }
            matches.append(Match(file.range(of: call), "\(secret) is copied to the general pasteboard without \(missing)"))
        }
        return matches
    }

    /// The options as written, without spaces; a local variable holding them is followed.
    private func optionsText(_ options: ExprSyntax, context: Syntax) -> String {
        if let name = options.as(DeclReferenceExprSyntax.self)?.baseName.text, let scope = context.enclosingBody {
            for binding in scope.descendants(PatternBindingSyntax.self) where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let value = binding.initializer?.value { return value.trimmedDescription.filter { !$0.isWhitespace } }
            }
        }
        return options.trimmedDescription.filter { !$0.isWhitespace }
    }

    /// The secret-named identifier the value holds (or the enclosing function's name,
    /// `copyOTP(_ code:)`, or the declared type of a property it reads, `let pool:
    /// AccountEntropyPool`), if any.
    private func secretName(in value: ExprSyntax, context: Syntax, file: SwiftFile) -> String? {
        let references =
            value.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
            + (value.as(DeclReferenceExprSyntax.self).map { [$0.baseName.text] } ?? [])
        let names = references + value.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
        if let name = names.first(where: Self.isSecretName) { return name }
        for name in references {
            for declaration in file.index.variables {
                for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    guard let type = binding.typeAnnotation?.type.trimmedDescription, Self.isSecretName(type) else { continue }
                    return "\(name) (\(type))"
                }
            }
        }
        if let reference = value.as(DeclReferenceExprSyntax.self), let function = context.enclosingFunctionDecl,
            Self.isSecretName(function.name.text),
            function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == reference.baseName.text })
        {
            return "\(reference.baseName.text) (in \(function.name.text))"
        }
        return nil
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for index in file.identifiers(named: "generalPasteboard") {
            guard index > 0, tokens[index - 1].text == "UIPasteboard" else { continue }
            // The statement around `[UIPasteboard generalPasteboard]`.
            var start = index
            while start > 0, ![";", "{", "}"].contains(tokens[start - 1].text) { start -= 1 }
            var end = index
            while end < tokens.count, tokens[end].text != ";" { end += 1 }
            let statement = tokens[start..<end]
            // `.string = value` or `setString:value`
            var valueStart: Int?
            var reportAt = start
            for position in statement.indices where position > index {
                let text = tokens[position].text
                if ["string", "strings", "items", "URL"].contains(text), position + 1 < end, tokens[position + 1].text == "=", tokens[position - 1].text == "."
                {
                    valueStart = position + 2
                    break
                }
                if ["setString", "setValue", "setItems", "setData", "addItems"].contains(text), position + 1 < end, tokens[position + 1].text == ":" {
                    valueStart = position + 2
                    reportAt = position
                    if text == "setItems", statement.contains(where: { $0.text == "UIPasteboardOptionLocalOnly" }),
                        statement.contains(where: { $0.text == "UIPasteboardOptionExpirationDate" })
                    {
                        valueStart = nil
                    }
                    break
                }
            }
            guard let valueStart, valueStart < end else { continue }
            let valueTokens = tokens[valueStart..<end].prefix { !["forPasteboardType", "options"].contains($0.text) }
            guard let secret = valueTokens.first(where: { $0.kind == .identifier && Self.isSecretName($0.text) }) else { continue }
            matches.append(
                Match(file.range(of: tokens[reportAt]), "\(secret.text) is copied to the general pasteboard, readable by every app and synced to other devices")
            )
        }
        return matches
    }
}
