import SwiftSyntax

/// Pin sets with one pin and no backup: the day the server's key changes (rotation,
/// compromise, a new CA), every installed copy stops connecting until users update.
struct NetworkSinglePin: AuditRule {
    let metadata = RuleMetadata(
        id: "network-single-pin",
        title: "Certificate pinning with a single pin (no backup pin)",
        severity: .medium,
        category: .network,
        masvs: "MASVS-NETWORK-2",
        rationale: "With one pin, rotating or revoking the server key (planned renewal on a new key, a compromised key, a CA change) breaks every installed copy of the app until users install an update, and the pressure to ship a pinning kill switch follows. TrustKit refuses an enforced configuration with fewer than two pins for this reason, and Apple advises pinning several keys or a CA.",
        fix: "Pin at least two SPKI SHA-256 hashes per domain: the current key and a backup key generated now and kept offline (or the issuing CA in NSPinnedCAIdentities). Rotate to the backup and ship the next backup in the following release. DeviceTrust's PinningPolicy requires two pins in enforce mode."
    )

    let skipsTestCode = true

    let triggers = ["NSPinnedDomains", "TSKPublicKeyHashes", "PublicKeysTrustEvaluator", "PinnedCertificatesTrustEvaluator", "pin", "Pin"]

    let examples: [RuleExample] = [
        .plist("Info.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>NSAppTransportSecurity</key>
            <dict>
                <key>NSPinnedDomains</key>
                <dict>
                    <key>api.bank.example.com</key>
                    <dict>
                        ↓<key>NSPinnedLeafIdentities</key>
                        <array>
                            <dict>
                                <key>SPKI-SHA256-BASE64</key>
                                <string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string>
                            </dict>
                        </array>
                    </dict>
                    <key>auth.bank.example.com</key>
                    <dict>
                        <key>NSPinnedCAIdentities</key>
                        <array>
                            <dict>
                                <key>SPKI-SHA256-BASE64</key>
                                <string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string>
                            </dict>
                            <dict>
                                <key>SPKI-SHA256-BASE64</key>
                                <string>YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=</string>
                            </dict>
                        </array>
                    </dict>
                </dict>
            </dict>
        </dict>
        </plist>
        """),
        .swift("""
        let trustKitConfig: [String: Any] = [
            kTSKSwizzleNetworkDelegates: false,
            kTSKPinnedDomains: [
                "api.bank.example.com": [
                    kTSKEnforcePinning: false,
                    ↓kTSKPublicKeyHashes: ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="],
                ],
                "auth.bank.example.com": [
                    kTSKPublicKeyHashes: ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=", "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="],
                ],
            ],
        ]
        """),
        .swift("""
        let evaluators: [String: any ServerTrustEvaluating] = [
            "api.bank.example.com": ↓PublicKeysTrustEvaluator(keys: [serverKey]),
            "auth.bank.example.com": PublicKeysTrustEvaluator(keys: [currentKey, backupKey]),
            "cdn.bank.example.com": PinnedCertificatesTrustEvaluator(),
        ]
        """),
        .swift("""
        final class PinningDelegate: NSObject, URLSessionDelegate {
            private let ↓pinnedKeyHash = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
            private let ↓pinnedHashes: Set<String> = ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]

            func matches(_ hash: String) -> Bool {
                hash == pinnedKeyHash || pinnedHashes.contains(hash)
            }
        }
        """),
        .swift("""
        final class PinningDelegate: NSObject, URLSessionDelegate {
            private let pinnedHashes: Set<String> = [
                "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",  // current
                "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=",  // backup, key kept offline
            ]
            let pinEntryTitle = "Enter your PIN"
            func matches(_ hash: String) -> Bool { pinnedHashes.contains(hash) }
        }
        """),
        .objectiveC("""
        NSDictionary *trustKitConfig = @{
            kTSKPinnedDomains: @{
                @"api.bank.example.com": @{
                    kTSKEnforcePinning: @NO,
                    ↓kTSKPublicKeyHashes: @[ @"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=" ],
                },
            },
        };
        """),
        .objectiveC("""
        NSDictionary *trustKitConfig = @{
            kTSKPinnedDomains: @{
                @"api.bank.example.com": @{
                    kTSKPublicKeyHashes: @[ @"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
                                            @"YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=" ],
                },
            },
        };
        """),
    ]

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        // Test code, mocks and previews are not shipped.
        return switch file {
        case .swift(let swift): checkSwift(swift)
        case .objectiveC(let objc): checkObjectiveC(objc)
        case .propertyList(let plist): checkPlist(plist)
        default: []
        }
    }

    // MARK: Property lists (NSPinnedDomains, TrustKit's TSKConfiguration)

    private func checkPlist(_ plist: PropertyListFile) -> [Match] {
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

    private func checkSwift(_ file: SwiftFile) -> [Match] {
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
                      let value = binding.initializer?.value else { continue }
                let isHashName = SensitiveNames.splitWords(name).contains { ["hash", "hashes", "key", "keys", "spki", "fingerprint", "fingerprints", "pins", "certificate", "certificates", "sha256"].contains($0) }
                if let literal = value.as(StringLiteralExprSyntax.self), let text = literal.literalValue, text.count >= 20, compared.contains(name) {
                    matches.append(Match(file.range(of: binding.pattern), "\(name) is the only pin: no backup pin"))
                } else if let array = value.as(ArrayExprSyntax.self), array.elements.count == 1,
                          let only = array.elements.first?.expression.as(StringLiteralExprSyntax.self)?.literalValue, only.count >= 20, isHashName {
                    matches.append(Match(file.range(of: binding.pattern), "\(name) holds one pin and no backup"))
                }
            }
        }
        return matches
    }


    // MARK: Objective-C

    private func checkObjectiveC(_ file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for index in file.identifiers(named: "kTSKPublicKeyHashes") {
            // `kTSKPublicKeyHashes : @[ @"…" ]`
            guard index + 3 < tokens.count, tokens[index + 1].text == ":", tokens[index + 2].text == "@", tokens[index + 3].text == "[",
                  let close = ObjectiveCSyntax.matching(tokens, open: index + 3) else { continue }
            let strings = tokens[(index + 4)..<close].filter { $0.kind == .string }.count
            let identifiers = tokens[(index + 4)..<close].filter { $0.kind == .identifier }.count
            if strings + identifiers == 1 {
                matches.append(Match(file.range(of: tokens[index]), "kTSKPublicKeyHashes has one pin and no backup"))
            }
        }
        return matches
    }
}
