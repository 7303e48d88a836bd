import SwiftSyntax

/// Secrets written to `UserDefaults` / `NSUserDefaults` / `@AppStorage`: a plain plist in
/// the app container, in backups, readable on a jailbroken device.
struct StorageSecretInUserDefaults: AuditRule {
    let metadata = RuleMetadata(
        id: "storage-secret-in-userdefaults",
        title: "Secret stored in UserDefaults",
        severity: .high,
        category: .storage,
        masvs: "MASVS-STORAGE-1",
        rationale: "UserDefaults is an unencrypted property list in the app's Library/Preferences folder. It is copied into device backups and is readable from the file system of a jailbroken or forensically imaged device. Tokens, passwords and PINs stored there leak.",
        fix: "Store secrets in the Keychain with an explicit accessibility class (DeviceTrust's Keychain.save), and keep only non-sensitive preferences in UserDefaults. Migrate existing values out and delete them from UserDefaults."
    )

    let triggers = ["UserDefaults", "AppStorage"]

    let examples: [RuleExample] = [
        .swift("""
        func didLogIn(token: String) {
            ↓UserDefaults.standard.set(token, forKey: "authToken")
        }
        """),
        .swift("""
        func remember(password: String) {
            let defaults = UserDefaults.standard
            ↓defaults.setValue(password, forKey: "userPassword")
        }
        """),
        .swift("""
        struct SettingsView: View {
            ↓@AppStorage("refresh_token") var refreshToken = ""
        }
        """),
        .swift("""
        final class Session {
            var accessToken: String? {
                get { UserDefaults.standard.string(forKey: Keys.session) }
                set { ↓UserDefaults.standard.set(newValue, forKey: Keys.session) }
            }
        }
        """),
        .swift("""
        func rememberTheme(_ theme: String) {
            UserDefaults.standard.set(theme, forKey: "selectedTheme")
            UserDefaults.standard.set(true, forKey: "hasSeenOnboarding")
        }
        """),
        .objectiveC("""
        - (void)didLogIn:(NSString *)token {
            [[NSUserDefaults standardUserDefaults] ↓setObject:token forKey:@"authToken"];
        }
        """),
        .objectiveC("""
        - (void)rememberTheme:(NSString *)theme {
            [[NSUserDefaults standardUserDefaults] setObject:theme forKey:@"theme"];
        }
        """),
    ]

    private static let setters: Set<String> = ["set", "setValue", "setObject"]

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        switch file {
        case .swift(let swift): checkSwift(swift)
        case .objectiveC(let objc): checkObjectiveC(objc)
        default: []
        }
    }

    private func checkSwift(_ file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        let defaultsNames = defaultsVariables(in: file)
        for call in file.index.calls where Self.setters.contains(call.calleeName) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                  isUserDefaults(base, defaultsNames: defaultsNames),
                  let key = call.argument("forKey"), let value = call.arguments.first?.expression else { continue }
            let keyText = (key.as(StringLiteralExprSyntax.self)?.literalValue) ?? key.trimmedDescription
            let valueText = value.trimmedDescription
            // The key names a secret, or the value is a secret-named variable (the key
            // may be a constant named innocuously: `Keys.session` for an access token).
            let enclosingProperty = call.enclosingVariableName
            guard SensitiveNames.isSensitive(keyText) || SensitiveNames.isSensitive(valueText)
                    || (valueText == "newValue" && enclosingProperty.map(SensitiveNames.isSensitive) == true) else { continue }
            matches.append(Match(file.range(of: call), "\(valueText) is stored in UserDefaults under \(keyText)"))
        }
        for attribute in file.index.attributes where attribute.attributeName.trimmedDescription == "AppStorage" {
            guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first?.expression,
                  let key = first.as(StringLiteralExprSyntax.self)?.literalValue, SensitiveNames.isSensitive(key) else { continue }
            matches.append(Match(file.range(of: attribute), "@AppStorage(\"\(key)\") keeps a secret in UserDefaults"))
        }
        return matches
    }

    /// Variables initialised from `UserDefaults.standard` or `UserDefaults(suiteName:)`.
    private func defaultsVariables(in file: SwiftFile) -> Set<String> {
        var names: Set<String> = []
        for declaration in file.index.variables {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let value = binding.initializer?.value.trimmedDescription, value.hasPrefix("UserDefaults") else { continue }
                names.insert(name)
            }
        }
        return names
    }

    private func isUserDefaults(_ base: ExprSyntax, defaultsNames: Set<String>) -> Bool {
        let text = base.trimmedDescription
        return text.hasPrefix("UserDefaults") || defaultsNames.contains(text)
    }

    private func checkObjectiveC(_ file: ObjectiveCFile) -> [Match] {
        var matches: [Match] = []
        let tokens = file.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier && ["setObject", "setValue"].contains(token.text) {
            guard index + 1 < tokens.count, tokens[index + 1].text == ":",
                  let statementStart = tokens[..<index].lastIndex(where: { $0.text == ";" || $0.text == "{" || $0.text == "}" }).map({ $0 + 1 }) ?? Optional(0),
                  tokens[statementStart..<index].contains(where: { $0.text == "NSUserDefaults" || $0.text.lowercased().contains("defaults") }) else { continue }
            let statementEnd = tokens[index...].firstIndex(where: { $0.text == ";" }) ?? tokens.count
            let statement = tokens[index..<statementEnd]
            let value = statement.dropFirst(2).first { $0.kind == .identifier || $0.kind == .string }?.text ?? ""
            var key = ""
            if let forKey = statement.firstIndex(where: { $0.text == "forKey" }), forKey + 2 < statementEnd {
                key = tokens[forKey + 2].text
            }
            guard SensitiveNames.isSensitive(key) || SensitiveNames.isSensitive(value) else { continue }
            matches.append(Match(file.range(of: token), "\(value) is stored in NSUserDefaults under \(key)"))
        }
        return matches
    }
}

extension SyntaxProtocol {
    /// The name of the variable whose accessor holds this node (`accessToken` inside its
    /// `set { … }`), if any.
    var enclosingVariableName: String? {
        var current = parent
        while let node = current {
            if let binding = node.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            current = node.parent
        }
        return nil
    }
}
