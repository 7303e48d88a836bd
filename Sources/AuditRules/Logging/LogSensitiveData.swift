import SwiftSyntax
import AuditKit

/// Tokens, passwords, PINs, keys and Authorization headers written to the console or the
/// unified log.
struct LogSensitiveData: AuditRule {
    let metadata = RuleMetadata(
        id: "log-sensitive-data",
        title: "Secret written to the log",
        severity: .medium,
        category: .logging,
        masvs: "MASVS-STORAGE-2",
        cwe: 532,
        rationale:
            "print writes to stdout, NSLog and os_log/Logger to the unified log: anyone with the unlocked phone and a Mac running Console, a sysdiagnose sent to support, or a crash reporter's breadcrumbs can read them. A value interpolated with privacy: .public (or %{public}@) is stored in clear, and a debugger or a logging profile reveals even the private ones. Tokens, passwords and one-time codes should not be logged at all. Values marked .private / .sensitive, masked values (token.prefix(4), a hash) and facts about a secret (tokenCount, password.isEmpty) are not reported.",
        fix:
            "Do not log secrets: log an identifier, a status code or a duration instead. When something about a credential must be logged, use Logger with privacy: .private(mask: .hash) so lines can be correlated without the value. Remove print/NSLog from release builds."
    )

    let skipsTestCode = true

    let triggers = ["print", "NSLog", "os_log", "Logger", "logger", "log", "dump", "DDLog"]

    /// For Swift: the file both logs (a logging function or a logger is named) and names
    /// a secret (a secret-named identifier or string key, an HTTP credential header, or a
    /// literal that is a secret value or may label one: ``SensitiveLabels``), the two
    /// things a finding needs.
    let preCheck = PreCheck.all([
        .swiftIdentifierWhere("a logging function or logger") { identifier in
            LogSensitiveData.freeFunctions.contains(String(identifier)) || identifier == "log" || identifier == "Logger"
                || identifier.lowercased().hasSuffix("logger") || identifier == "logging"
        },
        .any([
            .swiftText(["Authorization", "Bearer", "Cookie"]),
            .swiftSecretNames,
            .swiftLiteralWhere("a secret value or a label of one") { SecretNames.isSecretValue(String($0)) || SensitiveLabels.mayLabel($0) },
        ]),
    ])

    /// Logger methods; the base must be a logger.
    private static let loggerMethods: Set<String> = ["info", "debug", "error", "notice", "log", "fault", "trace", "warning", "critical", "verbose", "warn"]
    static let freeFunctions: Set<String> = [
        "print", "debugPrint", "NSLog", "os_log", "dump", "DDLogInfo", "DDLogDebug", "DDLogError", "DDLogWarn", "DDLogVerbose", "NSLogv",
    ]
    /// Members that reveal nothing about the secret.
    private static let harmlessMembers: Set<String> = [
        "count", "isEmpty", "length", "isEnabled", "isHidden", "isValid", "hashValue", "isSecureTextEntry", "utf8Count", "nilIfEmpty",
        "startIndex", "endIndex", "expiresAt", "expiresIn", "expirationDate", "type", "scope", "isExpired",
    ]
    /// Members through which the secret passes unchanged.
    private static let transparentMembers: Set<String> = [
        "text", "value", "string", "stringValue", "rawValue", "data", "description", "debugDescription", "utf8", "absoluteString",
        "base64EncodedString", "uppercased", "lowercased", "trimmingCharacters", "data", "wrappedValue",
    ]
    /// Calls that mask or hash a secret.
    private static let maskingWords = ["prefix", "suffix", "mask", "redact", "hash", "sha256", "digest", "obfuscate", "fingerprint"]
    private static let secretHeaders: Set<String> = ["authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token", "proxy-authorization"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        let mentionsAuthorization = file.text.contains("Authorization") || file.text.contains("Bearer") || file.text.contains("Cookie")
        let stores = SecretFieldStores(file: file)
        for call in file.index.calls {
            let name = call.calleeName
            let isLogger: Bool
            if Self.freeFunctions.contains(name) {
                isLogger = call.calledExpression.is(DeclReferenceExprSyntax.self)
            } else if Self.loggerMethods.contains(name), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                let last = base.trimmedDescription.split(separator: ".").last.map { $0.lowercased() } ?? ""
                isLogger = last == "log" || last.hasSuffix("logger") || last == "os_log" || last == "logging"
            } else {
                isLogger = false
            }
            // `dump(value, to: &text)` and `print(…, to: &stream)` write to a string, not a log.
            guard isLogger, call.argument("to") == nil else { continue }
            let isOSLog = name == "os_log"
            let isPrint = name == "print" || name == "debugPrint"
            // `NSLog("ccNo: %@", x)`, `os_log("pin=%d", log: …, pin)`: specifiers after a label.
            var formatLabels: [Int: (label: String, isPublic: Bool)] = [:]
            if !isPrint, let format = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalValue, format.contains("%") {
                formatLabels = SensitiveLabels.labelledArguments(ofFormat: format)
            }
            var formatArgument = -1
            var found: (name: String, isPublic: Bool)?
            // `print("Password:", value)`: a label in the previous argument.
            var previousLabel: String?
            for (position, argument) in call.arguments.enumerated() {
                let labelBefore = previousLabel
                previousLabel = nil
                if position > 0 && argument.label == nil { formatArgument += 1 }
                if isOSLog && (argument.label != nil || position == 0) { continue }
                if let literal = argument.expression.as(StringLiteralExprSyntax.self) {
                    var before = ""
                    for segment in literal.segments {
                        if let text = segment.as(StringSegmentSyntax.self) {
                            before += text.content.text
                            continue
                        }
                        let textBefore = before
                        before = ""
                        guard let interpolation = segment.as(ExpressionSegmentSyntax.self), let value = interpolation.expressions.first?.expression else {
                            continue
                        }
                        let privacy = interpolation.expressions.first { $0.label?.text == "privacy" }?.expression.trimmedDescription
                        if let privacy, privacy.hasPrefix(".private") || privacy.hasPrefix(".sensitive") { continue }
                        if let secret = secretName(value, mentionsAuthorization: mentionsAuthorization, stores: stores) {
                            found = (secret, privacy == ".public")
                            break
                        }
                        if let label = SensitiveLabels.label(endingText: textBefore), !isFact(value) {
                            found = ("\(Self.short(value)) as the \(label)", privacy == ".public")
                            break
                        }
                    }
                    if isPrint, literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }), let text = literal.literalValue {
                        previousLabel = SensitiveLabels.label(endingText: text)
                    }
                } else if let secret = secretName(argument.expression, mentionsAuthorization: mentionsAuthorization, stores: stores) {
                    if isOSLog, let format = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalValue,
                        format.contains("%{private}") || format.contains("%{sensitive}"), !format.contains("%{public}")
                    {
                        continue
                    }
                    let format = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalValue ?? ""
                    found = (secret, format.contains("%{public}"))
                } else if let whole = Self.wholeResponseHoldingSecret(argument.expression) {
                    found = (whole, false)
                } else if position > 0, argument.label == nil, let labelled = formatLabels[formatArgument], !isFact(argument.expression) {
                    found = ("\(Self.short(argument.expression)) as the \(labelled.label)", labelled.isPublic)
                } else if let labelBefore, argument.label == nil, !isFact(argument.expression) {
                    found = ("\(Self.short(argument.expression)) as the \(labelBefore)", false)
                }
                if found != nil { break }
            }
            guard let found else { continue }
            let how = found.isPublic ? " with public privacy" : ""
            matches.append(Match(file.range(of: call), "\(call.calledExpression.trimmedDescription) logs \(found.name)\(how)"))
        }
        return matches
    }

    /// Names of a request's whole answer in a completion closure.
    private static let responseNames: Set<String> = [
        "response", "responseobject", "responsedata", "responsejson", "resp", "res", "json", "result", "data", "body", "payload",
    ]

    /// `print(response)` in a request's completion closure that then reads a token out of
    /// it (`json["auth_token"]`): the whole answer, and the token with it, goes to the log.
    /// The closure's parameter must be the logged name, and a string literal of the
    /// closure must name a secret's value.
    private static func wholeResponseHoldingSecret(_ expression: ExprSyntax) -> String? {
        guard let reference = BindingValues.unwrap(expression).as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        guard responseNames.contains(name.lowercased()),
            let closure = reference.nearestAncestor([.closureExpr])?.as(ClosureExprSyntax.self),
            let parameters = closure.signature?.parameterClause?.trimmedDescription,
            parameters.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains(Substring(name))
        else { return nil }
        for literal in closure.statements.descendants(StringLiteralExprSyntax.self) {
            guard let key = literal.literalValue, key.utf8.count <= 40, SecretNames.isSecretValue(key) else { continue }
            return "the whole \(name), which holds \"\(key)\""
        }
        return nil
    }

    /// At most 40 characters of an expression, for a message.
    private static func short(_ expression: ExprSyntax) -> String {
        let text = expression.trimmedDescription
        return text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }

    /// Whether a value written after a sensitive label is a fact about the secret or
    /// something else (a literal, a comparison, an error, a count, a masked value), not
    /// the secret itself.
    private func isFact(_ expression: ExprSyntax) -> Bool {
        let bare = BindingValues.unwrap(expression)
        if bare.is(StringLiteralExprSyntax.self) || bare.is(IntegerLiteralExprSyntax.self) || bare.is(FloatLiteralExprSyntax.self)
            || bare.is(BooleanLiteralExprSyntax.self) || bare.is(NilLiteralExprSyntax.self)
        {
            return true
        }
        if let sequence = bare.as(SequenceExprSyntax.self) {
            // `value ?? ""` is the value; comparisons and arithmetic are facts.
            let operators = sequence.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            guard !operators.isEmpty, operators.allSatisfy({ $0 == "??" }), let first = sequence.elements.first else { return true }
            return isFact(first)
        }
        if bare.trimmedDescription.contains("rror") { return true }
        let last: String
        if let member = bare.as(MemberAccessExprSyntax.self) {
            last = member.declName.baseName.text
        } else if let reference = bare.as(DeclReferenceExprSyntax.self) {
            last = reference.baseName.text
        } else if let call = bare.as(FunctionCallExprSyntax.self) {
            last = call.calleeName
            if Self.maskingWords.contains(where: last.lowercased().contains) { return true }
            // `String(repeating: "•", count: pin.count)`
            if call.argument("repeating") != nil { return true }
        } else {
            return false
        }
        return Self.harmlessMembers.contains(last) || SensitiveLabels.isFactName(last)
    }

    /// The secret `expression` holds, by name, or nil.
    private func secretName(_ expression: ExprSyntax, mentionsAuthorization: Bool, stores: SecretFieldStores, depth: Int = 0) -> String? {
        guard depth < 6 else { return nil }
        let bare = BindingValues.unwrap(expression)
        if let reference = bare.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if SecretNames.isSecretValue(name) { return name }
            // `user["password"] = …` earlier in the function: `user` holds the password.
            if let key = stores.secret(heldBy: name, at: reference) { return "\(name) (which holds \(key))" }
            return nil
        }
        if let member = bare.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if Self.harmlessMembers.contains(name) { return nil }
            if name == "allHTTPHeaderFields" || name == "httpAdditionalHeaders" { return mentionsAuthorization ? "the Authorization header (\(name))" : nil }
            if Self.transparentMembers.contains(name), let base = member.base {
                // `passwordField.text` is the password.
                if let baseName = base.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? base.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    name == "text", SecretNames.isSensitive(baseName)
                {
                    return baseName
                }
                return secretName(base, mentionsAuthorization: mentionsAuthorization, stores: stores, depth: depth + 1)
            }
            return SecretNames.isSecretValue(name) ? name : nil
        }
        if let call = bare.as(FunctionCallExprSyntax.self) {
            let name = call.calleeName
            if Self.maskingWords.contains(where: name.lowercased().contains) { return nil }
            if name == "value", let header = call.argument("forHTTPHeaderField")?.as(StringLiteralExprSyntax.self)?.literalValue,
                Self.secretHeaders.contains(header.lowercased())
            {
                return "the \(header) header"
            }
            if name == "String", let first = call.arguments.first?.expression {
                return secretName(first, mentionsAuthorization: mentionsAuthorization, stores: stores, depth: depth + 1)
            }
            if Self.transparentMembers.contains(name), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                return secretName(base, mentionsAuthorization: mentionsAuthorization, stores: stores, depth: depth + 1)
            }
            return nil
        }
        if let subscriptCall = bare.as(SubscriptCallExprSyntax.self),
            let key = subscriptCall.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalValue
        {
            if Self.secretHeaders.contains(key.lowercased()) { return "the \(key) header" }
            return SecretNames.isSecretValue(key) ? key : nil
        }
        if let sequence = bare.as(SequenceExprSyntax.self) {
            // `"Bearer " + token`, `token ?? ""`; comparisons and conditions (`pinSet ? "yes" : "no"`)
            // say nothing about the value.
            let operators = sequence.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            guard operators.allSatisfy({ $0 == "+" || $0 == "??" }), !sequence.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) else {
                return nil
            }
            for element in sequence.elements where !element.is(BinaryOperatorExprSyntax.self) {
                if let name = secretName(element, mentionsAuthorization: mentionsAuthorization, stores: stores, depth: depth + 1) { return name }
            }
            return nil
        }
        if let literal = bare.as(StringLiteralExprSyntax.self) {
            for segment in literal.segments {
                if let value = segment.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression,
                    let name = secretName(value, mentionsAuthorization: mentionsAuthorization, stores: stores, depth: depth + 1)
                {
                    return name
                }
            }
            return nil
        }
        if let dictionary = bare.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content {
            for element in elements {
                if let key = element.key.as(StringLiteralExprSyntax.self)?.literalValue,
                    SecretNames.isSecretValue(key) || Self.secretHeaders.contains(key.lowercased())
                {
                    return key
                }
                if let name = secretName(element.value, mentionsAuthorization: mentionsAuthorization, stores: stores, depth: depth + 1) { return name }
            }
        }
        return nil
    }

    private static let objectiveCLoggers: Set<String> = [
        "NSLog", "NSLogv", "os_log", "os_log_info", "os_log_debug", "os_log_error", "os_log_fault", "printf",
        "DDLogInfo", "DDLogDebug", "DDLogError", "DDLogWarn", "DDLogVerbose",
    ]
    private static let objectiveCHarmless: Set<String> = ["length", "count", "hash", "isEmpty", "boolValue", "integerValue"]
    private static let objectiveCTransparent: Set<String> = ["text", "UTF8String", "description", "absoluteString", "stringValue", "copy", "string"]

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        var storesByBody: [Int: [String: String]] = [:]
        for (index, token) in tokens.enumerated() where token.kind == .identifier && Self.objectiveCLoggers.contains(token.text) {
            guard let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens) else { continue }
            guard let formatIndex = arguments.firstIndex(where: { tokens[$0].contains { $0.kind == .string } }) else { continue }
            let format = tokens[arguments[formatIndex]].filter { $0.kind == .string }.map(\.text).joined()
            if format.contains("%{private}") && !format.contains("%{public}") { continue }
            let labels = SensitiveLabels.labelledArguments(ofFormat: format)
            var stores: [String: String] = [:]
            if let body = file.bodyRange(containing: index) {
                if let cached = storesByBody[body.lowerBound] {
                    stores = cached
                } else {
                    stores = ObjectiveCSecretFieldStores.stores(in: body, of: tokens)
                    storesByBody[body.lowerBound] = stores
                }
            }
            for (offset, argument) in arguments.dropFirst(formatIndex + 1).enumerated() {
                let identifiers = tokens[argument].filter { $0.kind == .identifier }.map(\.text)
                let labelled = labels[offset].flatMap { isObjectiveCFact(tokens[argument], identifiers: identifiers) ? nil : $0 }
                guard var last = identifiers.last, !Self.objectiveCHarmless.contains(last) else {
                    if let labelled {
                        matches.append(Match(file.range(of: token), "\(token.text) logs a value as the \(labelled.label)"))
                        break
                    }
                    continue
                }
                var position = identifiers.count - 1
                var isFieldText = false
                while Self.objectiveCTransparent.contains(last) && position > 0 {
                    position -= 1
                    let previous = identifiers[position]
                    if last == "text" && SecretNames.isSensitive(previous) {
                        isFieldText = true
                        last = previous
                        break
                    }
                    last = previous
                }
                if isFieldText || SecretNames.isSecretValue(last) {
                    matches.append(Match(file.range(of: token), "\(token.text) logs \(last)"))
                    break
                }
                // `user[@"password"] = …` earlier in the method; `user` is logged.
                if position == 0 || identifiers[position - 1] != "self", let field = stores[last] {
                    matches.append(Match(file.range(of: token), "\(token.text) logs \(last), which holds \(field)"))
                    break
                }
                if let labelled {
                    matches.append(Match(file.range(of: token), "\(token.text) logs \(identifiers.last ?? last) as the \(labelled.label)"))
                    break
                }
            }
        }
        return matches
    }

    /// Whether a labelled Objective-C argument is a fact (a literal, an error, a count,
    /// a flag), not the secret.
    private func isObjectiveCFact(_ tokens: ArraySlice<ObjectiveCToken>, identifiers: [String]) -> Bool {
        guard let last = identifiers.last else { return true }
        if identifiers.contains(where: { $0.contains("rror") }) { return true }
        if tokens.contains(where: { $0.text == "=" || $0.text == "<" || $0.text == ">" || $0.text == "!" || $0.text == "?" }) { return true }
        return Self.objectiveCHarmless.contains(last) || SensitiveLabels.isFactName(last)
    }
}
