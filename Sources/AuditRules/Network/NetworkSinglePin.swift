import SwiftSyntax
import AuditKit

/// Pin sets with one pin and no backup: the day the server's key changes (rotation,
/// compromise, a new CA), every installed copy stops connecting until users update.
struct NetworkSinglePin: AuditRule {
    let metadata = RuleMetadata(
        id: "network-single-pin",
        title: "Certificate pinning with a single pin (no backup pin)",
        severity: .medium,
        category: .network,
        masvs: "MASVS-NETWORK-2",
        rationale:
            "With one pin, rotating or revoking the server key (planned renewal on a new key, a compromised key, a CA change) breaks every installed copy of the app until users install an update, and the pressure to ship a pinning kill switch follows. TrustKit refuses an enforced configuration with fewer than two pins for this reason, and Apple advises pinning several keys or a CA.",
        fix:
            "Pin at least two SPKI SHA-256 hashes per domain: the current key and a backup key generated now and kept offline (or the issuing CA in NSPinnedCAIdentities). Rotate to the backup and ship the next backup in the following release. DeviceTrust's PinningPolicy requires two pins in enforce mode."
    )

    let skipsTestCode = true

    let triggers = [
        "NSPinnedDomains", "TSKPublicKeyHashes", "PublicKeysTrustEvaluator", "PinnedCertificatesTrustEvaluator", "pin", "Pin", "SecCertificateCopyData",
        "SecKeyCopyExternalRepresentation",
    ]

    // MARK: Property lists (NSPinnedDomains, TrustKit's TSKConfiguration)

    func checkPropertyList(_ plist: PropertyListFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        if let domains = plist.root["NSAppTransportSecurity"]?["NSPinnedDomains"]?.dictionary {
            let start = plist.range(ofKey: "NSPinnedDomains").line
            for (domain, settings) in domains {
                let domainLine = plist.range(ofKey: domain, after: start).line
                for key in ["NSPinnedLeafIdentities", "NSPinnedCAIdentities"] where settings[key]?.array?.count == 1 {
                    matches.append(Match(plist.range(ofKey: key, after: domainLine), "\(key) for \(domain) has one pin and no backup"))
                }
            }
        }
        if let domains = plist.root["TSKConfiguration"]?["TSKPinnedDomains"]?.dictionary {
            let start = plist.range(ofKey: "TSKPinnedDomains").line
            for (domain, settings) in domains where settings["TSKPublicKeyHashes"]?.array?.count == 1 {
                let domainLine = plist.range(ofKey: domain, after: start).line
                matches.append(Match(plist.range(ofKey: "TSKPublicKeyHashes", after: domainLine), "TSKPublicKeyHashes for \(domain) has one pin and no backup"))
            }
        }
        return matches
    }

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for dictionary in file.index.dictionaries {
            guard case .elements(let elements) = dictionary.content else { continue }
            for element in elements where KeychainQuery.constantName(element.key) == "kTSKPublicKeyHashes" {
                if let array = KeychainQuery.unwrap(element.value).as(ArrayExprSyntax.self), array.elements.count == 1 {
                    matches.append(Match(file.range(of: element), "kTSKPublicKeyHashes has one pin and no backup"))
                }
            }
        }
        for call in file.index.calls where call.calleeName == "PublicKeysTrustEvaluator" || call.calleeName == "PinnedCertificatesTrustEvaluator" {
            let argument = call.argument("keys") ?? call.argument("certificates")
            if let array = argument?.as(ArrayExprSyntax.self), array.elements.count == 1 {
                matches.append(Match(file.range(of: call), "\(call.calleeName) pins one \(call.argument("keys") != nil ? "key" : "certificate") and no backup"))
            }
        }
        // `let pinnedKeyHash = "…"` compared to the server's hash; `let pins = ["…"]`.
        var compared: Set<String> = []
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            for position in elements.indices.dropFirst().dropLast() {
                guard let op = elements[position].as(BinaryOperatorExprSyntax.self), op.operator.text == "==" || op.operator.text == "!=" else { continue }
                for side in [elements[position - 1], elements[position + 1]] { if let name = side.lastName { compared.insert(name) } }
            }
        }
        for call in file.index.calls where ["isEqual", "elementsEqual"].contains(call.calleeName) {
            for argument in call.arguments { if let name = argument.expression.lastName { compared.insert(name) } }
        }
        for declaration in file.index.variables {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, NetworkTrustBypass.isPinName(name),
                    let value = binding.initializer?.value
                else { continue }
                let isHashName = SecretNames.splitWords(name).contains {
                    ["hash", "hashes", "key", "keys", "spki", "fingerprint", "fingerprints", "pins", "certificate", "certificates", "sha256"].contains($0)
                }
                if let literal = value.as(StringLiteralExprSyntax.self), let text = literal.literalValue, text.count >= 20, compared.contains(name) {
                    matches.append(Match(file.range(of: binding.pattern), "\(name) is the only pin: no backup pin"))
                } else if let array = value.as(ArrayExprSyntax.self), array.elements.count == 1,
                    let only = array.elements.first?.expression.as(StringLiteralExprSyntax.self)?.literalValue, only.count >= 20, isHashName
                {
                    matches.append(Match(file.range(of: binding.pattern), "\(name) holds one pin and no backup"))
                }
            }
        }
        matches += bundledCertificatePins(file)
        return matches
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for index in file.identifiers(named: "kTSKPublicKeyHashes") {
            // `kTSKPublicKeyHashes : @[ @"…" ]`
            guard index + 3 < tokens.count, tokens[index + 1].text == ":", tokens[index + 2].text == "@", tokens[index + 3].text == "[",
                let close = ObjectiveCSyntax.matching(tokens, open: index + 3)
            else { continue }
            let strings = tokens[(index + 4)..<close].filter { $0.kind == .string }.count
            let identifiers = tokens[(index + 4)..<close].filter { $0.kind == .identifier }.count
            if strings + identifiers == 1 {
                matches.append(Match(file.range(of: tokens[index]), "kTSKPublicKeyHashes has one pin and no backup"))
            }
        }
        matches += objcBundledCertificatePins(file)
        return matches
    }

    // MARK: Bundled certificates

    static let certificateExtensions: Set<String> = ["cer", "der", "crt", "pem"]

    /// `Bundle.main.path(forResource: "api", ofType: "cer")` (or `url(forResource:withExtension:)`)
    /// in a file that compares the server's certificate or key data: when the file loads
    /// exactly one certificate resource by name, it is the only pin.
    private func bundledCertificatePins(_ file: SwiftFile) -> [Match] {
        let identifiers = file.lexical.identifiers
        guard ["SecCertificateCopyData", "SecKeyCopyExternalRepresentation", "SecCertificateCopyKey"].contains(where: { identifiers.contains(Substring($0)) }),
            !identifiers.contains("paths"), !identifiers.contains("certificates"),
            // A bundled CA installed as the trust anchor is chain validation, not a pin compare.
            !identifiers.contains("SecTrustSetAnchorCertificates")
        else { return [] }
        var loads: [(call: FunctionCallExprSyntax, resource: String)] = []
        var unknown = false
        for call in file.index.calls where call.calleeName == "path" || call.calleeName == "url" {
            guard let resource = call.argument("forResource"),
                let type = (call.argument("ofType") ?? call.argument("withExtension"))?.as(StringLiteralExprSyntax.self)?.literalValue,
                Self.certificateExtensions.contains(type.lowercased())
            else { continue }
            guard let name = resource.as(StringLiteralExprSyntax.self)?.literalValue else { unknown = true; continue }
            loads.append((call, "\(name).\(type)"))
        }
        guard !unknown, Set(loads.map(\.resource)).count == 1 else { return [] }
        return loads.map {
            Match(
                file.range(of: $0.call.calledExpression.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? Syntax($0.call)),
                "\($0.resource) is the only pinned certificate: no backup pin")
        }
    }

    /// The Objective-C form: `[[NSBundle mainBundle] pathForResource:@"api" ofType:@"cer"]`.
    private func objcBundledCertificatePins(_ file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        guard tokens.contains(where: { ["SecCertificateCopyData", "SecKeyCopyExternalRepresentation", "SecCertificateCopyKey"].contains($0.text) }),
            !tokens.contains(where: { $0.text == "pathsForResourcesOfType" || $0.text == "SecTrustSetAnchorCertificates" })
        else { return [] }
        var loads: [(index: Int, resource: String)] = []
        var unknown = false
        for index in tokens.indices
        where tokens[index].kind == .identifier && (tokens[index].text == "pathForResource" || tokens[index].text == "URLForResource") {
            guard index + 5 < tokens.count, tokens[index + 1].text == ":" else { continue }
            // `pathForResource:@"name" ofType:@"cer"`: the type follows the name.
            guard
                let typeLabel = (index + 2..<min(tokens.count, index + 8)).first(where: { tokens[$0].text == "ofType" || tokens[$0].text == "withExtension" }),
                typeLabel + 2 < tokens.count, let type = tokens[(typeLabel + 2)...].prefix(2).first(where: { $0.kind == .string })?.text,
                Self.certificateExtensions.contains(type.lowercased())
            else { continue }
            guard let name = tokens[(index + 2)..<typeLabel].first(where: { $0.kind == .string })?.text, typeLabel - index <= 4 else {
                unknown = true; continue
            }
            loads.append((index, "\(name).\(type)"))
        }
        guard !unknown, Set(loads.map(\.resource)).count == 1 else { return [] }
        return loads.map { Match(file.range(of: tokens[$0.index]), "\($0.resource) is the only pinned certificate: no backup pin") }
    }
}
