import SwiftSyntax
import AuditKit

/// Server-trust challenges answered so that any certificate passes: `.useCredential`
/// without evaluating the trust, a pin mismatch that falls back to default handling,
/// disabled Alamofire evaluators, `allowsAnyHTTPSCertificate`, AFNetworking's
/// `allowInvalidCertificates`.
struct NetworkTrustBypass: AuditRule {
    let metadata = RuleMetadata(
        id: "network-trust-bypass",
        title: "TLS server trust is not verified (certificate validation bypass)",
        severity: .critical,
        category: .network,
        masvs: "MASVS-NETWORK-1",
        cwe: 295,
        rationale:
            "A server-trust challenge completed with .useCredential and URLCredential(trust:) before SecTrustEvaluateWithError has succeeded accepts any certificate — self-signed, expired, for another host — so anyone on the network can read and alter the traffic. A pinning delegate whose mismatch branch ends in .performDefaultHandling accepts every certificate a trusted CA issued, including a proxy CA the user (or an attacker, or an MDM profile) installed: the pin check only chooses which branch runs. Disabled Alamofire evaluators, allowsAnyHTTPSCertificate and AFNetworking's allowInvalidCertificates turn validation off outright.",
        fix:
            "Evaluate first: SecTrustEvaluateWithError(trust, &error) must succeed before anything else; then compare the pin, and on a mismatch call completionHandler(.cancelAuthenticationChallenge, nil). Use .performDefaultHandling only for challenges that are not server trust or hosts you do not pin. DeviceTrust's PinningPolicy does this (SPKI SHA-256 pins, default validation first, cancel on mismatch, report-only mode)."
    )

    let skipsTestCode = true

    let triggers = [
        "useCredential", "UseCredential", "URLCredential", "performDefaultHandling", "PerformDefaultHandling", "DisabledTrustEvaluator", "DisabledEvaluator",
        "disableEvaluation", "AllowsAnyHTTPSCertificate", "allowsAnyHTTPSCertificate", "allowInvalidCertificates", "validatesDomainName",
        "kCFStreamSSLValidatesCertificateChain", "validateHost", "validateCertificateChain", "performDefaultValidation",
    ]

    // MARK: Swift

    private static let evaluations: Set<String> = [
        "SecTrustEvaluateWithError", "SecTrustEvaluate", "SecTrustEvaluateAsyncWithError", "SecTrustEvaluateAsync", "SecTrustEvaluateFastAsync",
    ]
    static let pinFunctions: Set<String> = [
        "SecCertificateCopyData", "SecTrustCopyCertificateChain", "SecTrustGetCertificateAtIndex", "SecCertificateCopyKey",
        "SecTrustCopyKey", "SecTrustCopyPublicKey", "SecKeyCopyExternalRepresentation",
    ]
    private static let dispositionBases: Set<String> = ["URLSession.AuthChallengeDisposition", "AuthChallengeDisposition"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        // Functions of this file that evaluate a trust: calling them counts as evaluating.
        var evaluatingFunctions: Set<String> = []
        for call in file.index.calls where Self.evaluations.contains(call.calleeName) {
            if let function = call.enclosingFunctionDecl { evaluatingFunctions.insert(function.name.text) }
        }
        let declaredFunctions = Set(file.index.functions.map(\.name.text))
        for member in file.index.memberAccesses {
            let name = member.declName.baseName.text
            guard name == "useCredential" || name == "performDefaultHandling" else { continue }
            if let base = member.base?.trimmedDescription, !Self.dispositionBases.contains(base) { continue }
            guard let scope = member.enclosingFunctionDecl.map(Syntax.init) ?? member.enclosingBody else { continue }
            if name == "useCredential" {
                guard trustCredential(in: scope, reaching: member),
                    !evaluates(scope, evaluatingFunctions: evaluatingFunctions, declared: declaredFunctions, for: member),
                    !isLeafPinned(member, scope: scope), !isCertificateException(member, scope: scope)
                else { continue }
                matches.append(
                    Match(
                        file.range(of: member),
                        ".useCredential with URLCredential(trust:) without a successful SecTrustEvaluateWithError: any certificate, even self-signed or for another host, is accepted"
                    ))
            } else if fallsBackAfterMismatch(member, scope: scope) {
                matches.append(
                    Match(
                        file.range(of: member),
                        "after a pin mismatch the challenge falls back to .performDefaultHandling: any certificate a trusted CA issued, including a user-installed proxy CA, is accepted"
                    ))
            }
        }
        for call in file.index.calls {
            let name = call.calleeName
            if name == "DisabledTrustEvaluator" || name == "DisabledEvaluator" {
                matches.append(Match(file.range(of: call), "\(name) accepts any certificate for this host"))
            } else if call.argument("validateHost")?.trimmedDescription == "false" {
                matches.append(Match(file.range(of: call), "\(name)(validateHost: false) accepts a valid certificate issued for any other host"))
            } else if call.argument("validateCertificateChain")?.trimmedDescription == "false"
                || call.argument("performDefaultValidation")?.trimmedDescription == "false"
            {
                matches.append(
                    Match(
                        file.range(of: call), "\(name) skips the default chain validation: a chain that merely contains the pinned (public) certificate passes")
                )
            } else if name == "setAllowsAnyHTTPSCertificate", call.arguments.first?.expression.trimmedDescription == "true" {
                matches.append(Match(file.range(of: call), "setAllowsAnyHTTPSCertificate turns off certificate validation for the host"))
            } else if name == "use", let scope = call.enclosingFunctionDecl.map(Syntax.init) ?? call.enclosingBody,
                let argument = call.arguments.first?.expression, isTrustCredential(argument, in: scope), !isLeafPinned(call, scope: scope),
                !isCertificateException(call, scope: scope),
                !evaluates(scope, evaluatingFunctions: evaluatingFunctions, declared: declaredFunctions, for: call)
            {
                matches.append(
                    Match(
                        file.range(of: call), "the challenge sender uses URLCredential(trust:) without SecTrustEvaluateWithError: any certificate is accepted"))
            }
        }
        for member in file.index.memberAccesses where member.declName.baseName.text == "disableEvaluation" {
            matches.append(Match(file.range(of: member), ".disableEvaluation accepts any certificate for this host"))
        }
        for function in file.index.functions where function.name.text == "allowsAnyHTTPSCertificate" {
            guard let body = function.body, body.statements.trimmedDescription.contains("true") else { continue }
            matches.append(Match(file.range(of: function.name), "allowsAnyHTTPSCertificate(forHost:) returning true turns off certificate validation"))
        }
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let target = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text
            else { continue }
            let value = elements[2].trimmedDescription
            if target == "allowInvalidCertificates" && value == "true" || target == "validatesDomainName" && value == "false" {
                matches.append(Match(file.range(of: sequence), "\(target) = \(value) turns off certificate validation"))
            }
        }
        for dictionary in file.index.dictionaries {
            guard case .elements(let elements) = dictionary.content else { continue }
            for element in elements where KeychainQuery.constantName(element.key) == "kCFStreamSSLValidatesCertificateChain" {
                let value = element.value.trimmedDescription
                if value == "false" || value == "kCFBooleanFalse" || value.hasPrefix("kCFBooleanFalse") {
                    matches.append(
                        Match(file.range(of: element), "kCFStreamSSLValidatesCertificateChain = false turns off certificate validation for the stream"))
                }
            }
        }
        return matches
    }

    /// Whether `expression` is `URLCredential(trust:)` or a variable of the scope
    /// initialised with one.
    private func isTrustCredential(_ expression: ExprSyntax, in scope: Syntax) -> Bool {
        if let call = expression.as(FunctionCallExprSyntax.self) { return call.calleeName == "URLCredential" && call.argument("trust") != nil }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        for declaration in scope.descendants(VariableDeclSyntax.self) {
            for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.calleeName == "URLCredential", call.argument("trust") != nil {
                    return true
                }
            }
        }
        return false
    }

    /// Whether the scope builds a `URLCredential(trust:)` compiled together with `use`
    /// (not in another clause of an `#if`).
    private func trustCredential(in scope: Syntax, reaching use: some SyntaxProtocol) -> Bool {
        scope.descendants(FunctionCallExprSyntax.self).contains {
            $0.calleeName == "URLCredential" && $0.argument("trust") != nil && !CompileBranches.exclusive($0, use)
        }
    }

    /// Whether the scope evaluates the trust (or hands it to code that may): a
    /// SecTrustEvaluate call whose result is used, a local function that evaluates, or a
    /// validator defined elsewhere that receives the trust (unknown: stay silent). An
    /// evaluation in another clause of an `#if` than `use` is never compiled with it.
    private func evaluates(_ scope: Syntax, evaluatingFunctions: Set<String>, declared: Set<String>, for use: some SyntaxProtocol) -> Bool {
        for call in scope.descendants(FunctionCallExprSyntax.self) where !CompileBranches.exclusive(call, use) {
            let name = call.calleeName
            if name == "SecTrustEvaluateWithError" {
                // A discarded result is no evaluation.
                var node = Syntax(call)
                while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
                let discarded =
                    node.parent?.is(CodeBlockItemSyntax.self) == true || node.parent?.is(ExpressionStmtSyntax.self) == true
                    || (node.parent?.as(SequenceExprSyntax.self)?.elements.first?.is(DiscardAssignmentExprSyntax.self) == true)
                if !discarded { return true }
                continue
            }
            if Self.evaluations.contains(name) || evaluatingFunctions.contains(name) { return true }
            if ["evaluate", "handle", "validate"].contains(name) { return true }
            // A validator from elsewhere that receives the trust may evaluate it.
            let lowered = name.lowercased()
            if !name.hasPrefix("Sec"), name != "URLCredential", !declared.contains(name),
                ["evaluat", "validat", "verif", "check", "trust", "pin", "handle", "valid"].contains(where: { lowered.contains($0) }),
                call.arguments.contains(where: { argument in
                    let text = argument.expression.trimmedDescription
                    return text == "trust" || text == "serverTrust" || text.hasSuffix(".serverTrust") || text == "challenge"
                })
            {
                return true
            }
        }
        return false
    }

    private static let scopeWords = ["authenticationmethod", "host", "domain"]

    /// Whether this `.performDefaultHandling` runs when a pin did not match.
    private func fallsBackAfterMismatch(_ member: MemberAccessExprSyntax, scope: Syntax) -> Bool {
        guard hasPinEvidence(scope) else { return false }
        let conditions = BranchCondition.around(member, in: scope)
        for condition in conditions {
            let lowered = condition.text.lowercased()
            let negated = isNegated(condition.text)
            if Self.scopeWords.contains(where: { lowered.contains($0) }) {
                // Another challenge type or an unpinned host: default handling is right.
                switch condition.side {
                case .fails: return false
                case .holds: if negated { return false }
                case .within: if lowered.contains("default") { return false }
                }
                continue
            }
            guard condition.side != .within else { continue }
            if isPinComparison(condition.text) {
                return (condition.side == .holds && negated) || (condition.side == .fails && !negated)
            }
            // A failed precondition (no trust, no certificate): not a pin decision.
            if condition.side == .fails { return false }
        }
        // Falls through at the end of a delegate that also accepts or cancels.
        let dispositions = Set(scope.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text))
        return dispositions.contains("useCredential") || dispositions.contains("cancelAuthenticationChallenge")
    }

    private func hasPinEvidence(_ scope: Syntax) -> Bool {
        if scope.descendants(FunctionCallExprSyntax.self).contains(where: { Self.pinFunctions.contains($0.calleeName) }) { return true }
        let names =
            scope.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
            + scope.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
        return names.contains(where: Self.isPinName)
    }

    static func isPinName(_ name: String) -> Bool {
        let words = SecretNames.splitWords(name)
        return words.contains { ["pin", "pins", "pinned", "pinning", "fingerprint", "fingerprints", "spki"].contains($0) }
    }

    private func isPinComparison(_ text: String) -> Bool {
        if text.contains("==") || text.contains("!=") || text.contains("contains(") || text.contains("isEqual") || text.contains("elementsEqual") {
            return true
        }
        let words = SecretNames.splitWords(text.filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "." })
        return words.contains { ["pin", "pins", "pinned", "fingerprint", "hash", "matches", "match"].contains($0) }
    }

    func isNegated(_ text: String) -> Bool {
        let trimmed = text.trimmingPrefix(while: { $0 == " " || $0 == "(" })
        return trimmed.hasPrefix("!") || text.contains("!=") || text.contains("== false")
    }

    // MARK: Objective-C

    private static let objcEvaluations: Set<String> = [
        "SecTrustEvaluateWithError", "SecTrustEvaluate", "SecTrustEvaluateAsyncWithError", "SecTrustEvaluateAsync", "evaluateServerTrust",
    ]

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
            let argument = index + 2 < tokens.count ? tokens[index + 2].text : ""
            switch token.text {
            case "NSURLSessionAuthChallengeUseCredential", "useCredential":
                guard token.text != "useCredential" || next == ":", let body = file.bodyRange(containing: index) else { continue }
                let bodyTokens = tokens[body]
                guard bodyTokens.contains(where: { $0.text == "credentialForTrust" || $0.text == "initWithTrust" }),
                    !bodyTokens.contains(where: { Self.objcEvaluations.contains($0.text) })
                else { continue }
                // A validator method that receives the trust may evaluate it: stay silent.
                if bodyTokens.contains(where: { ["evaluateServerTrust", "validateTrust", "evaluate"].contains($0.text) }) { continue }
                // The exact leaf compared with a pinned copy, the mismatch cancelled: pinning.
                if objcIsLeafPinned(tokens, at: index, body: body) || objcIsCertificateException(tokens, at: index, body: body) { continue }
                matches.append(
                    Match(file.range(of: token), "\(token.text) with credentialForTrust: without SecTrustEvaluateWithError: any certificate is accepted"))
            case "NSURLSessionAuthChallengePerformDefaultHandling":
                if objcFallsBack(tokens, at: index, body: file.bodyRange(containing: index)) {
                    matches.append(
                        Match(
                            file.range(of: token),
                            "after a pin mismatch the challenge falls back to default handling: any certificate a trusted CA issued is accepted"))
                }
            case "setAllowsAnyHTTPSCertificate" where next == ":" && (argument == "YES" || argument == "true"):
                matches.append(Match(file.range(of: token), "setAllowsAnyHTTPSCertificate:YES turns off certificate validation for the host"))
            case "allowsAnyHTTPSCertificateForHost" where index > 0 && tokens[index - 1].text == ")":
                guard let brace = tokens[index...].firstIndex(where: { $0.text == "{" || $0.text == ";" }), tokens[brace].text == "{",
                    let body = file.bodyRange(containing: brace)
                else { continue }
                if tokens[body].contains(where: { $0.text == "YES" }) {
                    matches.append(Match(file.range(of: token), "allowsAnyHTTPSCertificateForHost: returning YES turns off certificate validation"))
                }
            case "allowInvalidCertificates" where next == "=" && (argument == "YES" || argument == "true"):
                matches.append(Match(file.range(of: token), "allowInvalidCertificates = YES accepts invalid certificates"))
            case "validatesDomainName" where next == "=" && (argument == "NO" || argument == "false"):
                matches.append(Match(file.range(of: token), "validatesDomainName = NO accepts a certificate issued for any host"))
            case "kCFStreamSSLValidatesCertificateChain":
                let window = tokens[(index + 1)..<min(tokens.count, index + 8)]
                let stop = window.firstIndex(where: { $0.text == "," || $0.text == "}" || $0.text == ";" }) ?? window.endIndex
                if tokens[(index + 1)..<stop].contains(where: { ["kCFBooleanFalse", "NO", "false"].contains($0.text) }) {
                    matches.append(Match(file.range(of: token), "kCFStreamSSLValidatesCertificateChain = NO turns off certificate validation for the stream"))
                }
            default:
                break
            }
        }
        return matches
    }

    private func objcFallsBack(_ tokens: [ObjectiveCToken], at index: Int, body: Range<Int>?) -> Bool {
        guard let body else { return false }
        let bodyTokens = tokens[body]
        let pinEvidence = bodyTokens.contains { token in
            token.kind == .identifier && (Self.pinFunctions.contains(token.text) || Self.isPinName(token.text))
        }
        guard pinEvidence else { return false }
        if let control = ObjectiveCSyntax.controllingIf(tokens, at: index) {
            let condition = tokens[control.condition]
            if condition.contains(where: { ["authenticationMethod", "host"].contains($0.text) }) { return false }
            let pin =
                condition.contains { ["isEqualToData", "isEqual", "isEqualToString", "containsObject"].contains($0.text) || Self.isPinName($0.text) }
                || zip(condition, condition.dropFirst()).contains { ($0.text == "=" || $0.text == "!") && $1.text == "=" }
            guard pin else { return false }
            let negated = condition.first?.text == "!" || zip(condition, condition.dropFirst()).contains { $0.text == "!" && $1.text == "=" }
            return control.isElse != negated
        }
        // At method level: a fall-through after the pin check, in a method that never
        // scopes itself to server trust or hosts.
        let before = tokens[body.lowerBound..<index]
        return before.contains(where: { $0.text == "NSURLSessionAuthChallengeUseCredential" })
            && !before.contains(where: { ["authenticationMethod", "host"].contains($0.text) })
    }
}
