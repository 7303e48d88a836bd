import SwiftSyntax
import AuditKit

/// A password, PIN or session token put into a persistent cookie: `HTTPCookie(properties:)`
/// / `[NSHTTPCookie cookieWithProperties:]` whose name is secret-named (`"password"`,
/// `"session_token"`) or whose value is a secret-named variable, with an expiry date or a
/// maximum age. Reported at the cookie's creation.
struct StorageSecretInCookie: AuditRule {
    let metadata = RuleMetadata(
        id: "storage-secret-in-cookie",
        title: "Secret kept in a persistent cookie",
        severity: .high,
        category: .storage,
        masvs: "MASVS-STORAGE-1",
        cwe: 539,
        rationale:
            "A cookie with an expiry date or a maximum age outlives the session: HTTPCookieStorage writes it to Library/Cookies/Cookies.binarycookies, a plain file of the app's container that is copied into backups and readable on a jailbroken or forensically imaged device. A password or long-lived session token kept there leaks with it.",
        fix:
            "Never put credentials in cookies. Keep a session cookie a session cookie (no expires, no max-age) so it stays in memory, or keep the token in the Keychain (DeviceTrust's Keychain.save, ThisDeviceOnly class) and send it as an Authorization header; clear the cookie storage at sign-out."
    )

    let triggers = ["HTTPCookie", "NSHTTPCookie"]

    /// In Swift, a secret-named identifier or key somewhere in the file.
    let preCheck = PreCheck.swiftSecretNames

    private static let nameKeys: Set<String> = ["name", "NSHTTPCookieName"]
    private static let valueKeys: Set<String> = ["value", "NSHTTPCookieValue"]
    private static let persistenceKeys: Set<String> = ["expires", "maximumAge", "NSHTTPCookieExpires", "NSHTTPCookieMaximumAge"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        let values = SensitiveValues(file: file)
        var matches: [Match] = []
        for call in file.index.calls where call.calleeText == "HTTPCookie" || call.calleeText == "HTTPCookie.init" {
            guard let properties = call.argument("properties"), let dictionary = Self.dictionary(properties, from: call, in: file),
                case .elements(let elements) = dictionary.content
            else { continue }
            var keys: [String: ExprSyntax] = [:]
            for element in elements {
                if let key = Self.propertyKey(element.key) { keys[key] = element.value }
            }
            guard keys.keys.contains(where: Self.persistenceKeys.contains) else { continue }
            let name = keys["name"].flatMap { BindingValues.unwrap($0).as(StringLiteralExprSyntax.self)?.literalValue }
            let secret = name.flatMap { SensitiveValues.isSecretName($0) ? "the cookie \"\($0)\"" : nil } ?? keys["value"].flatMap { values.secretName(of: $0) }
            guard let secret else { continue }
            matches.append(Match(file.range(of: call), "\(secret) is kept in a persistent cookie (Cookies.binarycookies)"))
        }
        return matches
    }

    /// The dictionary literal passed, or the one a local of the same body starts as.
    private static func dictionary(_ expression: ExprSyntax, from call: FunctionCallExprSyntax, in file: SwiftFile) -> DictionaryExprSyntax? {
        let bare = BindingValues.unwrap(expression)
        if let literal = bare.as(DictionaryExprSyntax.self) { return literal }
        guard bare.is(DeclReferenceExprSyntax.self), let initial = BindingValues.initializer(of: bare, from: call, in: file) else { return nil }
        return BindingValues.unwrap(initial).as(DictionaryExprSyntax.self)
    }

    /// `.name`, `HTTPCookiePropertyKey.name`, `HTTPCookiePropertyKey("Name")` → `name`.
    private static func propertyKey(_ key: ExprSyntax) -> String? {
        let bare = KeychainQuery.unwrap(key)
        if let member = bare.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            guard token.text == "initWithProperties" || token.text == "cookieWithProperties", index + 2 < tokens.count, tokens[index + 1].text == ":",
                let close = (index..<tokens.count).first(where: { tokens[$0].text == "]" || tokens[$0].text == ";" }),
                let dictionary = ObjectiveCDictionary.resolve((index + 2)..<close, in: file),
                dictionary.keys.contains(where: Self.persistenceKeys.contains)
            else { continue }
            let name = dictionary.value(for: "NSHTTPCookieName").flatMap { range in tokens[range].first { $0.kind == .string }?.text }
            let value = dictionary.value(for: "NSHTTPCookieValue").flatMap { range in
                tokens[range].first { $0.kind == .identifier && SensitiveValues.isSecretName($0.text) }?.text
            }
            let secret = name.flatMap { SensitiveValues.isSecretName($0) ? "the cookie \"\($0)\"" : nil } ?? value
            guard let secret else { continue }
            matches.append(Match(file.range(of: token), "\(secret) is kept in a persistent cookie (Cookies.binarycookies)"))
        }
        return matches
    }
}
