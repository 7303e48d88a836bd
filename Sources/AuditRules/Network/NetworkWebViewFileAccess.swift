import SwiftSyntax
import AuditKit

/// A web view allowed to read local files from pages loaded from `file://` URLs:
/// WebKit's private preferences `allowFileAccessFromFileURLs` and
/// `allowUniversalAccessFromFileURLs` switched on with key-value coding
/// (`setValue(true, forKey: …)`), in Swift or Objective-C. A Swift file whose web views load
/// file pages only from the app's bundle (read access scoped to it) is not reported.
struct NetworkWebViewFileAccess: AuditRule {
    let metadata = RuleMetadata(
        id: "network-webview-file-access",
        title: "Web view lets file:// pages read local files",
        severity: .high,
        category: .network,
        masvs: "MASVS-PLATFORM-2",
        cwe: 200,
        rationale:
            "With allowFileAccessFromFileURLs (or allowUniversalAccessFromFileURLs) on, JavaScript in any page loaded from a file:// URL can read every file the app can read — its databases, caches, cookies, tokens — and, with universal access, send them to any origin. A downloaded or injected HTML file opened in the web view becomes a way to exfiltrate the app's container.",
        fix:
            "Leave both preferences off (their default). Load bundled pages with loadFileURL(_:allowingReadAccessTo:) scoped to the folder that holds them, and never open downloaded or user-supplied HTML from the file system in a web view that also has access to app data."
    )

    let triggers = ["allowFileAccessFromFileURLs", "allowUniversalAccessFromFileURLs"]
    let triggersAreCode = false

    private static let preferences: Set<String> = ["allowFileAccessFromFileURLs", "allowUniversalAccessFromFileURLs"]

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        guard !Self.loadsOnlyBundledFiles(file) else { return [] }
        return file.index.calls.compactMap { call in
            guard call.calleeName == "setValue", let key = call.argument("forKey")?.as(StringLiteralExprSyntax.self)?.literalValue,
                Self.preferences.contains(key), let value = call.arguments.first?.expression, Self.isOn(BindingValues.unwrap(value).trimmedDescription)
            else { return nil }
            return Match(file.range(of: call), "\(key) is switched on: file:// pages can read the app's files")
        }
    }

    /// Whether every file page the file's web views load is the app's own, read access
    /// scoped to its bundle (`loadFileURL(page, allowingReadAccessTo: Bundle.main.bundleURL)`),
    /// and no HTML string is loaded: then no file:// page but the app's code runs there.
    /// Read on the code's text, not the syntax: the load usually sits in another function
    /// than the preference (a coordinator's `load`), which a focused parse leaves out.
    private static func loadsOnlyBundledFiles(_ file: SwiftFile) -> Bool {
        let code = file.codeText
        guard !code.contains("loadHTMLString") else { return false }
        let loads = code.components(separatedBy: "loadFileURL(").dropFirst()
        guard !loads.isEmpty else { return false }
        return loads.allSatisfy { rest in
            let line = rest.prefix { $0 != "\n" }
            guard let access = line.range(of: "allowingReadAccessTo:") else { return false }
            return line[access.upperBound...].lowercased().contains("bundle")
        }
    }

    private static func isOn(_ value: String) -> Bool {
        ["true", "1", "NSNumber(value: true)", "NSNumber(booleanLiteral: true)", "@YES", "@(YES)", "@1", "YES"].contains(value)
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .string && Self.preferences.contains(token.text) {
            // `[prefs setValue:@YES forKey:@"allowFileAccessFromFileURLs"]`
            guard index >= 2, tokens[index - 1].text == ":", tokens[index - 2].text == "forKey",
                let start = (0..<index).last(where: { tokens[$0].text == "setValue" || tokens[$0].text == ";" }), tokens[start].text == "setValue",
                start + 2 < index
            else { continue }
            let value = tokens[(start + 2)..<(index - 2)].map(\.text).joined()
            guard Self.isOn(value) else { continue }
            matches.append(Match(file.range(of: tokens[start]), "\(token.text) is switched on: file:// pages can read the app's files"))
        }
        return matches
    }
}
