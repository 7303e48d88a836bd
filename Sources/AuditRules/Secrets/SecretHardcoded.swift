import Foundation
import SwiftSyntax
import AuditKit

// The example credentials below escape one character (`\u{5F}` for `_`, `\u{4A}` for
// `J`, …) so that the literals in this source file do not themselves match a credential
// format when the repository audits itself; the examples' text, once unescaped, does.

/// Credentials shipped inside the app: cloud and API keys of known formats anywhere in a
/// string, and high-entropy literals bound to secret-named names, in Swift, Objective-C,
/// property lists, xcconfig and bundled JSON. Anything in the bundle can be extracted
/// with `strings` or a class dump.
struct SecretHardcoded: AuditRule {
    let metadata = RuleMetadata(
        id: "secret-hardcoded",
        title: "Hard-coded credential or API secret",
        severity: .critical,
        category: .secrets,
        masvs: "MASVS-STORAGE-1",
        cwe: 798,
        rationale:
            "Everything compiled into the app — string literals, Info.plist values, xcconfig settings baked into the bundle, bundled JSON — can be read from the IPA with `strings`, class-dump or a decrypted binary in minutes. A cloud key (AWS, Stripe secret key, GitHub or Slack token, FCM server key, a private key) shipped this way gives every user, and every attacker, the backend privileges it grants, and it cannot be rotated without a release. Firebase's GoogleService-Info.plist API_KEY and Stripe publishable keys (pk_live_) and PostHog project keys (phc_) are public by design and are not reported; Google API keys elsewhere are, because they are often unrestricted. JWTs, private keys and entropy-based matches are not reported in test, mock, fixture and preview folders (test vectors and sample tokens), nor in scaffolding inside app folders: types and functions named Mock…, Fake…, Stub…, Dummy…, Spy… or …Mock, SwiftUI previews, and #if DEBUG blocks, which Release builds leave out; provider-format keys are reported everywhere. A constant whose value spells its own name (kPinCode = \"kPinCode\"), or whose every use in the file is a key, account or service argument of a Keychain, key-value store or UserDefaults call, names where a secret is stored and is not reported.",
        fix:
            "Remove the secret from the app and rotate it now. Keep server-side secrets on a server and give the app short-lived, per-user credentials (a session token obtained after login, stored with DeviceTrust's Keychain.save and an explicit Accessibility class); prove the app's identity with device keys and a server challenge instead of a shared API secret. Keep per-environment public identifiers in xcconfig, never secrets."
    )

    // Named bindings can have any secret-like name: always run (the check reads the
    // index's string literals or tokens only, which is cheap).
    let triggers: [String] = []

    /// A literal is judged where it is written, and by the uses of the constant it binds.
    let focusReach = FocusReach.users

    func checkText(_ file: TextFile, project _: ProjectFacts) -> [Match] {
        if file.path.lowercased().hasSuffix(".xcconfig") { return checkXcconfig(file) }
        return file.path.hasSuffix(SourceDiscovery.xcodeProjectName) ? [] : checkJSON(file)
    }

    // MARK: - Deciding

    /// The finding for `value` (the literal's content), bound to `name` if known.
    /// In code (`inCode`), a password-like name (`passwd`, `password:`) accepts any real
    /// value (``SecretFormats/looksLikePassword(_:name:)``); in data files (JSON, plists,
    /// xcconfig), where such keys often hold UI text, it needs a digit or a symbol.
    ///
    /// In scaffolding (test paths, `Mock…` types, previews, `#if DEBUG`) only strong
    /// provider formats are reported. A name-based match is dropped when the value spells
    /// the name (`kPinCode = "kPinCode"`) or `isStorageKey` says the binding only names
    /// where a secret is stored (``StorageKeyNames``).
    private func judge(
        _ value: String, name: String?, path: String, ignoringGoogleKeys: Bool = false, inCode: Bool = false, nameIsLabel: Bool = false,
        scaffolding: @autoclosure () -> Bool = false, isStorageKey: () -> Bool = { false }
    ) -> String? {
        let inTests = SecretFormats.isTestPath(path)
        if let hit = SecretFormats.find(in: value, ignoringGoogleKeys: ignoringGoogleKeys), !(hit.weakInTests && (inTests || scaffolding())) {
            return "\(hit.kind) (\(SecretFormats.redacted(hit.value))) is hard-coded" + (name.map { " in \($0)" } ?? "")
        }
        guard !inTests, let name, Self.bindsSecret(value, to: name, inCode: inCode), !scaffolding(), !isStorageKey() else { return nil }
        // `secureStore(password: "…")`: the name is the argument's label, not a variable.
        if nameIsLabel { return "a hard-coded secret (\(SecretFormats.redacted(value))) is passed as \(name):" }
        return "\(name) holds a hard-coded secret (\(SecretFormats.redacted(value)))"
    }

    /// The finding for `value` compared with the credential `name` (`password == "root"`).
    /// A password, PIN or passcode accepts any real value; a token or secret (also a
    /// lexer's `token`, compared with `"kSecAttrAccessible"`) needs a random-looking value
    /// that is not a code identifier.
    private func judgeComparison(_ value: String, name: String, path: String, scaffolding: @autoclosure () -> Bool = false) -> String? {
        guard !SecretFormats.isTestPath(path), Self.comparisonRevealsSecret(value, name: name), !scaffolding() else { return nil }
        return "\(name) is checked against a hard-coded value (\(SecretFormats.redacted(value)))"
    }

    /// Whether a value compared with `name` is a credential check: a secret value named
    /// like a password, PIN, passcode, secret or token (`passwordTextField.text` counts as
    /// its field).
    static func isCredentialName(_ name: String) -> Bool {
        guard SecretNames.isSensitive(name) else { return false }
        let words = SecretNames.splitWords(name)
        if let first = words.first, words.count > 1, SecretNames.predicateWords.contains(first) { return false }
        let credential = SecretNames.isPasswordLike(name) || words.contains("secret") || words.contains("token")
        guard credential else { return false }
        if SecretNames.isSecretValue(name) { return true }
        // `passwordField`, `pinTextField`: the field's text is meant.
        return ["field", "textfield", "input"].contains(words.last ?? "")
    }

    private static let secretHeaders: Set<String> = [
        "authorization", "x-api-key", "x-auth-token", "api-key", "apikey", "x-access-token", "proxy-authorization",
    ]

    private func isSecretName(_ name: String) -> Bool {
        Self.isSecretBindingName(name)
    }

    /// Whether a binding, label, key or header `name` says its value is a secret.
    static func isSecretBindingName(_ name: String) -> Bool {
        secretHeaders.contains(name.lowercased()) || SecretNames.isSecretValue(name)
    }

    /// Whether `value`, bound to `name` where it is written (outside tests, no provider
    /// format), is a hard-coded secret: the name says secret (not a crypto key, which
    /// crypto-hardcoded-key reports; not the value's own spelling) and the value looks like
    /// one. `inCode`: bound by a binding or label rather than a type's initializer.
    static func bindsSecret(_ value: String, to name: String, inCode: Bool) -> Bool {
        guard isSecretBindingName(name), !CryptoKeyNames.isCryptoKeyName(name), !StorageKeyNames.valueSpellsName(value, name: name) else { return false }
        let passwordLike = SecretNames.isPasswordLike(name)
        return inCode && passwordLike
            ? SecretFormats.looksLikePassword(value, name: name) || SecretFormats.looksLikeSecret(value, passwordLike: true)
            : SecretFormats.looksLikeSecret(value, passwordLike: passwordLike)
    }

    /// Whether a literal compared with credential `name` is a hard-coded secret: a real
    /// password-shaped value, and for a token or secret (not a password) one that looks
    /// like a secret and not like a name from code.
    static func comparisonRevealsSecret(_ value: String, name: String) -> Bool {
        SecretFormats.looksLikePassword(value, name: name)
            && (SecretNames.isPasswordLike(name) || SecretFormats.looksLikeSecret(value, passwordLike: false) && !SecretFormats.isCodeIdentifier(value))
    }

    // MARK: - Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        // One finding per value per declaration: a mock list repeating one sample
        // password, a header set twice.
        var reported: Set<String> = []
        func report(_ literal: StringLiteralExprSyntax, _ value: String, _ message: String) {
            guard reported.insert("\(Self.scopeID(of: literal))\u{0}\(value)").inserted else { return }
            matches.append(Match(file.range(of: literal), message))
        }
        for literal in file.index.strings {
            let isInterpolated = literal.segments.contains { !$0.is(StringSegmentSyntax.self) }
            if isInterpolated {
                // Each literal piece can still hold a whole credential.
                for element in literal.segments {
                    guard let content = element.as(StringSegmentSyntax.self)?.content.text, content.utf8.count >= 18,
                        let hit = SecretFormats.find(in: content),
                        !(hit.weakInTests && (SecretFormats.isTestPath(file.path) || TestScaffolding.contains(literal)))
                    else { continue }
                    report(literal, content, "\(hit.kind) (\(SecretFormats.redacted(hit.value))) is hard-coded")
                    break
                }
                continue
            }
            guard let value = literal.literalValue, value.utf8.count >= 4 else { continue }
            // The password or key of an encryption call is crypto-hardcoded-key's finding.
            if let argument = literal.parent?.as(LabeledExprSyntax.self), CryptoWrapperSinks.isKeyArgument(argument) { continue }
            if let compared = comparedCredential(of: literal) {
                if let message = judgeComparison(value, name: compared, path: file.path, scaffolding: TestScaffolding.contains(literal)) {
                    report(literal, value, message)
                }
                continue
            }
            let name = bindingName(of: literal)
            let labelled = literal.parent?.as(LabeledExprSyntax.self)?.label != nil
            // Shorter than six characters: only a value passed as `password:`.
            if value.utf8.count < 6, !(labelled && name.map(SecretNames.isPasswordLike) ?? false) { continue }
            // `PIN("…")`: a value of a type named like a secret is weaker evidence than a
            // binding or an argument label, and needs a digit or symbol and a letter.
            let typeNoun = !labelled && literal.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName.first?.isUppercase == true
            // `let kPin = "…"` used only as `forKey:`/`key:`/a lookup's key names a storage slot.
            let bound = Self.isBindingInitializer(literal)
            let isLabel = literal.parent?.as(LabeledExprSyntax.self)?.label?.text == name && name != nil
            guard
                let message = judge(
                    value, name: name, path: file.path, inCode: !typeNoun, nameIsLabel: isLabel, scaffolding: TestScaffolding.contains(literal),
                    isStorageKey: { bound && name.map { StorageKeyNames.onlyUsedAsKey($0, in: file) } ?? false })
            else { continue }
            report(literal, value, message)
        }
        return matches
    }

    /// Whether `literal` initialises a `let`/`var` (`let kPin = "…"`), possibly through
    /// `as String` or parentheses.
    private static func isBindingInitializer(_ literal: StringLiteralExprSyntax) -> Bool {
        var node = Syntax(literal)
        while let parent = node.parent,
            parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
                || parent.is(AsExprSyntax.self)
        {
            node = parent
        }
        return node.parent?.as(InitializerClauseSyntax.self)?.parent?.is(PatternBindingSyntax.self) == true
    }

    /// The declaration a finding belongs to, for reporting a value once per declaration:
    /// the innermost function, initializer, accessor or closure, else the member or
    /// top-level statement.
    private static func scopeID(of node: some SyntaxProtocol) -> SyntaxIdentifier {
        var current: Syntax? = node.parent
        while let step = current {
            if step.is(FunctionDeclSyntax.self) || step.is(InitializerDeclSyntax.self) || step.is(AccessorDeclSyntax.self)
                || step.is(ClosureExprSyntax.self) || step.is(MemberBlockItemSyntax.self) || step.is(SubscriptDeclSyntax.self)
                || step.is(CodeBlockItemSyntax.self) && step.parent?.parent?.is(SourceFileSyntax.self) == true
            {
                return step.id
            }
            current = step.parent
        }
        return node.id
    }

    /// The credential a literal is compared with: `password == "…"`, `"…" != pin`,
    /// `passwordField.text == "…"`; nil for any other literal.
    private func comparedCredential(of literal: StringLiteralExprSyntax) -> String? {
        guard let sequence = literal.parent?.as(SequenceExprSyntax.self) ?? literal.parent?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard let position = elements.firstIndex(where: { $0.id == literal.id || $0.id == literal.parent?.id }) else { return nil }
        func isEquality(_ index: Int) -> Bool {
            guard elements.indices.contains(index), let text = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return text == "==" || text == "!=" || text == "==="
        }
        let operand: ExprSyntax
        if isEquality(position - 1), position >= 2 {
            operand = elements[position - 2]
        } else if isEquality(position + 1), position + 2 < elements.count {
            operand = elements[position + 2]
        } else {
            return nil
        }
        let bare = BindingValues.unwrap(operand)
        var name: String?
        if let member = bare.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            // `passwordField.text`: the field names the value.
            if name == "text", let base = member.base.map(BindingValues.unwrap) {
                name = base.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? base.as(DeclReferenceExprSyntax.self)?.baseName.text
            }
        } else if let reference = bare.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        }
        guard let name, Self.isCredentialName(name) else { return nil }
        return name
    }

    /// The name a literal is bound to: `let apiKey = "…"`, `"api_key": "…"`,
    /// `Client(apiKey: "…")`, `provideAPIKey("…")`, `config.secret = "…"`,
    /// `var token: String { "…" }`, a default parameter value, or an HTTP header.
    private func bindingName(of literal: StringLiteralExprSyntax) -> String? {
        var node = Syntax(literal)
        // Through `"…" as String` and parentheses.
        while let parent = node.parent,
            parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
                || parent.is(AsExprSyntax.self)
        {
            node = parent
        }
        guard let parent = node.parent else { return nil }
        if let clause = parent.as(InitializerClauseSyntax.self) {
            if let binding = clause.parent?.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let parameter = clause.parent?.as(FunctionParameterSyntax.self) {
                return (parameter.secondName ?? parameter.firstName).text
            }
            return nil
        }
        if let element = parent.as(DictionaryElementSyntax.self), element.value.id == node.id {
            return element.key.as(StringLiteralExprSyntax.self)?.literalValue ?? element.key.lastName
        }
        if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            if let label = argument.label?.text { return label }
            if let header = call.argument("forHTTPHeaderField")?.as(StringLiteralExprSyntax.self)?.literalValue { return header }
            if call.arguments.first?.id == argument.id {
                // `keychain.set("…", forKey: "app Passcode")`, `store.set("…", key: .pin)`: the
                // value of a key-value or keychain wrapper is named by its key, when that says secret.
                // (Written plainly, as the pre-check reads it: `"…", forKey: "…"` or a name chain.)
                if argument.expression.id == literal.id, let key = call.argument("forKey") ?? call.argument("key"),
                    let keyName = Self.plainKeyName(key), Self.isSecretBindingName(keyName)
                {
                    return keyName
                }
                return Self.selectorNoun(call.calleeName)
            }
            return nil
        }
        if let sequence = parent.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id { return elements[0].lastName }
            return nil
        }
        // A computed property returning the literal.
        var current: Syntax? = parent
        for _ in 0..<7 {
            guard let step = current else { return nil }
            if let binding = step.as(PatternBindingSyntax.self) { return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            let passThrough =
                step.is(ReturnStmtSyntax.self) || step.is(CodeBlockItemSyntax.self) || step.is(CodeBlockItemListSyntax.self)
                || step.is(CodeBlockSyntax.self) || step.is(AccessorDeclSyntax.self) || step.is(AccessorDeclListSyntax.self)
                || step.is(AccessorBlockSyntax.self)
            guard passThrough else { return nil }
            current = step.parent
        }
        return nil
    }

    /// The name a `forKey:` argument gives: a plain literal's content (no escapes, not raw
    /// or multi-line) or the last name of `Keys.pin`, `.pin`, `pinKey`.
    private static func plainKeyName(_ key: ExprSyntax) -> String? {
        if let literal = key.as(StringLiteralExprSyntax.self) {
            guard literal.openingPounds == nil, literal.openingQuote.text == "\"", !literal.trimmedDescription.contains("\\") else { return nil }
            return literal.literalValue
        }
        guard key.is(MemberAccessExprSyntax.self) || key.is(DeclReferenceExprSyntax.self) else { return nil }
        let chain = key.trimmedDescription
        guard chain.utf8.allSatisfy({ $0 == 0x2E || SwiftTokens.isIdentifierPart($0) }) else { return nil }
        return chain.split(separator: ".").last.map(String.init)
    }

    /// `setApiKey` → `ApiKey`, `initWithAPIKey` → `APIKey`, `provideAPIKey` → `APIKey`: the
    /// noun a setter or initializer takes.
    static func selectorNoun(_ name: String) -> String {
        // SDK start calls whose first argument is the SDK's secret key (`[Flurry startSession:@"…"]`).
        if let noun = sdkKeySelectors[name] { return noun }
        for prefix in ["initWith", "with", "set", "provide", "configureWith", "use"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.first?.isUppercase == true { return String(rest) }
        }
        return name
    }

    /// Selectors and functions of analytics and crash SDKs that take the app's secret key
    /// unlabelled, with the noun a labelled form would use.
    static let sdkKeySelectors: [String: String] = ["startSession": "apiKey", "startWithAPIKey": "apiKey", "startWithApiKey": "apiKey"]

    // MARK: - Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        // The password or key of an encryption message is crypto-hardcoded-key's finding.
        let cryptoArguments = CryptoWrapperSinks.objectiveCArguments(in: tokens).map(\.argument)
        let scaffoldingRanges = TestScaffolding.objectiveCRanges(in: tokens)
        var reported: Set<String> = []
        func report(_ index: Int, _ message: String) {
            let scope = file.bodyRange(containing: index)?.lowerBound ?? -1
            guard reported.insert("\(scope)\u{0}\(tokens[index].text)").inserted else { return }
            matches.append(Match(file.range(of: tokens[index]), message))
        }
        for (index, token) in tokens.enumerated() where token.kind == .string && token.text.utf8.count >= 4 {
            if cryptoArguments.contains(where: { $0.contains(index) }) { continue }
            let scaffolding = scaffoldingRanges.contains { $0.contains(index) }
            if let compared = Self.objectiveCComparedCredential(of: index, in: tokens) {
                if let message = judgeComparison(token.text, name: compared, path: file.path, scaffolding: scaffolding) { report(index, message) }
                continue
            }
            let name = objectiveCName(of: index, in: tokens)
            // Shorter than six characters: only a value passed as `password:`.
            let labelled = index >= 2 && tokens[index - 1].text == ":" && tokens[index - 2].kind == .identifier
            if token.text.utf8.count < 6, !(labelled && name.map(SecretNames.isPasswordLike) ?? false) { continue }
            // `static NSString *kPin = @"…"` / `#define kPin @"…"` used only as a key.
            let declaration = Self.objectiveCDeclaration(of: index, in: tokens)
            guard
                let message = judge(
                    token.text, name: name, path: file.path, inCode: true, nameIsLabel: labelled && tokens[index - 2].text == name, scaffolding: scaffolding,
                    isStorageKey: {
                        guard let declaration, let name else { return false }
                        return Self.isDeclaredAsKeyType(declaration, in: tokens) || StorageKeyNames.onlyUsedAsKey(name, declaredAt: declaration, in: tokens)
                    })
            else { continue }
            report(index, message)
        }
        return matches
    }

    /// The token declaring the constant the string at `index` initialises:
    /// `NSString *const kPin = @"…"` or `#define kPin @"…"`; nil otherwise.
    private static func objectiveCDeclaration(of index: Int, in tokens: [ObjectiveCToken]) -> Int? {
        if index >= 3, tokens[index - 3].text == "#", tokens[index - 2].text == "define", tokens[index].inDirective, tokens[index - 1].kind == .identifier {
            return index - 1
        }
        if index >= 2, tokens[index - 1].text == "=", tokens[index - 2].kind == .identifier { return index - 2 }
        return nil
    }

    /// Whether the constant declared at `index` has a key type: a typedef of the string
    /// keys of a settings or dictionary API (`OCClassSettingsKey kPasscodeLockDelay =
    /// @"lockDelay"`, `NSNotificationName`, `…Identifier`), whose values name a slot.
    private static func isDeclaredAsKeyType(_ index: Int, in tokens: [ObjectiveCToken]) -> Bool {
        var position = index - 1
        while position >= 0, ["*", "const"].contains(tokens[position].text) { position -= 1 }
        guard position >= 0, tokens[position].kind == .identifier else { return false }
        let type = tokens[position].text
        return type != "NSString" && ["Key", "Identifier", "Name"].contains { type.hasSuffix($0) }
    }

    /// `[password isEqualToString:@"…"]`, `[self.pinField.text isEqualToString:@"…"]`:
    /// the credential the string at `index` is compared with, or nil.
    static func objectiveCComparedCredential(of index: Int, in tokens: [ObjectiveCToken]) -> String? {
        guard index >= 3, tokens[index - 1].text == ":", tokens[index - 2].text == "isEqualToString" || tokens[index - 2].text == "isEqual" else { return nil }
        // The receiver: back to the `[` that opens the message.
        var depth = 0
        var position = index - 3
        var identifiers: [String] = []
        while position >= 0 {
            let text = tokens[position].text
            if tokens[position].kind == .punctuation {
                if text == "]" || text == ")" { depth += 1 }
                if text == "[" || text == "(" {
                    if depth == 0 { break }
                    depth -= 1
                }
            }
            if depth == 0, tokens[position].kind == .identifier { identifiers.append(text) }
            if tokens[position].kind == .string, depth == 0 { return nil }
            position -= 1
        }
        guard position >= 0, tokens[position].text == "[", var name = identifiers.first else { return nil }
        if name == "text", identifiers.count > 1 { name = identifiers[1] }
        return isCredentialName(name) ? name : nil
    }

    /// `#define NAME @"…"`, `NSString *const NAME = @"…"`, `char NAME[] = "…"`,
    /// `@"api_key": @"…"`, `[client setApiKey:@"…"]`, `… forHTTPHeaderField:@"Authorization"`.
    private func objectiveCName(of index: Int, in tokens: [ObjectiveCToken]) -> String? {
        func text(_ offset: Int) -> String? {
            let position = index + offset
            return position >= 0 && position < tokens.count ? tokens[position].text : nil
        }
        if index + 3 < tokens.count, tokens[index + 1].text == "forHTTPHeaderField", tokens[index + 3].kind == .string {
            return tokens[index + 3].text
        }
        if index >= 3, text(-3) == "#", text(-2) == "define", tokens[index].inDirective { return text(-1) }
        guard index >= 2 else { return nil }
        let previous = tokens[index - 1]
        if previous.text == "=" {
            if tokens[index - 2].kind == .identifier { return tokens[index - 2].text }
            if tokens[index - 2].text == "]", index >= 4, tokens[index - 3].text == "[" { return tokens[index - 4].text }
            if tokens[index - 2].text == "]", index >= 5, tokens[index - 4].text == "[" { return tokens[index - 5].text }
            return nil
        }
        if previous.text == ":" {
            let before = tokens[index - 2]
            if before.kind == .string { return before.text }
            if before.kind == .identifier { return Self.selectorNoun(before.text) }
        }
        return nil
    }

    // MARK: - Property lists

    /// A built app's binaries: credentials of a known format among their C strings (what
    /// `strings` shows a reviewer). Values without a known format are not judged there:
    /// the names that make them secrets are gone from a binary.
    func checkBinary(_ file: BinaryFile, project _: ProjectFacts) -> [Match] {
        file.cStrings.compactMap { string in
            guard let hit = SecretFormats.find(in: string.text) else { return nil }
            return Match(
                BinaryLocation(section: string.section, offset: string.fileOffset),
                "\(hit.kind) (\(SecretFormats.redacted(hit.value))) is hard-coded in the binary's strings")
        }
    }

    func checkPropertyList(_ file: PropertyListFile, project _: ProjectFacts) -> [Match] {
        // Also `mock-GoogleService-Info.plist`, `GoogleService-Info-Staging.plist`: the same Firebase client file.
        let isGoogleService = (file.path as NSString).lastPathComponent.contains("GoogleService-Info")
        var found: [(key: String?, value: String, message: String)] = []
        func visit(_ value: PropertyListValue, key: String?) {
            switch value {
            case .string(let text):
                // GoogleService-Info.plist's keys are client identifiers, public by design.
                let name = isGoogleService ? nil : key
                if text.utf8.count >= 6, let message = judge(text, name: name, path: file.path, ignoringGoogleKeys: isGoogleService) {
                    found.append((key, text, message))
                }
            case .array(let items):
                for item in items { visit(item, key: key) }
            case .dictionary(let entries):
                for (entryKey, entryValue) in entries.sorted(by: { $0.key < $1.key }) { visit(entryValue, key: entryKey) }
            default:
                break
            }
        }
        visit(file.root, key: nil)
        return found.map { Match(location(in: file, key: $0.key, value: $0.value), $0.message) }
    }

    /// The `<string>` holding `value` (after `<key>key</key>` when possible).
    private func location(in file: PropertyListFile, key: String?, value: String) -> SourceRange {
        guard let text = file.text else { return SourceRange(line: 1, column: 1) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let firstLine = value.split(separator: "\n").first.map(String.init) ?? value
        let escaped = firstLine.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
        let needle = "<string>" + escaped
        var start = 0
        if let key, let keyLine = lines.firstIndex(where: { $0.contains("<key>\(key)</key>") }) { start = keyLine }
        for offset in [start, 0] {
            for (number, line) in lines.enumerated().dropFirst(offset) {
                if let found = line.range(of: needle) {
                    let column = line.utf8.distance(from: line.startIndex, to: found.lowerBound) + 1
                    return SourceRange(line: number + 1, column: column)
                }
            }
        }
        return SourceRange(line: 1, column: 1)
    }

    // MARK: - xcconfig and JSON

    private func checkXcconfig(_ file: TextFile) -> [Match] {
        var matches: [Match] = []
        for (number, line) in file.lines.enumerated() {
            var content = line
            if let comment = content.range(of: "//") { content = content[..<comment.lowerBound] }
            guard let equals = content.firstIndex(of: "=") else { continue }
            var name = content[..<equals].trimmingCharacters(in: .whitespaces)
            if let condition = name.firstIndex(of: "[") { name = String(name[..<condition]) }
            let rawValue = content[content.index(after: equals)...]
            let value = rawValue.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard !name.isEmpty, value.utf8.count >= 6, let message = judge(value, name: name, path: file.path) else { continue }
            let leading = rawValue.prefix { $0 == " " || $0 == "\t" || $0 == "\"" }
            let column = line.utf8.distance(from: line.startIndex, to: rawValue.startIndex) + leading.utf8.count + 1
            matches.append(Match(SourceRange(line: number + 1, column: column), message))
        }
        return matches
    }

    private func checkJSON(_ file: TextFile) -> [Match] {
        guard file.path.lowercased().hasSuffix(".json") else { return [] }
        var matches: [Match] = []
        for string in JSONStrings.scan(file.text) where string.value.utf8.count >= 6 && !string.isKey {
            guard let message = judge(string.value, name: string.key, path: file.path) else { continue }
            matches.append(Match(SourceRange(line: string.line, column: string.column), message))
        }
        return matches
    }
}
