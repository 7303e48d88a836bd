import SwiftSyntax
import AuditKit

/// `LAContext.evaluatePolicy` whose success alone unlocks a session or a secret: the Bool
/// lives in the app's memory, and one hook (Frida, a patched branch) flips it.
struct AuthBiometricBoolGate: AuditRule {
    let metadata = RuleMetadata(
        id: "auth-biometric-bool-gate",
        title: "Biometric check's Bool alone unlocks a session or a secret",
        severity: .high,
        category: .auth,
        masvs: "MASVS-AUTH-2",
        cwe: 603,
        rationale:
            "evaluatePolicy only hands the app a Bool in its own process: nothing cryptographic happens on success. A hooking tool (Frida, objection's `ios ui biometrics_bypass`) or a patched branch makes the reply say success, and code that then sets isLoggedIn, shows the main screen, reads a token from a Keychain item without access control or returns a stored credential grants access without any face or finger. The server cannot verify the Bool either.",
        fix:
            "Make the secret itself require biometry: store it in a Keychain item created with kSecAttrAccessControl (SecAccessControlCreateWithFlags with .biometryCurrentSet) and read it with the LAContext in kSecUseAuthenticationContext, or better, keep a Secure Enclave key with .biometryCurrentSet that signs a fresh server challenge (DeviceTrust's device keys with server challenges), so the server decides. Use the Bool alone only to hide UI that guards nothing."
    )

    let skipsTestCode = true

    // SecAccessControlCreateWithFlags: the declaration storing the item read after the
    // check decides whether that read needs biometry itself.
    let triggers = ["evaluatePolicy", "iometric", "aceID", "ouchID", "SecAccessControlCreateWithFlags"]

    /// For Swift: the file calls `evaluatePolicy`, or creates access control (whose
    /// biometry flags silence the rule), or names something biometric together with
    /// something that authenticates, verifies, evaluates or unlocks (a biometric wrapper's
    /// call): the only places the check reports or reads.
    let preCheck = PreCheck.any([
        .swiftIdentifier(["evaluatePolicy", "SecAccessControlCreateWithFlags"]),
        .all([.swiftIdentifierContaining(Self.biometricWords), .swiftIdentifierContaining(Self.actionWords)]),
    ])

    // MARK: Swift

    static let biometricWords = ["biometr", "faceid", "touchid", "localauth"]
    static let actionWords = ["auth", "verify", "evaluate", "unlock"]
    private static let completionNames: Set<String> = ["completion", "completionHandler", "handler", "callback", "onSuccess", "reply", "resume", "fulfill"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        // Functions of this file that run evaluatePolicy and hand its Bool to their caller.
        var wrappers: Set<String> = []
        for call in file.index.calls where call.calleeName == "evaluatePolicy" {
            if let function = call.enclosingFunctionDecl { wrappers.insert(function.name.text) }
        }
        var matches: [Match] = []
        for call in file.index.calls {
            let name = call.calleeName
            let isEvaluate = name == "evaluatePolicy"
            if !isEvaluate {
                let loweredName = name.lowercased()
                // `canAuthenticateWithBiometrics()`, `isBiometryAvailable()`: a question about
                // the device, not an authentication result.
                let asksAvailability =
                    ["can", "is", "has", "supports", "should"].contains { loweredName.hasPrefix($0) }
                    || ["available", "supported", "enrolled", "enabled"].contains { loweredName.contains($0) }
                let isWrapper =
                    wrappers.contains(name)
                    || (!asksAvailability && Self.actionWords.contains { loweredName.contains($0) }
                        && Self.biometricWords.contains { call.calleeText.lowercased().contains($0) })
                guard isWrapper, call.enclosingFunctionDecl?.name.text != name else { continue }
            }
            let contextName = isEvaluate ? call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription : nil
            guard let action = unlockAction(after: call, in: file, contextName: contextName) else { continue }
            let what = isEvaluate ? "evaluatePolicy's success" : "\(name)'s biometric result"
            matches.append(Match(file.range(of: call), "\(what) alone \(action), with nothing cryptographic bound to the biometry"))
        }
        return matches
    }

    /// What the code that runs only on success does to unlock, or nil when it does
    /// nothing that needs protecting or uses the biometry properly.
    private func unlockAction(after call: FunctionCallExprSyntax, in file: SwiftFile, contextName: String?) -> String? {
        // Completion handler: `{ success, error in … }`.
        if let closure = call.trailingClosure ?? call.arguments.lazy.compactMap({ $0.expression.as(ClosureExprSyntax.self) }).first {
            guard let flag = firstParameter(of: closure) else { return nil }
            if let copied = flagCopy(of: flag, in: Syntax(closure.statements)) { return copied }
            return firstAction(file, in: Syntax(closure.statements), scope: Syntax(closure), contextName: contextName) { node in
                BranchCondition.around(node, in: Syntax(closure)).contains { condition in
                    condition.meansTrue(flag)
                        || (condition.side == .within && condition.mentions(identifier: flag)
                            && (condition.text.contains(".success") || condition.text.contains("true")))
                }
            }
        }
        // async: find the statement holding the call.
        var node = Syntax(call)
        var throwsOnFailure = false
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            if parent.is(TryExprSyntax.self) { throwsOnFailure = true }
            node = parent
        }
        guard let parent = node.parent else { return nil }
        if let element = parent.as(ConditionElementSyntax.self) {
            if let ifExpr = element.parent?.parent?.as(IfExprSyntax.self) {
                return firstAction(file, in: Syntax(ifExpr.body), scope: Syntax(ifExpr.body), contextName: contextName) { _ in true }
            }
            if let guardStmt = element.parent?.parent?.as(GuardStmtSyntax.self) {
                return actionAfter(file, statement: Syntax(guardStmt), contextName: contextName)
            }
            return nil
        }
        if let initializer = parent.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let flag = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let scope = call.enclosingBody
        {
            guard let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return nil }
            let end = declaration.endPosition
            if let copied = flagCopy(of: flag, in: scope) { return copied }
            return firstAction(file, in: scope, scope: scope, contextName: contextName) { node in
                node.position >= end && BranchCondition.around(node, in: scope).contains { $0.meansTrue(flag) }
            }
        }
        // `try await context.evaluatePolicy(…)` as a statement, or `_ = …`: it throws on
        // failure, so everything after it is the success path.
        guard throwsOnFailure else { return nil }
        if parent.is(CodeBlockItemSyntax.self) || parent.is(ExpressionStmtSyntax.self) {
            return actionAfter(file, statement: node, contextName: contextName)
        }
        if let sequence = parent.as(SequenceExprSyntax.self), sequence.elements.first?.is(DiscardAssignmentExprSyntax.self) == true {
            return actionAfter(file, statement: Syntax(sequence), contextName: contextName)
        }
        return nil
    }

    /// `self.isUnlocked = success`: the Bool itself becomes the session flag.
    private func flagCopy(of flag: String, in root: Syntax) -> String? {
        for sequence in root.descendants(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == flag,
                let name = elements[0].lastName
            else { continue }
            let lowered = name.lowercased()
            if Self.sessionWords.contains(where: { lowered.contains($0) }) { return "sets \(name) = \(flag)" }
        }
        return nil
    }

    /// The first unlock action in the statements after `statement` in its block.
    private func actionAfter(_ file: SwiftFile, statement: Syntax, contextName: String?) -> String? {
        var current: Syntax? = statement
        while let node = current, !node.is(CodeBlockItemSyntax.self) { current = node.parent }
        guard let item = current?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        let end = item.endPosition
        return firstAction(file, in: Syntax(list), scope: Syntax(list), contextName: contextName) { $0.position >= end }
    }

    private func firstParameter(of closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): return list.first.map { $0.name.text }.flatMap { $0 == "_" ? nil : $0 }
        case .parameterClause(let clause): return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }.flatMap { $0 == "_" ? nil : $0 }
        case nil: return closure.statements.isEmpty ? nil : "$0"
        @unknown default: return nil
        }
    }

    /// The first unlock action under `root` that `onSuccess` accepts; nil when none, or
    /// when the success path uses the biometry properly (an access-controlled read with
    /// the context, a signature).
    private func firstAction(
        _ file: SwiftFile, in root: Syntax, scope: Syntax, contextName: String?, followsCallees: Bool = true,
        onSuccess: (Syntax) -> Bool
    ) -> String? {
        let calls = root.descendants(FunctionCallExprSyntax.self).filter { onSuccess(Syntax($0)) }
        let references = root.descendants(DeclReferenceExprSyntax.self).filter { onSuccess(Syntax($0)) }
        if references.contains(where: { Self.properUse.contains($0.baseName.text) }) { return nil }
        if calls.contains(where: { ["signature", "sign", "SecKeyCreateSignature", "evaluateAccessControl"].contains($0.calleeName) }) { return nil }
        if let contextName, calls.contains(where: { call in call.arguments.contains { $0.expression.trimmedDescription == contextName } }) {
            return nil
        }
        var found: [(position: AbsolutePosition, text: String)] = []
        for sequence in root.descendants(SequenceExprSyntax.self) where onSuccess(Syntax(sequence)) {
            if let text = assignmentAction(sequence) { found.append((sequence.position, text)) }
        }
        for call in calls {
            if let text = callAction(call, file, followsCallees: followsCallees) { found.append((call.position, text)) }
        }
        for subscriptCall in root.descendants(SubscriptCallExprSyntax.self) where onSuccess(Syntax(subscriptCall)) {
            let base = subscriptCall.calledExpression.trimmedDescription
            if base.lowercased().contains("keychain"), subscriptCall.arguments.contains(where: { SecretNames.isSensitive($0.expression.trimmedDescription) }) {
                found.append((subscriptCall.position, "reads a secret from \(subscriptCall.trimmedDescription)"))
            }
        }
        for statement in root.descendants(ReturnStmtSyntax.self) where onSuccess(Syntax(statement)) {
            guard let value = statement.expression, !value.is(FunctionCallExprSyntax.self),
                let name = value.lastName, SecretNames.isSensitive(name)
            else { continue }
            found.append((statement.position, "returns the stored \(name)"))
        }
        return found.min { $0.position < $1.position }?.text
    }

    private static let properUse: Set<String> = ["kSecUseAuthenticationContext", "SecKeyCreateSignature"]
    private static let sessionWords = ["loggedin", "authenticated", "unlocked", "signedin", "authorized", "authed", "userverified"]

    private func assignmentAction(_ sequence: SequenceExprSyntax) -> String? {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let name = elements[0].lastName else { return nil }
        let lowered = name.lowercased()
        let value = elements[2].trimmedDescription
        if value == "true", Self.sessionWords.contains(where: { lowered.contains($0) }), !lowered.contains("un" + "authenticated") {
            return "sets \(name) = true"
        }
        if value == "false", lowered.hasSuffix("locked"), !lowered.hasSuffix("unlocked") { return "sets \(name) = false" }
        if let member = elements[2].as(MemberAccessExprSyntax.self), member.base == nil {
            let state = member.declName.baseName.text.lowercased()
            if Self.sessionWords.contains(where: { state == $0 || state == "is" + $0 }) || state == "loggedin" {
                return "sets \(name) = .\(member.declName.baseName.text)"
            }
        }
        if name == "rootViewController" { return "replaces the root view controller" }
        return nil
    }

    private static let navigationVerbs = ["show", "navigate", "goto", "present", "open", "route", "switchto", "transition", "display", "enter", "proceed"]
    private static let protectedScreens = ["main", "home", "dashboard", "account", "wallet", "tabbar", "vault", "secret", "balance", "content", "app"]

    private func callAction(_ call: FunctionCallExprSyntax, _ file: SwiftFile, followsCallees: Bool) -> String? {
        let name = call.calleeName
        let lowered = name.lowercased()
        // A function of this file: decide by what its body does, not by its name
        // (`unlock()` that only hides a privacy overlay guards nothing). One level deep.
        let callee = followsCallees ? sameFileFunctions(called: call, in: file) : []
        if !callee.isEmpty {
            for function in callee {
                guard let body = function.body else { continue }
                if let action = firstAction(file, in: Syntax(body), scope: Syntax(body), contextName: nil, followsCallees: false, onSuccess: { _ in true }) {
                    return "calls \(name)(), which \(action)"
                }
            }
            if Self.navigationVerbs.contains(where: { lowered.hasPrefix($0) }), Self.protectedScreens.contains(where: { lowered.contains($0) }),
                !lowered.contains("lock")
            {
                return "navigates (\(name))"
            }
            return nil
        }
        if ["performSegue", "pushViewController", "setViewControllers", "setRootViewController"].contains(name) {
            return "navigates (\(name))"
        }
        if name == "SecItemCopyMatching" {
            guard let argument = call.arguments.first?.expression, let query = KeychainQuery.resolve(argument, in: file) else { return nil }
            let keys = query.keys
            if keys.contains("kSecUseAuthenticationContext") || keys.contains("kSecUseOperationPrompt") || keys.contains("kSecUseAuthenticationUI") {
                return nil
            }
            // The item is stored with a biometric access control: the read itself asks for the user.
            if isStoredWithUserPresence(query, in: file) { return nil }
            return "reads a Keychain item that does not require biometry (SecItemCopyMatching without an authentication context)"
        }
        if ["set", "setValue", "setBool"].contains(name), call.arguments.first?.expression.trimmedDescription == "true",
            let key = call.argument("forKey")?.as(StringLiteralExprSyntax.self)?.literalValue,
            Self.sessionWords.contains(where: { key.lowercased().contains($0) })
        {
            return "stores \(key) = true"
        }
        if ["fail", "error", "logout", "signout", "lock()", "cancel"].contains(where: { lowered.contains($0) }) { return nil }
        if lowered.contains("login") || lowered.contains("signin") || (lowered.contains("unlock") && !lowered.contains("canunlock")) {
            if lowered.hasPrefix("show") || lowered.hasPrefix("present") { return nil }
            return "calls \(name)()"
        }
        if Self.navigationVerbs.contains(where: { lowered.hasPrefix($0) }), Self.protectedScreens.contains(where: { lowered.contains($0) }) {
            return "navigates (\(name))"
        }
        let text = call.calleeText.lowercased()
        let arguments = call.arguments.map { $0.expression.as(StringLiteralExprSyntax.self)?.literalValue ?? $0.expression.trimmedDescription }
        if text.contains("keychain") || text.contains("userdefaults"),
            ["get", "string", "data", "object", "value", "load", "read", "password", "token", "retrieve"].contains(where: { lowered.hasPrefix($0) }),
            arguments.contains(where: SecretNames.isSensitive)
        {
            return "reads a secret that does not require biometry (\(call.calleeText))"
        }
        if ["load", "read", "get", "fetch", "retrieve", "restore", "decrypt"].contains(where: { lowered.hasPrefix($0) }), SecretNames.isSensitive(name) {
            return "reads a stored secret (\(name))"
        }
        // `showSuccessAlert()`, `authenticationDidSucceed()`, `showAlert(title: "Success")`;
        // not `completion(.success(()))` or `onSuccess()`, which hand the Bool on.
        let announces = ["show", "display", "present", "did", "handle", "alert", "toast", "banner"].contains { lowered.contains($0) }
        if announces, ["success", "succeed", "authenticated"].contains(where: { lowered.contains($0) }) {
            return "reports success (\(name))"
        }
        if announces,
            call.arguments.contains(where: {
                ($0.expression.as(StringLiteralExprSyntax.self)?.literalValue?.lowercased()).map { $0.contains("success") } ?? false
            })
        {
            return "reports success (\(call.calleeText))"
        }
        if Self.completionNames.contains(name) || lowered.hasPrefix("completion") {
            for argument in call.arguments {
                let names =
                    argument.expression.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
                    + argument.expression.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
                if let secret = names.first(where: SecretNames.isSensitive) { return "hands the stored \(secret) to its caller" }
            }
        }
        return nil
    }

    /// The functions of this file a call on `self`, `Self` or nothing runs.
    private func sameFileFunctions(called call: FunctionCallExprSyntax, in file: SwiftFile) -> [FunctionDeclSyntax] {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base?.trimmedDescription, base == "self" || base == "Self" else { return [] }
        } else if !call.calledExpression.is(DeclReferenceExprSyntax.self) {
            return []
        }
        let name = call.calleeName
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return file.index.functions.filter { function in
            guard function.name.text == name, function.body != nil, function.id != call.enclosingFunctionDecl?.id else { return false }
            let parameters = function.signature.parameterClause.parameters
            guard parameters.count >= labels.count else { return false }
            return zip(parameters, labels).allSatisfy { $0.firstName.text == $1 }
        }
    }

    // MARK: Objective-C

    private static let objcSessionSetters: Set<String> = [
        "setLoggedIn", "setIsLoggedIn", "setAuthenticated", "setIsAuthenticated", "setUnlocked", "setIsUnlocked", "setSignedIn",
    ]

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        let storesWithUserPresence = Self.objcStoresWithUserPresence(tokens)
        for index in file.identifiers(named: "evaluatePolicy") where index + 1 < tokens.count && tokens[index + 1].text == ":" {
            // `reply:^(BOOL success, NSError *error) { … }`
            guard let reply = (index..<min(tokens.count, index + 40)).first(where: { tokens[$0].text == "reply" }),
                reply + 3 < tokens.count, tokens[reply + 2].text == "^", tokens[reply + 3].text == "(",
                let close = ObjectiveCSyntax.matching(tokens, open: reply + 3),
                let flag = tokens[(reply + 4)..<close].first(where: { $0.kind == .identifier && $0.text != "BOOL" && $0.text != "bool" })?.text,
                close + 1 < tokens.count, tokens[close + 1].text == "{",
                let blockEnd = ObjectiveCSyntax.matching(tokens, open: close + 1)
            else { continue }
            let body = (close + 2)..<blockEnd
            if tokens[body].contains(where: { Self.properUse.contains($0.text) }) { continue }
            var region: [Range<Int>] = []
            var position = body.lowerBound
            while position < body.upperBound {
                defer { position += 1 }
                guard tokens[position].text == "if", position + 1 < body.upperBound, tokens[position + 1].text == "(",
                    let conditionEnd = ObjectiveCSyntax.matching(tokens, open: position + 1), conditionEnd < body.upperBound
                else { continue }
                let condition = tokens[(position + 2)..<conditionEnd]
                guard let flagIndex = condition.firstIndex(where: { $0.text == flag }) else { continue }
                let negated = flagIndex > condition.startIndex && tokens[flagIndex - 1].text == "!"
                let thenRange = ObjectiveCSyntax.statement(tokens, at: conditionEnd + 1, limit: body.upperBound)
                if !negated {
                    region.append(thenRange)
                } else if tokens[thenRange].contains(where: { $0.text == "return" }) {
                    region.append(thenRange.upperBound..<body.upperBound)
                }
            }
            guard let action = region.lazy.compactMap({ objcAction(tokens, in: $0, readsProtectedItem: storesWithUserPresence) }).first else { continue }
            matches.append(Match(file.range(of: tokens[index]), "evaluatePolicy's success alone \(action), with nothing cryptographic bound to the biometry"))
        }
        return matches
    }

    private func objcAction(_ tokens: [ObjectiveCToken], in range: Range<Int>, readsProtectedItem: Bool) -> String? {
        for position in range where tokens[position].kind == .identifier {
            let text = tokens[position].text
            let next = position + 1 < range.upperBound ? tokens[position + 1].text : ""
            let after = position + 2 < range.upperBound ? tokens[position + 2].text : ""
            let lowered = text.lowercased()
            if next == "=", after == "YES" || after == "true", Self.sessionWords.contains(where: { lowered.contains($0) }) { return "sets \(text) = YES" }
            if Self.objcSessionSetters.contains(text), next == ":" { return "calls \(text):YES" }
            if ["performSegueWithIdentifier", "pushViewController", "setViewControllers", "setRootViewController"].contains(text) {
                return "navigates (\(text))"
            }
            if text == "rootViewController", next == "=" { return "replaces the root view controller" }
            let announces = ["show", "display", "present", "did", "handle", "alert", "toast", "banner"].contains { lowered.contains($0) }
            if announces, lowered.contains("success") || lowered.contains("succeed") || lowered.contains("authenticated") {
                if position > range.lowerBound, tokens[position - 1].kind == .identifier || tokens[position - 1].text == "." {
                    return "reports success (\(text))"
                }
            }
            if announces, next == ":", after.lowercased().contains("success"),
                position + 2 < range.upperBound, tokens[position + 2].kind == .string
            {
                return "reports success (\(text):@\"\(after)\")"
            }
            if text == "SecItemCopyMatching", !readsProtectedItem {
                return "reads a Keychain item that does not require biometry (SecItemCopyMatching without an authentication context)"
            }
            if position > range.lowerBound, tokens[position - 1].kind == .identifier || tokens[position - 1].text == "]", next == "]" || next == ":",
                lowered.contains("login") || lowered.contains("unlock") || lowered.contains("showmain") || lowered.contains("showhome")
                    || lowered.contains("dashboard"),
                !lowered.contains("fail"), !lowered.hasPrefix("showlogin")
            {
                return "calls \(text)"
            }
        }
        return nil
    }
}
