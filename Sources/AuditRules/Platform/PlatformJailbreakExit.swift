import SwiftSyntax
import AuditKit

/// `exit`/`abort`/`fatalError` right after a jailbreak check: it points the attacker at
/// the one branch to patch and crashes on real users' false positives.
struct PlatformJailbreakExit: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-jailbreak-exit",
        title: "App kills itself after a jailbreak check",
        severity: .medium,
        category: .platform,
        masvs: "MASVS-RESILIENCE-1",
        rationale:
            "Jailbreak checks (Cydia paths, /bin/bash, sshd, cydia:// URLs, writing outside the sandbox) reduce to one Bool in one function; modern rootless jailbreaks and hiding tweaks already defeat them, and a crash right after the check shows exactly which branch to patch with Frida or a binary patch. exit() also looks like a crash to users with false positives, and App Review rejects apps that quit programmatically.",
        fix:
            "Do not exit. Report the signal to your server as one risk input next to an App Attest assertion (DeviceTrust's attestation with a server-side decision), keep secrets in the Keychain or Secure Enclave, and let the server require step-up verification or refuse high-risk operations."
    )

    let skipsTestCode = true

    let triggers = ["exit", "abort", "fatalError", "kill", "raise"]

    /// Any jailbreak evidence in the text (the words and paths the check looks for in
    /// conditions), in every kind of file.
    let preCheck = PreCheck.anyFileText(["jailbr", "cydia", "rooted"] + Self.jailbreakPaths)

    private static let exitCalls: Set<String> = ["exit", "abort", "fatalError", "_exit", "kill", "raise", "preconditionFailure"]
    static let jailbreakPaths = [
        "/applications/cydia.app", "/bin/bash", "/usr/sbin/sshd", "/etc/apt", "/private/var/lib/apt", "/library/mobilesubstrate",
        "/var/lib/cydia", "/usr/libexec/sftp-server", "/bin/sh", "/var/jb", "/applications/sileo.app", "/.bootstrapped",
        "/usr/bin/ssh", "/private/jailbreak", "/applications/zebra.app", "/etc/ssh/sshd_config", "cydia://", "sileo://", "zbra://",
        "undecimus://", "filza://", "/private/", "substrate", "frida",
    ]

    /// Whether text (an identifier, a condition, a string) points at a jailbreak check.
    static func isJailbreakEvidence(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered.contains("jailbr") || lowered.contains("cydia") || lowered.contains("rooted") || lowered.contains("jailbroke") { return true }
        return jailbreakPaths.contains { lowered.contains($0) }
    }

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for call in file.index.calls where Self.exitCalls.contains(call.calleeName) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                guard let base = member.base?.trimmedDescription, base == "Darwin" || base == "Foundation" || base == "Glibc" else { continue }
            }
            if call.calleeName == "kill" || call.calleeName == "raise" {
                let arguments = call.arguments.map(\.expression.trimmedDescription).joined(separator: ",")
                guard arguments.contains("getpid") || arguments.contains("SIGKILL") || arguments.contains("SIGABRT") else { continue }
            }
            guard let check = jailbreakCheck(before: call, in: file) else { continue }
            matches.append(
                Match(file.range(of: call), "\(call.calleeName)() after a jailbreak check (\(check)): report the signal to the server instead of crashing"))
        }
        return matches
    }

    /// The jailbreak check that decides whether `call` runs, if any.
    private func jailbreakCheck(before call: FunctionCallExprSyntax, in file: SwiftFile) -> String? {
        guard let scope = call.enclosingBody else { return nil }
        let conditions = BranchCondition.around(call, in: scope)
        for condition in conditions {
            if Self.isJailbreakEvidence(condition.text) { return condition.text.count > 60 ? String(condition.text.prefix(57)) + "…" : condition.text }
            // `let compromised = JailbreakDetector.check(); if compromised { … }`
            for reference in condition.node.descendants(DeclReferenceExprSyntax.self) {
                if let value = initialValue(of: reference.baseName.text, in: file), Self.isJailbreakEvidence(value) { return reference.baseName.text }
            }
            // `for path in paths where fileExists(atPath: path)` with jailbreak paths in the scope's strings.
            if condition.text.contains("fileExists") || condition.text.contains("canOpenURL") || condition.side == .within,
                scope.descendants(StringLiteralExprSyntax.self).contains(where: { Self.isJailbreakEvidence($0.literalValue ?? "") })
            {
                return condition.text.count > 60 ? String(condition.text.prefix(57)) + "…" : condition.text
            }
        }
        // A write probe outside the sandbox that succeeded: the exit follows it in a `do`.
        if let doStmt = call.ancestor(DoStmtSyntax.self),
            doStmt.body.descendants(StringLiteralExprSyntax.self).contains(where: { ($0.literalValue ?? "").lowercased().hasPrefix("/private/") })
        {
            return "a write outside the sandbox succeeded"
        }
        // Inside a function named after the check: `func jailbreakDetected() { exit(0) }`.
        if let function = call.enclosingFunctionDecl, Self.isJailbreakEvidence(function.name.text) { return function.name.text }
        return nil
    }

    /// The initial value text of a `let`/`var` named `name` declared in the file.
    private func initialValue(of name: String, in file: SwiftFile) -> String? {
        for declaration in file.index.variables {
            for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return binding.initializer?.value.trimmedDescription
            }
        }
        return nil
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && ["exit", "abort", "_exit", "kill"].contains(token.text) {
            guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { continue }
            if index > 0, [".", ":"].contains(tokens[index - 1].text) || tokens[index - 1].kind == .identifier && tokens[index - 1].text != "return" {
                continue
            }
            guard let control = ObjectiveCSyntax.controllingIf(tokens, at: index), !control.isElse else { continue }
            let condition = tokens[control.condition]
            let evidence =
                condition.contains { Self.isJailbreakEvidence($0.text) }
                || condition.contains(where: { token in
                    token.kind == .identifier
                        && (file.bodyRange(containing: index).map { body in
                            variableEvidence(tokens, name: token.text, in: body)
                        } ?? false)
                })
            guard evidence else { continue }
            matches.append(Match(file.range(of: token), "\(token.text)() after a jailbreak check: report the signal to the server instead of crashing"))
        }
        return matches
    }

    /// Whether `BOOL name = <jailbreak check>;` appears in the body.
    private func variableEvidence(_ tokens: [ObjectiveCToken], name: String, in body: Range<Int>) -> Bool {
        for position in body where tokens[position].text == name && position + 1 < body.upperBound && tokens[position + 1].text == "=" {
            var end = position + 2
            while end < body.upperBound && tokens[end].text != ";" { end += 1 }
            if tokens[(position + 2)..<end].contains(where: { Self.isJailbreakEvidence($0.text) }) { return true }
        }
        return false
    }
}
