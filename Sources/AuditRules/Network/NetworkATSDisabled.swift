import AuditKit

/// App Transport Security switched off in the Info.plist: arbitrary loads, insecure
/// exception domains, TLS below 1.2.
struct NetworkATSDisabled: AuditRule {
    let metadata = RuleMetadata(
        id: "network-ats-disabled",
        title: "App Transport Security disabled or weakened in Info.plist",
        severity: .high,
        category: .network,
        masvs: "MASVS-NETWORK-1",
        cwe: 319,
        rationale:
            "ATS makes every URLSession connection use HTTPS with TLS 1.2 or later, forward secrecy and strong certificates. NSAllowsArbitraryLoads turns that off for every host, so any http:// URL or downgraded connection is sent in clear text and can be read or rewritten on a shared Wi-Fi; an exception domain with NSExceptionAllowsInsecureHTTPLoads does the same for that domain, and NSExceptionMinimumTLSVersion below TLSv1.2 allows broken protocol versions. Apple asks for a justification in App Review for each. An exception domain with NSExceptionAllowsInsecureHTTPLoads also relaxes ATS's certificate requirements for that domain, so a custom trust evaluation may accept certificates ATS would reject; each exception domain is its own decision and is reported on its own line. Not reported: an app holding the com.apple.developer.web-browser entitlement (a browser must load whatever http:// page the user types, which Apple accepts as the justification; its exception domains are still reported), NSAllowsLocalNetworking and local hosts, and an exception that only sets NSExceptionRequiresForwardSecrecy to false (TLS 1.2+ and certificate validation still apply; it only allows cipher suites without forward secrecy).",
        fix:
            "Remove NSAllowsArbitraryLoads and serve every endpoint over HTTPS with TLS 1.2+. A browser that needs arbitrary loads only for pages should prefer NSAllowsArbitraryLoadsInWebContent so its native networking keeps ATS. If a third-party host you do not control still needs an exception, scope it to that domain, keep NSExceptionMinimumTLSVersion at TLSv1.2 or higher, and never send credentials to it. For local development use NSAllowsLocalNetworking."
    )

    let skipsTestCode = true

    let triggers = ["NSAppTransportSecurity"]
    /// Its words are in string literals (URLs) or property list keys.
    let triggersAreCode = false

    /// Only property lists are checked (ATS settings in code strings are examples or tests).
    let preCheck = PreCheck.only([.propertyList])

    static func plist(_ ats: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>NSAppTransportSecurity</key>
            <dict>
        \(ats)
            </dict>
        </dict>
        </plist>
        """
    }

    static let browserEntitlements = [
        "Browser.entitlements": """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>com.apple.developer.web-browser</key>
            <true/>
        </dict>
        </plist>
        """
    ]

    private static let weakVersions: Set<String> = ["TLSv1.0", "TLSv1.1", "SSLv3", "TLSv1"]
    private static let insecureKeys = [
        "NSExceptionAllowsInsecureHTTPLoads", "NSTemporaryExceptionAllowsInsecureHTTPLoads", "NSThirdPartyExceptionAllowsInsecureHTTPLoads",
    ]
    private static let forwardSecrecyKeys = [
        "NSExceptionRequiresForwardSecrecy", "NSTemporaryExceptionRequiresForwardSecrecy", "NSThirdPartyExceptionRequiresForwardSecrecy",
    ]
    private static let versionKeys = ["NSExceptionMinimumTLSVersion", "NSTemporaryExceptionMinimumTLSVersion", "NSThirdPartyExceptionMinimumTLSVersion"]

    func checkPropertyList(_ plist: PropertyListFile, project: ProjectFacts) -> [Match] {
        guard plist.role != .entitlements, plist.role != .privacyManifest,
            let ats = plist.root["NSAppTransportSecurity"]?.dictionary
        else { return [] }
        var matches: [Match] = []
        let atsLine = plist.range(ofKey: "NSAppTransportSecurity").line
        // A web browser (entitled as the default browser) must load any page the user asks for.
        let isBrowser = project.entitlements.contains { $0.root["com.apple.developer.web-browser"]?.isTrue == true }
        if !isBrowser, ats["NSAllowsArbitraryLoads"]?.isTrue == true {
            let scoped = ["NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia", "NSAllowsLocalNetworking"].filter { ats[$0] != nil }
            let note =
                scoped.isEmpty
                ? "" : " (iOS 10+ ignores it because \(scoped.joined(separator: ", ")) is also set, but older systems and other platforms do not)"
            matches.append(
                Match(
                    plist.range(ofKey: "NSAllowsArbitraryLoads", after: atsLine),
                    "NSAllowsArbitraryLoads turns off App Transport Security for every host\(note)"))
        }
        for (key, scope) in [("NSAllowsArbitraryLoadsInWebContent", "web views"), ("NSAllowsArbitraryLoadsForMedia", "AVFoundation media")]
        where !isBrowser && ats[key]?.isTrue == true {
            matches.append(
                Match(
                    plist.range(ofKey: key, after: atsLine),
                    "\(key) turns off App Transport Security for \(scope) (lower risk than NSAllowsArbitraryLoads, but content there can be read and altered)"))
        }
        for (domain, settings) in ats["NSExceptionDomains"]?.dictionary ?? [:] {
            guard let settings = settings.dictionary, !LocalHosts.isLoopback(domain), !LocalHosts.isPrivateOrReserved(domain) else { continue }
            let domainLine = plist.range(ofKey: domain, after: atsLine).line
            let hosts = settings["NSIncludesSubdomains"]?.isTrue == true ? "\(domain) and its subdomains" : domain
            let noForwardSecrecy = Self.forwardSecrecyKeys.contains { settings[$0].map { !$0.isTrue } == true }
            let secrecyNote = noForwardSecrecy ? "; forward secrecy is not required either" : ""
            for key in Self.insecureKeys where settings[key]?.isTrue == true {
                matches.append(
                    Match(
                        plist.range(ofKey: key, after: domainLine),
                        "\(key) allows clear-text HTTP to \(hosts) and relaxes ATS's certificate requirements there\(secrecyNote)"))
            }
            for key in Self.versionKeys {
                guard let version = settings[key]?.string, Self.weakVersions.contains(version) else { continue }
                matches.append(Match(plist.range(ofKey: key, after: domainLine), "\(key) lets \(hosts) use \(version), below TLS 1.2\(secrecyNote)"))
            }
        }
        return matches
    }
}
