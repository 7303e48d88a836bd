import Foundation
import SwiftSyntax
import AuditKit

/// `http://` URLs the app requests: the traffic is readable and rewritable by anyone on
/// the path, and ATS exceptions are needed to make them work at all.
///
/// Reported: a literal handed straight to a request API; one bound to an endpoint-named
/// value (`baseURL`, `apiHost`, `loginEndpoint`, members of an `Endpoints` type); one bound
/// to an ordinary URL name (`url`, `tutorialUrl`, `URL(string:)`) only when the same file
/// sends requests and the value is not only handed to Safari (`UIApplication.open`,
/// `SFSafariViewController`, `Link`). Local hosts are left alone, except a loopback URL
/// whose query carries a credential (`password=`, `token=`, `pin=`) or in a file that posts
/// a secret or personal identifier in a request body.
struct NetworkCleartextURL: AuditRule {
    let metadata = RuleMetadata(
        id: "network-cleartext-url",
        title: "Clear-text http:// URL used for a network request",
        severity: .medium,
        category: .network,
        masvs: "MASVS-NETWORK-1",
        cwe: 319,
        rationale:
            "A request to an http:// URL travels unencrypted: anyone on the same Wi-Fi, a compromised router or the carrier can read the data and session cookies and change the response (inject script into a web view, swap a download, redirect a payment). It also only works when App Transport Security has been weakened for that host. Links the app only opens in Safari are not its requests and are not reported; a localhost URL is reported only when its query carries a password, token or PIN, or when the file posts a secret or a personal identifier (a social security or card number) in a request body: a local stand-in for the real server that sends them in the clear (and, in a query, into every log).",
        fix:
            "Use https:// for every endpoint (and fix the server if it has no certificate). Keep base URLs in one configuration place, and for local development use localhost with NSAllowsLocalNetworking instead of a clear-text production host."
    )

    let skipsTestCode = true

    let triggers = ["http://", "http:/$()/"]
    /// Its words are in string literals (URLs) or property list keys.
    let triggersAreCode = false

    /// For Swift: a string literal that starts with `http://` (the only literals
    /// ``checkSwift(_:project:)`` reports).
    let preCheck = PreCheck.swiftLiteralStarting("http://")

    func checkText(_ file: TextFile, project _: ProjectFacts) -> [Match] {
        file.path.hasSuffix(".xcconfig") ? checkXcconfig(file) : []
    }

    // MARK: What counts

    /// The host of a clear-text URL worth reporting, or nil (not http, no host, a local
    /// or reserved host, an XML namespace or DTD).
    static func reportableHost(_ text: String) -> String? {
        guard let host = host(of: text), !LocalHosts.isLoopback(host) else { return nil }
        return host
    }

    /// The host of a clear-text URL worth reporting: a remote one, or a loopback one
    /// whose query carries credentials (`…?user=…&password=…`: a local stand-in for the
    /// real server that sends the password in the clear, and puts it in every proxy and
    /// server log on the way).
    static func reportableHost(_ text: String, query: String, sensitiveBody: @autoclosure () -> String? = nil) -> (host: String, credential: String?)? {
        guard let host = host(of: text) else { return nil }
        if !LocalHosts.isLoopback(host) { return (host, nil) }
        if let credential = credentialParameter(in: query) { return (host, credential + "= in its query") }
        guard let field = sensitiveBody() else { return nil }
        return (host, field + " in a request body")
    }

    /// Words that set a request body.
    private static let bodyWords: Set<String> = ["httpBody", "HTTPBody", "setHTTPBody", "httpBodyStream", "uploadTask", "uploadTaskWithRequest"]

    /// For a loopback URL: the secret or personal identifier (`password`, `ssnField`,
    /// `socialSecurityNumber`) named in a declaration of the file that sets a request body,
    /// or nil. A local stand-in for the real server that posts these in the clear.
    static func sensitiveBodyField(in file: SwiftFile) -> String? {
        let tokens = file.tokens.tokens
        let utf8 = Array(file.text.utf8)
        for chunk in SwiftDeclarationChunks(text: file.text, tokens: file.tokens).chunks {
            let names = tokens[chunk.tokens].filter { $0.kind == .identifier || $0.kind == .literal }
                .map { String(decoding: utf8[$0.start..<$0.end], as: UTF8.self) }
            if let field = sensitiveBodyField(names: names) { return field }
        }
        return nil
    }

    /// ``sensitiveBodyField(in:)`` for Objective-C, method by method.
    static func sensitiveBodyField(in file: ObjectiveCFile) -> String? {
        let tokens = file.tokens
        var index = 0
        while index < tokens.count {
            guard tokens[index].kind == .identifier, bodyWords.contains(tokens[index].text), let body = file.bodyRange(containing: index) else {
                index += 1
                continue
            }
            let names = tokens[body].filter { $0.kind == .identifier || $0.kind == .string }.map(\.text)
            if let field = sensitiveBodyField(names: names) { return field }
            index = max(index + 1, body.upperBound)
        }
        return nil
    }

    /// Of the names of one declaration, the sensitive one, when the declaration sets a body.
    private static func sensitiveBodyField(names: [String]) -> String? {
        guard names.contains(where: bodyWords.contains) else { return nil }
        return names.sorted().first { name in
            // A name or a key: letters, digits and separators, not a sentence or a format.
            guard name.utf8.count <= 40,
                name.utf8.allSatisfy({ $0 == 0x5F || $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) })
            else { return false }
            let words = SecretNames.splitWords(name)
            let joined = words.joined()
            return SecretNames.isSecretValue(name) || words.contains("ssn") || words.contains("ssns")
                || ["socialsecurity", "creditcard", "cardnumber", "passportnumber", "dateofbirth"].contains { joined.contains($0) }
        }
    }

    private static func host(of text: String) -> String? {
        guard text.hasPrefix("http://") else { return nil }
        let rest = text.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\"" }
        var host = authority.split(separator: "@").last.map(String.init) ?? ""
        if host.hasPrefix("[") {
            host = String(host.dropFirst().prefix { $0 != "]" })
        } else if let colon = host.firstIndex(of: ":") {
            host = String(host[..<colon])
        }
        host = host.lowercased()
        if host == "localhost" { return host }
        guard !host.isEmpty, host.contains(".") || host.contains(":"), !host.contains("$"), !host.contains("\\"), !host.contains("%") else { return nil }
        // Private networks, reserved and documentation names: placeholders or development hosts.
        if LocalHosts.isPrivateOrReserved(host) || LocalHosts.isDocumentationDomain(host) { return nil }
        let namespaceHosts = [
            "www.w3.org", "w3.org", "schemas.xmlsoap.org", "schemas.microsoft.com", "ns.adobe.com", "purl.org", "xml.org", "www.xml.org", "json-schema.org",
            "schemas.android.com", "xmlns.com", "www.opengis.net", "docs.oasis-open.org",
            "www.apache.org", "apache.org", "opensource.org", "creativecommons.org", "www.gnu.org", "gnu.org", "ns.apple.com",
            "schemas.openxmlformats.org", "xmlpull.org", "www.xmlpull.org",
        ]
        if namespaceHosts.contains(host) { return nil }
        if host.hasSuffix("apple.com") && rest.contains("/DTDs/") { return nil }
        return host
    }

    private static let credentialParameters: Set<String> = [
        "password", "passwd", "pwd", "pass", "passcode", "pin", "token", "accesstoken", "authtoken", "refreshtoken", "sessiontoken",
        "secret", "clientsecret", "apikey", "sessionid",
    ]

    /// The first query parameter of `text` that carries a credential (`password=`,
    /// `token=`, `pin=`), or nil.
    static func credentialParameter(in text: String) -> String? {
        guard let question = text.firstIndex(of: "?") else { return nil }
        for pair in text[text.index(after: question)...].split(whereSeparator: { $0 == "&" || $0 == ";" }) {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals]
            let compact = name.lowercased().filter { $0 != "_" && $0 != "-" }
            if credentialParameters.contains(compact) { return String(name) }
        }
        return nil
    }

    /// Whether an identifier or key names a URL, host or endpoint.
    static func isURLName(_ name: String) -> Bool {
        let words = SecretNames.splitWords(name)
        return words.contains {
            ["url", "urls", "uri", "endpoint", "endpoints", "host", "server", "baseurl", "api", "domain", "link", "website", "webservice", "backend"].contains(
                $0)
        }
    }

    /// Whether a name follows the convention of a value the app sends requests to (an
    /// API base, endpoint, server or host), rather than a link it may only show.
    static func isEndpointName(_ name: String) -> Bool {
        let words = SecretNames.splitWords(name)
        if words.contains(where: {
            [
                "endpoint", "endpoints", "host", "hostname", "server", "api", "apis", "baseurl", "backend", "webservice", "gateway", "rest", "graphql", "cdn",
                "socket", "websocket",
            ].contains($0)
        }) {
            return true
        }
        if words.contains("base") && words.contains(where: { $0 == "url" || $0 == "uri" }) { return true }
        // `EndPoints`, `APIBaseURL`: words the split keeps apart or together.
        let joined = words.joined()
        return ["endpoint", "baseurl", "baseuri", "apiurl", "apibase", "apihost", "apiserver", "serverurl", "backend", "webservice"].contains {
            joined.contains($0)
        }
    }

    /// Whether a type is a namespace of endpoints (`Endpoints`, `EndPoints`, `APIURLs`,
    /// `Routes`; not `UrlLinks`): what its members return are request URLs, whatever their own names.
    static func isEndpointContainer(_ name: String) -> Bool {
        let words = SecretNames.splitWords(name)
        if words.joined().contains("endpoint") || words.contains(where: { $0 == "route" || $0 == "routes" }) { return true }
        // `APIURLs`, not `URLLinks` (a list of links).
        return words.contains { $0 == "api" || $0 == "server" } && words.contains { $0 == "url" || $0 == "urls" }
    }

    /// How a clear-text literal is used, as far as the rule can tell.
    private enum Use {
        /// Passed straight to a request API.
        case request(String)
        /// Bound to an endpoint-named value: reported unless this file uses it without
        /// ever sending a request (a cookie domain, a display string).
        case endpoint(String, name: String?)
        /// A URL (or URL-named value) whose use decides: reported when the file also
        /// sends requests and the value is not only opened in Safari.
        case url(String, name: String?)
    }

    // MARK: Swift

    /// Calls that send a request to (or load) the URL they are given.
    private static let requestCallees: Set<String> = [
        "request", "upload", "download", "streamRequest", "dataTask", "downloadTask", "uploadTask", "webSocketTask", "streamTask",
        "load", "loadRequest", "get", "post", "put", "patch", "delete", "fetch", "URLRequest", "NSURLRequest", "NSMutableURLRequest",
        "WebSocket", "NSURLConnection", "dataTaskPublisher",
    ]
    /// Calls that build a URL from the string.
    private static let urlBuilders: Set<String> = ["URL", "NSURL", "URLComponents", "NSURLComponents"]
    /// Calls that hand a URL to Safari or another app: no request of the app's own.
    private static let externalOpeners: Set<String> = ["open", "openURL", "canOpenURL", "SFSafariViewController", "Link", "openURLAction"]

    /// Whether the Swift file sends requests itself (judged on the whole text, so that a
    /// blanked declaration does not change the answer).
    private static func sendsRequests(_ file: SwiftFile) -> Bool {
        let identifiers = file.lexical.identifiers
        let sinks = [
            "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLSession", "NSURLSession", "NSURLConnection", "dataTask", "downloadTask",
            "uploadTask", "webSocketTask", "dataTaskPublisher", "AF", "Alamofire", "AFHTTPSessionManager", "loadRequest", "Moya", "MoyaProvider",
        ]
        if sinks.contains(where: { identifiers.contains(Substring($0)) }) { return true }
        return ["Data(contentsOf:", "String(contentsOf:", "NSData(contentsOf:", "NSString(contentsOf:"].contains { file.text.contains($0) }
    }

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        var sendsRequests: Bool?
        for literal in file.index.strings {
            guard let first = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text, first.hasPrefix("http://") else { continue }
            // The host must be written out (not interpolated).
            let text = literal.literalValue ?? first
            if literal.literalValue == nil, !first.dropFirst("http://".count).contains("/") { continue }
            let whole = literal.segments.map { $0.as(StringSegmentSyntax.self)?.content.text ?? "{}" }.joined()
            guard let found = Self.reportableHost(text, query: whole, sensitiveBody: Self.sensitiveBodyField(in: file)),
                let use = use(of: literal)
            else { continue }
            let (host, credential) = found
            let context: String
            switch use {
            case .request(let place):
                context = place
            case .endpoint(let place, let name):
                if sendsRequests == nil { sendsRequests = Self.sendsRequests(file) }
                if sendsRequests == false, let name, isUsed(name, in: file) { continue }
                context = place
            case .url(let place, let name):
                if sendsRequests == nil { sendsRequests = Self.sendsRequests(file) }
                guard sendsRequests == true, !opensOnlyExternally(name, literal: literal, in: file) else { continue }
                context = place
            }
            let message =
                credential.map { "clear-text http:// URL to \(host) carries \($0), in \(context)" }
                ?? "clear-text http:// URL to \(host) in \(context)"
            matches.append(Match(file.range(of: literal), message))
        }
        return matches
    }

    /// Where the literal is used: a request, an endpoint-named value, a URL value whose
    /// uses decide; nil when it is not a URL the app loads (a message, a namespace, a
    /// link opened outside the app).
    private func use(of literal: StringLiteralExprSyntax) -> Use? {
        guard let parent = literal.parent else { return nil }
        if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            let label = argument.label?.text ?? ""
            let callee = call.calleeText
            let place = "\(callee)(\(label.isEmpty ? "" : label + ":"))"
            if Self.externalOpeners.contains(call.calleeName) { return nil }
            if Self.requestCallees.contains(call.calleeName) || Self.isEndpointName(label) { return .request(place) }
            if Self.urlBuilders.contains(call.calleeName) || callee.hasPrefix("URL") || callee.hasPrefix("NSURL") { return use(ofURL: call, described: place) }
            if Self.isURLName(label) { return .url(place, name: nil) }
            return nil
        }
        return namedUse(of: Syntax(literal), isURL: false) ?? localRequestUse(of: literal)
    }

    /// `let todos = "http://…"` inside a function or closure, whatever its name, when the
    /// same body sends a request to it: `AF.request(todos, headers: …)`,
    /// `URLRequest(url: URL(string: todos)!)`, or a URL built from it and bound once more.
    /// The same as handing the literal to the request directly.
    private func localRequestUse(of literal: StringLiteralExprSyntax) -> Use? {
        guard let initializer = literal.parent?.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
            declaration.bindingSpecifier.tokenKind == .keyword(.let),
            declaration.parent?.is(CodeBlockItemSyntax.self) == true,
            let body = literal.enclosingBody
        else { return nil }
        let references = body.descendants(DeclReferenceExprSyntax.self)
        guard let place = Self.requestPlace(of: name, references: references, depth: 0) else { return nil }
        return .request("\(name), sent with \(place)")
    }

    /// The request call (`AF.request()`) that a local value named `name` reaches in
    /// `references`' body: as an argument, through `URL(string:)`, or through one more
    /// local binding of such a URL.
    private static func requestPlace(of name: String, references: [DeclReferenceExprSyntax], depth: Int) -> String? {
        for reference in references where reference.baseName.text == name && reference.argumentNames == nil {
            var node = unwrapped(Syntax(reference))
            var builtURL = false
            if let argument = node.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                urlBuilders.contains(call.calleeName)
            {
                node = unwrapped(Syntax(call))
                builtURL = true
            }
            if let argument = node.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                requestCallees.contains(call.calleeName)
            {
                return "\(call.calleeText)(\(argument.label.map { $0.text + ":" } ?? ""))"
            }
            // `let url = URL(string: name)!` / `guard let url = URL(string: name)`: follow `url` once.
            if builtURL, depth == 0, let initializer = node.parent?.as(InitializerClauseSyntax.self),
                let bound =
                    (initializer.parent?.as(PatternBindingSyntax.self)?.pattern ?? initializer.parent?.as(OptionalBindingConditionSyntax.self)?.pattern)?
                    .as(IdentifierPatternSyntax.self)?.identifier.text,
                bound != name, let place = requestPlace(of: bound, references: references, depth: depth + 1)
            {
                return place
            }
        }
        return nil
    }

    /// `node` with the `!`, `?` and `try` around it.
    private static func unwrapped(_ node: Syntax) -> Syntax {
        var node = node
        while let parent = node.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) || parent.is(TryExprSyntax.self) {
            node = parent
        }
        return node
    }

    /// `URL(string: "http://…")`: what receives the URL.
    private func use(ofURL call: FunctionCallExprSyntax, described: String) -> Use? {
        var node = Syntax(call)
        while let parent = node.parent,
            parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.is(TryExprSyntax.self) || parent.is(TupleExprSyntax.self)
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
                || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
        {
            node = parent
        }
        if let argument = node.parent?.as(LabeledExprSyntax.self), let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            if Self.externalOpeners.contains(outer.calleeName) { return nil }
            let label = argument.label?.text ?? ""
            if Self.requestCallees.contains(outer.calleeName) || Self.isEndpointName(label) {
                return .request("\(outer.calleeText)(\(label.isEmpty ? "" : label + ":"))")
            }
            return .url(described, name: nil)
        }
        return namedUse(of: node, isURL: true) ?? .url(described, name: nil)
    }

    /// The use of a value by the name it is bound to: a variable, an enum case, an
    /// assignment target, a dictionary key, a computed property or function returning it.
    private func namedUse(of node: Syntax, isURL: Bool) -> Use? {
        guard let parent = node.parent else { return nil }
        var name: String?
        if let initializer = parent.as(InitializerClauseSyntax.self) {
            if let binding = initializer.parent?.as(PatternBindingSyntax.self) {
                name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            } else if let binding = initializer.parent?.as(OptionalBindingConditionSyntax.self) {
                name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            } else if let element = initializer.parent?.as(EnumCaseElementSyntax.self) {
                name = element.name.text
            }
        } else if let sequence = parent.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id {
                name = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            }
        } else if let element = parent.as(DictionaryElementSyntax.self), element.value.id == node.id {
            name = element.key.as(StringLiteralExprSyntax.self)?.literalValue ?? element.key.trimmedDescription
        } else if parent.is(CodeBlockItemSyntax.self) || parent.is(ReturnStmtSyntax.self) {
            // A computed property or a function returning the URL string.
            name = Self.enclosingDeclarationName(of: node)
        }
        let typeName = Self.enclosingTypeName(of: node)
        if let name, Self.isEndpointName(name) { return .endpoint(name, name: name) }
        if let typeName, Self.isEndpointContainer(typeName) { return .endpoint(name.map { "\(typeName).\($0)" } ?? typeName, name: name) }
        guard let name else { return nil }
        if isURL || Self.isURLName(name) { return .url(name, name: name) }
        return nil
    }

    private static func enclosingDeclarationName(of node: Syntax) -> String? {
        guard let declaration = node.nearestAncestor([.patternBinding, .functionDecl], before: [.closureExpr, .memberBlock]) else { return nil }
        if let binding = declaration.as(PatternBindingSyntax.self) { return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        return declaration.as(FunctionDeclSyntax.self)?.name.text
    }

    private static func enclosingTypeName(of node: Syntax) -> String? {
        guard let type = node.nearestAncestor([.enumDecl, .structDecl, .classDecl, .extensionDecl]) else { return nil }
        if let type = type.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = type.as(StructDeclSyntax.self) { return type.name.text }
        if let type = type.as(ClassDeclSyntax.self) { return type.name.text }
        return type.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
    }

    /// Whether the file refers to `name` (besides declaring it).
    private func isUsed(_ name: String, in file: SwiftFile) -> Bool {
        file.index.references.contains { $0.baseName.text == name }
            || file.index.memberAccesses.contains { $0.declName.baseName.text == name && $0.base != nil }
    }

    /// Whether every use of `name` in the file hands it to Safari or another app
    /// (`UIApplication.shared.open`, `SFSafariViewController`); false when it has no use
    /// here or some use is not such a hand-off. Without a name, whether the literal
    /// itself sits in such a call.
    private func opensOnlyExternally(_ name: String?, literal: StringLiteralExprSyntax, in file: SwiftFile) -> Bool {
        guard let name else { return false }
        var uses: [Syntax] = file.index.references.filter { $0.baseName.text == name }.map(Syntax.init)
        uses += file.index.memberAccesses.filter { $0.declName.baseName.text == name && $0.base != nil }.map(Syntax.init)
        guard !uses.isEmpty else { return false }
        return uses.allSatisfy { use in
            var current = use.parent
            var depth = 0
            while let node = current, depth < 8 {
                if let call = node.as(FunctionCallExprSyntax.self) {
                    if Self.externalOpeners.contains(call.calleeName) { return true }
                    if !Self.urlBuilders.contains(call.calleeName) { return false }
                }
                if node.is(CodeBlockItemSyntax.self) || node.is(MemberBlockItemSyntax.self) { return false }
                current = node.parent
                depth += 1
            }
            return false
        }
    }

    // MARK: Objective-C

    /// Selectors and functions that send a request to (or load) the URL.
    private static let objcRequestWords: Set<String> = [
        "requestWithURL", "loadRequest", "GET", "POST", "PUT", "DELETE", "PATCH", "dataTaskWithURL", "downloadTaskWithURL", "uploadTaskWithURL",
        "dataWithContentsOfURL", "stringWithContentsOfURL", "initWithContentsOfURL", "sendSynchronousRequest", "connectionWithRequest",
    ]
    /// Selectors that build a URL from the string.
    private static let objcURLWords: Set<String> = [
        "URLWithString", "initWithString", "stringByAppendingString", "URLComponents", "componentsWithString", "stringWithFormat",
    ]
    /// Words showing the file sends requests.
    private static let objcSinks: Set<String> = [
        "NSURLRequest", "NSMutableURLRequest", "requestWithURL", "NSURLSession", "NSURLConnection", "dataTaskWithURL", "dataTaskWithRequest",
        "downloadTaskWithURL", "downloadTaskWithRequest", "uploadTaskWithRequest", "sendSynchronousRequest", "sendAsynchronousRequest", "loadRequest",
        "dataWithContentsOfURL", "stringWithContentsOfURL", "initWithContentsOfURL", "AFHTTPSessionManager", "AFHTTPRequestOperationManager",
    ]
    private static let objcExternalOpeners: Set<String> = ["openURL", "SFSafariViewController", "canOpenURL"]

    func checkObjectiveC(_ file: ObjectiveCFile, project: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        var sendsRequests: Bool?
        // A header's constants are used by the files that import it: the project's requests count.
        let sharedHeader = file.path.hasSuffix(".h") && project.sendsRequests
        for (index, token) in tokens.enumerated() where token.kind == .string && token.text.hasPrefix("http://") {
            guard let found = Self.reportableHost(token.text, query: token.text, sensitiveBody: Self.sensitiveBodyField(in: file)) else { continue }
            let (host, credential) = found
            // The statement (or directive) before the literal.
            var start = index
            while start > 0, ![";", "{", "}"].contains(tokens[start - 1].text), tokens[start - 1].inDirective == token.inDirective { start -= 1 }
            let before = tokens[start..<index]
            if before.contains(where: { $0.text == "NSLog" || $0.text == "NSLocalizedString" || Self.objcExternalOpeners.contains($0.text) }) { continue }
            let isRequest = before.contains { Self.objcRequestWords.contains($0.text) }
            let isURL = before.contains { Self.objcURLWords.contains($0.text) }
            let named = before.last {
                $0.kind == .identifier && Self.isURLName($0.text) && !Self.objcRequestWords.contains($0.text) && !Self.objcURLWords.contains($0.text)
                    && !$0.text.hasPrefix("NS")
            }
            // `NSString *const kName = @"…"`, `#define kName @"…"`, `NSURL *name = …`.
            let bound = before.last {
                $0.kind == .identifier && !Self.objcURLWords.contains($0.text)
                    && !["NSString", "NSURL", "const", "static", "define", "extern"].contains($0.text)
            }
            // `#define kName @"…"`, `NSString *const kName = @"…"`: the literal is bound to a name.
            let isBinding = before.contains { $0.text == "=" || $0.text == "define" }
            var context: String
            if isRequest {
                context = named?.text ?? "a request"
            } else if let named, Self.isEndpointName(named.text) {
                // An endpoint constant this file only uses without sending requests: not one.
                if sendsRequests == nil { sendsRequests = tokens.contains { $0.kind == .identifier && Self.objcSinks.contains($0.text) } }
                if sendsRequests == false, file.identifiers(named: named.text).count > 1 { continue }
                context = named.text
            } else if isURL || named != nil {
                if sendsRequests == nil { sendsRequests = tokens.contains { $0.kind == .identifier && Self.objcSinks.contains($0.text) } }
                guard sendsRequests == true || sharedHeader else { continue }
                let name = named?.text ?? (start < index && isBinding ? bound?.text : nil)
                if let name, objcOpensOnlyExternally(name, in: file) { continue }
                context = named?.text ?? "a request"
            } else if sharedHeader, let bound, isBinding, !objcOpensOnlyExternally(bound.text, in: file) {
                // `#define kHomePage @"http://…"` in a header of an app that sends requests.
                context = bound.text
            } else {
                continue
            }
            if credential != nil, context == "a request" { context = "a request URL" }
            var range = file.range(of: token)
            // Report at the `@` of `@"…"` (the token's column is its opening quote).
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            if token.line - 1 < lines.count, token.column >= 2 {
                let bytes = Array(lines[token.line - 1].utf8)
                if token.column - 2 < bytes.count, bytes[token.column - 2] == UInt8(ascii: "@") { range.column = token.column - 1 }
            }
            let message =
                credential.map { "clear-text http:// URL to \(host) carries \($0), in \(context)" }
                ?? "clear-text http:// URL to \(host) in \(context)"
            matches.append(Match(range, message))
        }
        return matches
    }

    /// Whether every other use of the Objective-C name sits in a statement that opens it
    /// in Safari or another app.
    private func objcOpensOnlyExternally(_ name: String, in file: ObjectiveCFile) -> Bool {
        let tokens = file.tokens
        let uses = file.identifiers(named: name)
        guard uses.count > 1 else { return false }
        return uses.dropFirst().allSatisfy { index in
            var start = index
            while start > 0, ![";", "{", "}"].contains(tokens[start - 1].text) { start -= 1 }
            var end = index
            while end < tokens.count, ![";", "{", "}"].contains(tokens[end].text) { end += 1 }
            return tokens[start..<end].contains { Self.objcExternalOpeners.contains($0.text) }
        }
    }

    // MARK: Property lists and xcconfig

    /// A built app's binaries: `http://` URLs to a remote host among their C strings
    /// (XML namespaces, DTDs and local hosts excluded, as in source).
    func checkBinary(_ file: BinaryFile, project _: ProjectFacts) -> [Match] {
        file.cStrings.compactMap { string in
            guard string.text.hasPrefix("http://"), let host = Self.reportableHost(string.text) else { return nil }
            return Match(BinaryLocation(section: string.section, offset: string.fileOffset), "clear-text http:// URL to \(host) in the binary's strings")
        }
    }

    func checkPropertyList(_ plist: PropertyListFile, project _: ProjectFacts) -> [Match] {
        guard plist.role == .infoPlist || plist.role == .other else { return [] }
        var matches: [Match] = []
        func visit(_ value: PropertyListValue, key: String?) {
            switch value {
            case .string(let text):
                if let key, Self.isEndpointName(key), let host = Self.reportableHost(text) {
                    matches.append(Match(plist.range(ofKey: key), "clear-text http:// URL to \(host) in \(key)"))
                }
            case .dictionary(let entries):
                for (name, entry) in entries { visit(entry, key: name) }
            case .array(let items):
                for item in items { visit(item, key: key) }
            default:
                break
            }
        }
        visit(plist.root, key: nil)
        return matches
    }

    private func checkXcconfig(_ file: TextFile) -> [Match] {
        var matches: [Match] = []
        for (offset, line) in file.lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("//"), let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            // `http:/$()/host` is how an xcconfig writes `//` without starting a comment.
            let url = value.replacingOccurrences(of: "/$()/", with: "//")
            guard Self.isEndpointName(key.split(separator: "[").first.map(String.init) ?? key), let host = Self.reportableHost(url) else { continue }
            let column = line.utf8.distance(from: line.startIndex, to: trimmed.startIndex) + 1
            matches.append(Match(SourceRange(line: offset + 1, column: column), "clear-text http:// URL to \(host) in \(key)"))
        }
        return matches
    }
}
