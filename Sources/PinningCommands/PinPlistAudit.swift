import Foundation

/// The checks of `pin check` over a parsed Info.plist: pure functions from the property
/// list to findings, one sentence each naming the key, the problem and the fix.
enum PinPlistAudit {
    /// The `NSAppTransportSecurity` keys that switch ATS off for some loads.
    static let arbitraryLoadKeys = [
        "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia",
    ]
    /// The exception-domain keys that allow plain HTTP.
    static let insecureHTTPKeys = [
        "NSExceptionAllowsInsecureHTTPLoads", "NSTemporaryExceptionAllowsInsecureHTTPLoads",
        "NSThirdPartyExceptionAllowsInsecureHTTPLoads",
    ]
    /// The exception-domain keys that set a minimum TLS version.
    static let minimumTLSKeys = [
        "NSExceptionMinimumTLSVersion", "NSTemporaryExceptionMinimumTLSVersion", "NSThirdPartyExceptionMinimumTLSVersion",
    ]
    /// The pin lists of a pinned domain.
    static let pinListKeys = ["NSPinnedLeafIdentities", "NSPinnedCAIdentities"]

    /// Every finding for the Info.plist `root`, in a stable order.
    ///
    /// - Parameter certificatePins: the pins of the certificates given with `--cert`, or
    ///   `nil` when none were given (then pins are not matched against certificates).
    static func findings(in root: [String: Any], certificatePins: [String]?) -> [String] {
        guard let ats = root["NSAppTransportSecurity"] as? [String: Any] else { return [] }
        var findings: [String] = []
        for key in arbitraryLoadKeys where isTrue(ats[key]) {
            findings.append("NSAppTransportSecurity.\(key) is true: ATS is off for those loads; remove it and add exception domains only where needed")
        }
        let exceptionDomains = ats["NSExceptionDomains"] as? [String: Any] ?? [:]
        for domain in exceptionDomains.keys.sorted() {
            guard let settings = exceptionDomains[domain] as? [String: Any] else { continue }
            findings += exceptionFindings(domain: domain, settings: settings)
        }
        let pinnedDomains = ats["NSPinnedDomains"] as? [String: Any] ?? [:]
        for domain in pinnedDomains.keys.sorted() {
            let settings = pinnedDomains[domain] as? [String: Any] ?? [:]
            findings += pinFindings(domain: domain, settings: settings, certificatePins: certificatePins)
        }
        return findings
    }

    /// Insecure HTTP and old TLS in one exception domain.
    static func exceptionFindings(domain: String, settings: [String: Any]) -> [String] {
        var findings: [String] = []
        for key in insecureHTTPKeys where isTrue(settings[key]) {
            findings.append("exception domain \(domain): \(key) is true, so it is reached over plain HTTP; serve it over HTTPS and remove the key")
        }
        for key in minimumTLSKeys {
            guard let version = settings[key] as? String else { continue }
            if isBelowTLS12(version) {
                findings.append("exception domain \(domain): \(key) is \(version), below TLSv1.2; remove the key (ATS requires TLSv1.2) and upgrade the server")
            }
        }
        return findings
    }

    /// Missing backup pins, malformed pins and pins matching no given certificate, for one pinned domain.
    static func pinFindings(domain: String, settings: [String: Any], certificatePins: [String]?) -> [String] {
        var findings: [String] = []
        let lists = pinListKeys.compactMap { key in (settings[key] as? [Any]).map { (key, $0) } }
        if lists.isEmpty {
            findings.append("pinned domain \(domain) has no NSPinnedLeafIdentities or NSPinnedCAIdentities; add the current key's pin and a backup pin")
        }
        for (key, entries) in lists {
            let pins = entries.compactMap { ($0 as? [String: Any])?["SPKI-SHA256-BASE64"] as? String }
            let distinct = Set(pins).count
            if distinct < 2 {
                findings.append(
                    "pinned domain \(domain): \(key) has \(distinct) pin\(distinct == 1 ? "" : "s"); add a backup pin (a second key kept offline) so a lost key does not lock out the apps in the field"
                )
            }
            for pin in pins where !PinValue.isWellFormed(pin) {
                findings.append(
                    "pinned domain \(domain): \(key) holds \"\(pin)\", not an SPKI-SHA256-BASE64 pin (the base64 of 32 bytes); recompute it with `devicetrust pin hash`"
                )
            }
            if let certificatePins {
                for pin in pins where PinValue.isWellFormed(pin) && !certificatePins.contains(pin) {
                    findings.append(
                        "pinned domain \(domain): \(key) pin \(pin) matches none of the given certificates; check it is the pin of the intended key (a backup key's pin is expected not to match a served certificate)"
                    )
                }
            }
        }
        return findings
    }

    /// Whether a plist value is the boolean true (a `<true/>`, or a number 1 some tools write).
    static func isTrue(_ value: Any?) -> Bool {
        if let bool = value as? Bool { return bool }
        if let number = value as? NSNumber { return number.boolValue }
        return false
    }

    /// Whether an ATS TLS version string (`TLSv1.0`, `TLSv1.1`, `TLSv1.2`, `TLSv1.3`) is below 1.2.
    /// An unrecognised value counts as below, since ATS would not enforce what it says.
    static func isBelowTLS12(_ version: String) -> Bool {
        let digits = version.uppercased().hasPrefix("TLSV") ? String(version.dropFirst(4)) : version
        let parts = digits.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 2 else { return true }
        return parts[0] < 1 || (parts[0] == 1 && parts[1] < 2)
    }
}
