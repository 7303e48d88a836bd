import Foundation
import SwiftSyntax

/// `http://` URLs the app requests: the traffic is readable and rewritable by anyone on
/// the path, and ATS exceptions are needed to make them work at all.
struct NetworkCleartextURL: AuditRule {
    let metadata = RuleMetadata(
        id: "network-cleartext-url",
        title: "Clear-text http:// URL used for a network request",
        severity: .medium,
        category: .network,
        masvs: "MASVS-NETWORK-1",
        rationale: "A request to an http:// URL travels unencrypted: anyone on the same Wi-Fi, a compromised router or the carrier can read the data and session cookies and change the response (inject script into a web view, swap a download, redirect a payment). It also only works when App Transport Security has been weakened for that host.",
        fix: "Use https:// for every endpoint (and fix the server if it has no certificate). Keep base URLs in one configuration place, and for local development use localhost with NSAllowsLocalNetworking instead of a clear-text production host."
    )

    let skipsTestCode = true

    let triggers = ["http://", "http:/$()/"]

    let examples: [RuleExample] = [
        .swift("""
        enum API {
            static let baseURL = ↓"http://api.vulnerablebank.com/v1"
        }
        func loadStatement(id: String) {
            let url = URL(string: ↓"http://statements.vulnerablebank.com/\\(id).pdf")!
            let request = URLRequest(url: url)
            AF.request(↓"http://legacy.vulnerablebank.com/login", method: .post)
        }
        """),
        .swift("""
        struct Environment {
            var apiHost = ↓"http://staging.vulnerablebank.com"
            var webEndpoint: URL? { URL(string: ↓"http://help.vulnerablebank.com/faq") }
        }
        """),
        .swift("""
        // Not requests or not remote: local servers, XML namespaces, placeholders, scheme checks.
        let local = URL(string: "http://localhost:8080/api")
        let loopback = URL(string: "http://127.0.0.1:3000")
        let printer = URL(string: "http://printer.local/status")
        let namespace = "http://www.w3.org/2000/svg"
        let sample = URL(string: "http://example.com/path")
        let secure = URL(string: "https://api.vulnerablebank.com/v1")
        func isInsecure(_ url: String) -> Bool { url.hasPrefix("http://") }
        let message = "Visit http://vulnerablebank.com for help"
        let dynamic = URL(string: "http://\\(host)/api")
        """),
        .objectiveC("""
        #define kBaseURL ↓@"http://api.vulnerablebank.com/v1"
        static NSString *const kLoginEndpoint = ↓@"http://auth.vulnerablebank.com/login";
        - (void)load {
            NSURL *url = [NSURL URLWithString:↓@"http://cdn.vulnerablebank.com/terms.html"];
            [self.webView loadRequest:[NSURLRequest requestWithURL:url]];
        }
        """),
        .objectiveC("""
        NSURL *url = [NSURL URLWithString:@"https://api.vulnerablebank.com/v1"];
        NSString *dtd = @"http://www.apple.com/DTDs/PropertyList-1.0.dtd";
        NSLog(@"see http://vulnerablebank.com");
        """),
        .plist("Info.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            ↓<key>APIBaseURL</key>
            <string>http://api.vulnerablebank.com</string>
            <key>SupportURL</key>
            <string>https://vulnerablebank.com/support</string>
            <key>DebugServerURL</key>
            <string>http://localhost:8080</string>
        </dict>
        </plist>
        """),
        RuleExample(.text(fileName: "Release.xcconfig"), """
        // Base URL of the backend
        ↓API_BASE_URL = http:/$()/api.vulnerablebank.com
        CDN_HOST = https:/$()/cdn.vulnerablebank.com
        DEV_URL = http:/$()/localhost:8080
        """),
    ]

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        // Test code, mocks and previews are not shipped.
        return switch file {
        case .swift(let swift): checkSwift(swift)
        case .objectiveC(let objc): checkObjectiveC(objc)
        case .propertyList(let plist): checkPlist(plist)
        case .text(let text): text.path.hasSuffix(".xcconfig") ? checkXcconfig(text) : []
        }
    }

    // MARK: What counts

    /// The host of a clear-text URL worth reporting, or nil (not http, no host, a local
    /// or reserved host, an XML namespace or DTD).
    static func reportableHost(_ text: String) -> String? {
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
        guard !host.isEmpty, host.contains(".") || host.contains(":"), !host.contains("$"), !host.contains("\\"), !host.contains("%") else { return nil }
        if ["localhost", "127.0.0.1", "::1", "0.0.0.0"].contains(host) || host.hasSuffix(".localhost") || host.hasSuffix(".local") { return nil }
        // RFC 2606 documentation and test names: placeholders, not real endpoints.
        for reserved in ["example.com", "example.org", "example.net", "test", "example", "invalid"] where host == reserved || host.hasSuffix("." + reserved) {
            return nil
        }
        if host.hasPrefix("10.") || host.hasPrefix("192.168.") || host.hasPrefix("169.254.") { return nil }
        if host.hasPrefix("172."), let second = host.split(separator: ".").dropFirst().first.flatMap({ Int($0) }), (16...31).contains(second) { return nil }
        let namespaceHosts = ["www.w3.org", "w3.org", "schemas.xmlsoap.org", "schemas.microsoft.com", "ns.adobe.com", "purl.org", "xml.org", "www.xml.org", "json-schema.org", "schemas.android.com", "xmlns.com", "www.opengis.net", "docs.oasis-open.org",
                              "www.apache.org", "apache.org", "opensource.org", "creativecommons.org", "www.gnu.org", "gnu.org", "ns.apple.com",
                              "schemas.openxmlformats.org", "xmlpull.org", "www.xmlpull.org"]
        if namespaceHosts.contains(host) { return nil }
        if host.hasSuffix("apple.com") && rest.contains("/DTDs/") { return nil }
        return host
    }

    /// Whether an identifier or key names a URL, host or endpoint.
    static func isURLName(_ name: String) -> Bool {
        let words = SensitiveNames.splitWords(name)
        return words.contains { ["url", "urls", "uri", "endpoint", "endpoints", "host", "server", "baseurl", "api", "domain", "link", "website", "webservice", "backend"].contains($0) }
    }

    // MARK: Swift

    private static let requestCallees: Set<String> = [
        "URL", "NSURL", "URLComponents", "request", "upload", "download", "streamRequest", "dataTask", "downloadTask", "uploadTask",
        "load", "loadRequest", "open", "get", "post", "put", "patch", "delete", "fetch", "SFSafariViewController", "URLRequest", "WebSocket",
    ]

    private func checkSwift(_ file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        for literal in file.index.strings {
            guard let first = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text, first.hasPrefix("http://") else { continue }
            // The host must be written out (not interpolated).
            let text = literal.literalValue ?? first
            if literal.literalValue == nil, !first.dropFirst("http://".count).contains("/") { continue }
            guard let host = Self.reportableHost(text), let context = requestContext(of: literal) else { continue }
            matches.append(Match(file.range(of: literal), "clear-text http:// URL to \(host) in \(context)"))
        }
        return matches
    }

    /// Where the literal is used, when that is a request or a URL-named value.
    private func requestContext(of literal: StringLiteralExprSyntax) -> String? {
        guard let parent = literal.parent else { return nil }
        if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            let label = argument.label?.text ?? ""
            let callee = call.calleeText
            if Self.requestCallees.contains(call.calleeName) || Self.isURLName(label) || callee.hasPrefix("URL") || callee.hasPrefix("NSURL") { return "\(callee)(\(label.isEmpty ? "" : label + ":"))" }
            return nil
        }
        if let initializer = parent.as(InitializerClauseSyntax.self) {
            if let binding = initializer.parent?.as(PatternBindingSyntax.self),
               let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, Self.isURLName(name) {
                return name
            }
            if let element = initializer.parent?.as(EnumCaseElementSyntax.self), Self.isURLName(element.name.text) { return "case \(element.name.text)" }
            return nil
        }
        if let sequence = parent.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == literal.id {
                let target = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
                if let target, Self.isURLName(target) { return target }
            }
            return nil
        }
        if let element = parent.as(DictionaryElementSyntax.self), element.value.id == literal.id {
            let key = element.key.as(StringLiteralExprSyntax.self)?.literalValue ?? element.key.trimmedDescription
            return Self.isURLName(key) ? key : nil
        }
        // A computed property or a function returning the URL string.
        if parent.is(CodeBlockItemSyntax.self) || parent.is(ReturnStmtSyntax.self) {
            if let name = literal.enclosingVariableName ?? literal.enclosingFunctionDecl?.name.text, Self.isURLName(name) { return name }
        }
        return nil
    }

    // MARK: Objective-C

    private static let objcRequestWords: Set<String> = ["URLWithString", "initWithString", "requestWithURL", "loadRequest", "GET", "POST", "PUT", "DELETE", "stringByAppendingString", "URLComponents", "componentsWithString"]

    private func checkObjectiveC(_ file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .string && token.text.hasPrefix("http://") {
            guard let host = Self.reportableHost(token.text) else { continue }
            // The statement (or directive) before the literal.
            var start = index
            while start > 0, ![";", "{", "}"].contains(tokens[start - 1].text), tokens[start - 1].inDirective == token.inDirective { start -= 1 }
            let before = tokens[start..<index]
            if before.contains(where: { $0.text == "NSLog" || $0.text == "NSLocalizedString" }) { continue }
            let isRequest = before.contains { Self.objcRequestWords.contains($0.text) }
            let named = before.last { $0.kind == .identifier && Self.isURLName($0.text) }
            guard isRequest || named != nil else { continue }
            var range = file.range(of: token)
            // Report at the `@` of `@"…"` (the token's column is its opening quote).
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            if token.line - 1 < lines.count, token.column >= 2 {
                let bytes = Array(lines[token.line - 1].utf8)
                if token.column - 2 < bytes.count, bytes[token.column - 2] == UInt8(ascii: "@") { range.column = token.column - 1 }
            }
            matches.append(Match(range, "clear-text http:// URL to \(host) in \(named?.text ?? "a request")"))
        }
        return matches
    }

    // MARK: Property lists and xcconfig

    private func checkPlist(_ plist: PropertyListFile) -> [Match] {
        guard plist.role == .infoPlist || plist.role == .other else { return [] }
        var matches: [Match] = []
        func visit(_ value: PropertyListValue, key: String?) {
            switch value {
            case .string(let text):
                if let key, Self.isURLName(key), let host = Self.reportableHost(text) {
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
            guard Self.isURLName(key.split(separator: "[").first.map(String.init) ?? key), let host = Self.reportableHost(url) else { continue }
            let column = line.utf8.distance(from: line.startIndex, to: trimmed.startIndex) + 1
            matches.append(Match(SourceRange(line: offset + 1, column: column), "clear-text http:// URL to \(host) in \(key)"))
        }
        return matches
    }
}
