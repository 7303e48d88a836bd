import SwiftSyntax
import AuditKit

/// Secrets written to `UserDefaults` / `NSUserDefaults` / `@AppStorage`: a plain plist in
/// the app container, in backups, readable on a jailbroken device.
struct StorageSecretInUserDefaults: AuditRule {
    let metadata = RuleMetadata(
        id: "storage-secret-in-userdefaults",
        title: "Secret stored in UserDefaults",
        severity: .high,
        category: .storage,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        rationale:
            "UserDefaults is an unencrypted property list in the app's Library/Preferences folder. It is copied into device backups and is readable from the file system of a jailbroken or forensically imaged device. Tokens, passwords and PINs stored there leak.",
        fix:
            "Store secrets in the Keychain with an explicit accessibility class (DeviceTrust's Keychain.save), and keep only non-sensitive preferences in UserDefaults. Migrate existing values out and delete them from UserDefaults."
    )

    let triggers = ["Defaults", "defaults", "AppStorage"]

    /// In Swift, a secret-named identifier or key somewhere in the file (a value, a key, a
    /// type or one of its stored properties), or a wrapper that stores its parameter
    /// (`func store(_ value: String?, for key: Keys) { defaults.set(value, forKey:
    /// key.storageKey) }`), reported at its callers, which name the secret. Either way the
    /// check reads only `forKey:` setters and `@AppStorage`.
    let preCheck = PreCheck.all([
        .swiftIdentifier(["forKey", "AppStorage"]),
        .any([.swiftSecretNames, .all([.swiftText(["func "]), .swiftText([".set("]), .swiftText(["forKey"])])]),
    ])

    private static let setters: Set<String> = ["set", "setValue", "setObject"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        let defaultsNames = defaultsVariables(in: file)
        for call in file.index.calls where Self.setters.contains(call.calleeName) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                isUserDefaults(base, defaultsNames: defaultsNames),
                let key = call.argument("forKey"), let value = call.arguments.first?.expression
            else { continue }
            let literalKey = key.as(StringLiteralExprSyntax.self)?.literalValue
            let keyText = literalKey ?? key.trimmedDescription
            let valueText = value.trimmedDescription
            // The key names a secret, or the value is a secret-named variable (the key
            // may be a constant named innocuously: `Keys.session` for an access token).
            // A fact about a secret (`failedPinAttempts`, `passcodeEnabled`) is no secret.
            let enclosingProperty = call.enclosingVariableName
            let keyName = literalKey ?? Self.keyName(Self.withoutRawValue(key)) ?? keyText
            // A push or change token stored under its own key: an identifier, not a credential.
            if SecretNames.isNonCredentialToken(SecretNames.splitWords(keyName)) { continue }
            guard
                Self.namesSecret(keyText) && !SecretNames.describesSecret(keyName)
                    || SecretNames.isSensitive(valueText) && !Self.isFact(value)
                    || (valueText == "newValue" && enclosingProperty.map(Self.namesSecret) == true)
            else { continue }
            matches.append(Match(file.range(of: call), "\(Self.describe(value)) is stored in UserDefaults under \(keyText)"))
        }
        matches += wrapperCalls(in: file, defaultsNames: defaultsNames)
        for attribute in file.index.attributes where attribute.attributeName.trimmedDescription == "AppStorage" {
            guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first?.expression,
                let key = first.as(StringLiteralExprSyntax.self)?.literalValue, Self.namesSecret(key)
            else { continue }
            matches.append(Match(file.range(of: attribute), "@AppStorage(\"\(key)\") keeps a secret in UserDefaults"))
        }
        return matches
    }

    /// Whether a key or property name names a secret, not a fact about one
    /// (`failedPasscodeAttempts`, `pinEnabled`, `tokenExpiryDate`: a count, a flag, a date).
    private static func namesSecret(_ name: String) -> Bool {
        SecretNames.isSensitive(name) && !SecretNames.describesSecret(name)
    }

    /// Whether a stored value is a fact about a secret rather than the secret: a number or
    /// Boolean literal, arithmetic or a comparison, a fact-named value (`failedPinAttempts`,
    /// `passcodeEnabled`), or a secret's `count` / `isEmpty`.
    private static func isFact(_ value: ExprSyntax) -> Bool {
        let bare = BindingValues.unwrap(value)
        if bare.is(IntegerLiteralExprSyntax.self) || bare.is(FloatLiteralExprSyntax.self) || bare.is(BooleanLiteralExprSyntax.self)
            || bare.is(NilLiteralExprSyntax.self)
        {
            return true
        }
        if let sequence = bare.as(SequenceExprSyntax.self) {
            let operators = sequence.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            return !operators.isEmpty && !operators.contains("??")
        }
        guard let name = bare.lastName else { return false }
        // An enum's raw value (`newValue.rawValue`): a setting, a mode, a choice.
        return name == "count" || name == "isEmpty" || name == "rawValue" || SecretNames.describesSecret(name)
    }

    /// `Keys.passcodeKeyboardType.rawValue` → `Keys.passcodeKeyboardType`: an enum case
    /// used as a key names the slot by the case, not by `rawValue`.
    private static func withoutRawValue(_ key: ExprSyntax) -> ExprSyntax {
        let bare = BindingValues.unwrap(key)
        guard let member = bare.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue", let base = member.base else { return key }
        return base
    }

    /// The value as written, or "a hard-coded string" for a literal (never its text).
    private static func describe(_ value: ExprSyntax) -> String {
        BindingValues.unwrap(value).is(StringLiteralExprSyntax.self) ? "a hard-coded string" : value.trimmedDescription
    }

    /// Last words of a key (an enum case, a constant) that name a credential.
    private static let credentialWords: Set<String> = ["password", "passwd", "passcode", "pin", "token", "secret", "credential", "credentials", "otp", "cvv"]

    /// Calls of a same-file wrapper that stores its first parameter in UserDefaults
    /// (`private func store(_ value: String?, for key: Keys) { defaults.set(value, forKey: key.storageKey) }`)
    /// with a secret: `store(token, for: .twoFactorToken(email: email))`.
    private func wrapperCalls(in file: SwiftFile, defaultsNames: Set<String>) -> [Match] {
        var wrappers: Set<String> = []
        for call in file.index.calls where Self.setters.contains(call.calleeName) {
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base, isUserDefaults(base, defaultsNames: defaultsNames),
                call.argument("forKey") != nil, let value = call.arguments.first?.expression,
                let stored = BindingValues.unwrap(value).as(DeclReferenceExprSyntax.self)?.baseName.text,
                let function = call.enclosingBody?.as(FunctionDeclSyntax.self),
                let first = function.signature.parameterClause.parameters.first, (first.secondName ?? first.firstName).text == stored
            else { continue }
            wrappers.insert(Self.signature(function.name.text, function.signature.parameterClause.parameters.map { $0.firstName.text }))
        }
        guard !wrappers.isEmpty else { return [] }
        var matches: [Match] = []
        for call in file.index.calls where call.arguments.count >= 2 {
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            guard wrappers.contains(Self.signature(call.calleeName, labels)), isLocalCall(call),
                let value = call.arguments.first?.expression, let key = call.arguments.dropFirst().first?.expression
            else { continue }
            let valueName = BindingValues.unwrap(value).lastName
            let keyName = Self.keyName(key)
            // `encryptedPin`, `hashedPassword`: what is stored is no longer the secret.
            guard ![valueName, keyName].contains(where: { $0.map(Self.isTransformedName) == true }) else { continue }
            let secretValue = valueName.map(SensitiveValues.isSecretName) == true
            let secretKey = keyName.flatMap { SecretNames.splitWords($0).last }.map { Self.credentialWords.contains($0) } == true
            guard secretValue || secretKey else { continue }
            matches.append(
                Match(file.range(of: call), "\(Self.describe(value)) is stored in UserDefaults under \(key.trimmedDescription) by \(call.calleeName)(…)"))
        }
        return matches
    }

    private static func isTransformedName(_ name: String) -> Bool {
        guard let first = SecretNames.splitWords(name).first else { return false }
        return ["encrypted", "hashed", "sealed", "wrapped", "protected", "obfuscated"].contains(first)
    }

    /// `.twoFactorToken(email: e)` → `twoFactorToken`; `Keys.authToken` → `authToken`; `"pin"` → `pin`.
    private static func keyName(_ key: ExprSyntax) -> String? {
        let bare = BindingValues.unwrap(key)
        if let call = bare.as(FunctionCallExprSyntax.self) { return call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
        if let literal = bare.as(StringLiteralExprSyntax.self) { return literal.literalValue }
        return bare.lastName
    }

    private static func signature(_ name: String, _ labels: [String]) -> String {
        name + "(" + labels.joined(separator: ":") + ")"
    }

    private func isLocalCall(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription else { return false }
        return base == "self" || base == "Self"
    }

    /// Variables initialised from `UserDefaults.standard` or `UserDefaults(suiteName:)`,
    /// or declared with the type `UserDefaults` (`let defaults: UserDefaults? = …`).
    private func defaultsVariables(in file: SwiftFile) -> Set<String> {
        var names: Set<String> = []
        for declaration in file.index.variables {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let type = binding.typeAnnotation?.type.trimmedDescription.trimmingCharacters(in: ["?", "!"])
                let value = binding.initializer?.value.trimmedDescription
                if type == "UserDefaults" || value?.hasPrefix("UserDefaults") == true { names.insert(name) }
            }
        }
        return names
    }

    /// `UserDefaults.standard`, a defaults variable, also as `defaults?`, `defaults!` or `self.defaults`.
    private func isUserDefaults(_ base: ExprSyntax, defaultsNames: Set<String>) -> Bool {
        var text = BindingValues.unwrap(base).trimmedDescription
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text.hasPrefix("UserDefaults") || defaultsNames.contains(text)
    }

    private static let objectiveCSetters: Set<String> = ["setObject", "setValue"]

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        let tokens = file.tokens
        let defaultsNames = objectiveCDefaultsVariables(in: tokens)
        for (index, token) in tokens.enumerated() where token.kind == .identifier && Self.objectiveCSetters.contains(token.text) {
            guard index + 1 < tokens.count, tokens[index + 1].text == ":",
                let open = (0..<index).reversed().first(where: {
                    tokens[$0].text == "[" && ObjectiveCSyntax.matching(tokens, open: $0).map { $0 > index } == true
                }),
                let close = ObjectiveCSyntax.matching(tokens, open: open), open + 1 < index
            else { continue }
            // The receiver: `[NSUserDefaults standardUserDefaults]`, `defaults`, `self.defaults`, or a
            // local or property assigned `[NSUserDefaults standardUserDefaults]` / `initWithSuiteName:`.
            let receiver = tokens[(open + 1)..<index]
            let receiverName = receiver.last { $0.kind == .identifier }?.text ?? ""
            guard
                receiver.contains(where: { $0.text == "NSUserDefaults" }) || receiverName.lowercased().contains("defaults")
                    || (receiver.allSatisfy { $0.kind == .identifier || $0.text == "." } && defaultsNames.contains(receiverName))
            else { continue }
            guard let forKey = ((index + 2)..<close).first(where: { tokens[$0].text == "forKey" && depth(from: index + 2, to: $0, in: tokens) == 0 }),
                forKey + 2 <= close
            else { continue }
            let valueRange = (index + 2)..<forKey
            let key = tokens[forKey + 2].text
            let valueText = Self.describe(valueRange, in: tokens)
            guard Self.namesSecret(key) || isSecretValue(valueRange, in: tokens) else { continue }
            matches.append(Match(file.range(of: token), "\(valueText) is stored in NSUserDefaults under \(key)"))
        }
        return matches
    }

    /// Identifiers assigned an NSUserDefaults object: `NSUserDefaults *d = [NSUserDefaults standardUserDefaults]`,
    /// `self.defaults = [[NSUserDefaults alloc] initWithSuiteName:…]`.
    private func objectiveCDefaultsVariables(in tokens: [ObjectiveCToken]) -> Set<String> {
        var names: Set<String> = []
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == "NSUserDefaults" {
            var position = index - 1
            while position >= 0 && tokens[position].text == "[" { position -= 1 }
            guard position >= 1, tokens[position].text == "=", tokens[position - 1].kind == .identifier,
                index + 1 < tokens.count, ["standardUserDefaults", "alloc"].contains(tokens[index + 1].text)
            else { continue }
            names.insert(tokens[position - 1].text)
        }
        return names
    }

    private func depth(from start: Int, to end: Int, in tokens: [ObjectiveCToken]) -> Int {
        var depth = 0
        for position in start..<end where tokens[position].kind == .punctuation {
            if ["(", "[", "{"].contains(tokens[position].text) { depth += 1 }
            if [")", "]", "}"].contains(tokens[position].text) { depth -= 1 }
        }
        return depth
    }

    /// A secret-named identifier in the value (`self.password.text`, `token`), or the text
    /// of a secret-named field (`_pinField.text`, `[self.passwordTextField text]`).
    private func isSecretValue(_ range: Range<Int>, in tokens: [ObjectiveCToken]) -> Bool {
        let identifiers = tokens[range].filter { $0.kind == .identifier }
        if identifiers.contains(where: { SensitiveValues.isSecretName($0.text) }) { return true }
        guard identifiers.count >= 2, identifiers.last?.text == "text" else { return false }
        return SecretNames.isSensitive(identifiers[identifiers.count - 2].text)
    }

    /// The value expression as written (`self.password.text`), or "a hard-coded string".
    private static func describe(_ range: Range<Int>, in tokens: [ObjectiveCToken]) -> String {
        let slice = tokens[range]
        if slice.count == 1, slice.first?.kind == .string { return "a hard-coded string" }
        var text = ""
        var previous: ObjectiveCToken?
        for token in slice {
            let word = token.kind != .punctuation
            if let previous, word, previous.kind != .punctuation || previous.text == "]" { text += " " }
            text += token.kind == .string ? "@\"…\"" : token.text
            previous = token
        }
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

extension SyntaxProtocol {
    /// The name of the variable whose accessor holds this node (`accessToken` inside its
    /// `set { … }`), if any.
    var enclosingVariableName: String? {
        nearestAncestor([.patternBinding])?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
}
