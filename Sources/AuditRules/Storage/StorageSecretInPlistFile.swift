import SwiftSyntax
import AuditKit

/// Secrets in property list files: dictionaries with secret-named keys written with
/// `write(toFile:atomically:)` / `writeToFile:atomically:`, `PropertyListEncoder` output of
/// a secret written to a file, and passwords or tokens shipped in a bundled plist.
struct StorageSecretInPlistFile: AuditRule {
    let metadata = RuleMetadata(
        id: "storage-secret-in-plist-file",
        title: "Secret stored in a property list file",
        severity: .high,
        category: .storage,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        rationale:
            "A .plist the app writes is plain XML or binary text in its container: it is copied into iTunes/Finder and iCloud backups and readable on a jailbroken or forensically imaged device with any file browser. A plist shipped in the bundle is readable by everyone who downloads the .ipa. Passwords, tokens and PINs kept there are disclosed.",
        fix:
            "Keep secrets in the Keychain with a ThisDeviceOnly accessibility class (DeviceTrust's Keychain.save) and only non-sensitive settings in plist files. Never ship credentials in the bundle: get per-user tokens from the server after sign-in."
    )

    let triggers = ["write(to", "writeToFile", "writeToURL", "PropertyList", "<key>", "copyItem"]

    /// In Swift, a secret-named identifier or key somewhere in the file (a value, a key, a
    /// type or one of its stored properties), and a call the check reads: `write` (a
    /// dictionary or an encoded property list written), `createFile` (an encoded property
    /// list written) or `copyItem` (a bundled credentials plist copied).
    let preCheck = PreCheck.all([.swiftSecretNames, .swiftIdentifier(["write", "createFile", "copyItem"])])

    /// The last word of a key that holds a user credential (API keys and client secrets
    /// are `secret-hardcoded`'s subject).
    private static let credentialWords: Set<String> = [
        "password", "passwd", "passcode", "pwd", "pin", "token", "credential", "credentials", "otp", "cvv", "pincode",
    ]
    private static let placeholderMarkers = [
        "$(", "${", "your", "xxx", "<", "placeholder", "changeme", "change_me", "example", "todo", "replace", "insert", "redacted", "****",
    ]

    func checkPropertyList(_ file: PropertyListFile, project _: ProjectFacts) -> [Match] {
        file.role == .other ? checkBundled(file) : []
    }

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        let values = SensitiveValues(file: file)
        // `dict.write(toFile:atomically:)`, `dict.write(to:atomically:)`, `dict.write(to:)`
        for call in file.index.calls where call.calleeName == "write" {
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            guard labels == ["toFile", "atomically"] || labels == ["to", "atomically"] || labels == ["to"],
                let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                let dictionary = WrittenDictionary.resolve(base)
            else { continue }
            let secret =
                dictionary.keys.first(where: SensitiveValues.isSecretName)
                ?? dictionary.values.lazy.compactMap { values.secretName(of: $0) }.first
            guard let secret else { continue }
            matches.append(Match(file.range(of: call), "\(base.trimmedDescription), a dictionary holding \(secret), is written to a property list file"))
        }
        // A bundled credentials plist copied into Documents or Library.
        for call in file.index.calls where call.calleeName == "copyItem" {
            guard let destination = call.argument("toPath") ?? call.argument("to") else { continue }
            var literals = destination.descendants(StringLiteralExprSyntax.self)
            if literals.isEmpty, let initializer = BindingValues.initializer(of: BindingValues.unwrap(destination), from: call, in: file) {
                literals = initializer.descendants(StringLiteralExprSyntax.self)
            }
            guard let name = literals.lazy.compactMap({ $0.literalValue.flatMap(Self.credentialPlistName) }).first else { continue }
            matches.append(
                Match(file.range(of: call), "\(name) is copied into the app's container, where the credentials it holds sit in a readable property list"))
        }
        // `PropertyListEncoder().encode(secret)` written to a file.
        for write in FileWrite.writes(in: file) {
            guard let (producer, value) = write.producer(in: file), producer == .propertyList,
                let secret = values.secretName(of: value)
            else { continue }
            matches.append(Match(file.range(of: write.call), "\(secret) is encoded as a property list and written to a file"))
        }
        return matches
    }

    /// Words of a plist file name that say it holds credentials.
    private static let credentialFileWords: Set<String> = [
        "credential", "credentials", "password", "passwords", "passwd", "pwd", "secret", "secrets", "token", "tokens",
    ]

    /// `Credentials.plist` for a path ending in a plist whose name says it holds credentials.
    static func credentialPlistName(_ path: String) -> String? {
        guard let last = path.split(separator: "/").last, last.lowercased().hasSuffix(".plist") else { return nil }
        let name = String(last.dropLast(6))
        return SecretNames.splitWords(name).contains(where: credentialFileWords.contains) ? String(last) : nil
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        // `[fileManager copyItemAtPath:source toPath:destination error:&error]`
        for index in tokens.indices where tokens[index].kind == .identifier && (tokens[index].text == "copyItemAtPath" || tokens[index].text == "copyItemAtURL")
        {
            guard
                let open = (0..<index).reversed().first(where: {
                    tokens[$0].text == "[" && ObjectiveCSyntax.matching(tokens, open: $0).map { $0 > index } == true
                }),
                let close = ObjectiveCSyntax.matching(tokens, open: open),
                let to = (index..<close).first(where: { ["toPath", "toURL"].contains(tokens[$0].text) && $0 + 2 < close && tokens[$0 + 1].text == ":" })
            else { continue }
            var strings = tokens[(to + 2)..<close].prefix { $0.text != "error" }.filter { $0.kind == .string }.map(\.text)
            if strings.isEmpty, tokens[to + 2].kind == .identifier, let body = file.bodyRange(containing: index) {
                let name = tokens[to + 2].text
                if let assignment = (body.lowerBound..<index).last(where: { tokens[$0].text == name && $0 + 1 < index && tokens[$0 + 1].text == "=" }) {
                    strings = tokens[assignment..<index].prefix { $0.text != ";" }.filter { $0.kind == .string }.map(\.text)
                }
            }
            guard let name = strings.lazy.compactMap(Self.credentialPlistName).first else { continue }
            matches.append(
                Match(
                    file.range(of: tokens[index]), "\(name) is copied into the app's container, where the credentials it holds sit in a readable property list")
            )
        }
        for (index, token) in tokens.enumerated() where token.kind == .identifier && (token.text == "writeToFile" || token.text == "writeToURL") {
            guard index + 3 < tokens.count, tokens[index + 1].text == ":",
                let open = (0..<index).reversed().first(where: {
                    tokens[$0].text == "[" && ObjectiveCSyntax.matching(tokens, open: $0).map { $0 > index } == true
                }),
                let close = ObjectiveCSyntax.matching(tokens, open: open),
                (index..<close).contains(where: { tokens[$0].text == "atomically" }),
                !(index..<close).contains(where: { tokens[$0].text == "encoding" }),
                let dictionary = ObjectiveCDictionary.resolve((open + 1)..<index, in: file)
            else { continue }
            let secretKey = dictionary.entries.first { $0.keyIsString && SensitiveValues.isSecretName($0.key) }?.key
            let secretValue = dictionary.entries.lazy.compactMap { entry in
                tokens[entry.value].first { $0.kind == .identifier && SensitiveValues.isSecretName($0.text) }?.text
            }.first
            guard let secret = secretKey ?? secretValue else { continue }
            let name = dictionary.variable ?? "a dictionary"
            matches.append(Match(file.range(of: token), "\(name) holding \(secret) is written to a property list file"))
        }
        return matches
    }

    // MARK: Bundled property lists

    private func checkBundled(_ plist: PropertyListFile) -> [Match] {
        // How many times each credential key holds a real value; then each occurrence's line.
        var counts: [String: Int] = [:]
        func visit(_ value: PropertyListValue) {
            switch value {
            case .dictionary(let entries):
                for (key, entry) in entries {
                    if case .string(let text) = entry, isCredentialKey(key), looksLikeRealValue(text) {
                        counts[key, default: 0] += 1
                    } else {
                        visit(entry)
                    }
                }
            case .array(let items):
                items.forEach(visit)
            default:
                break
            }
        }
        visit(plist.root)
        var matches: [Match] = []
        for (key, count) in counts.sorted(by: { $0.key < $1.key }) {
            var after = 0
            for _ in 0..<count {
                let range = plist.range(ofKey: key, after: after)
                matches.append(Match(range, "the bundled property list ships a literal value for \(key): anyone with the .ipa can read it"))
                after = range.line
            }
        }
        return matches
    }

    private func isCredentialKey(_ key: String) -> Bool {
        guard let last = SecretNames.splitWords(key).last else { return false }
        return Self.credentialWords.contains(last)
    }

    private func looksLikeRealValue(_ text: String) -> Bool {
        let lowered = text.lowercased()
        guard text.count >= 4, !text.contains(" "), !Self.placeholderMarkers.contains(where: { lowered.contains($0) }) else { return false }
        return Set(text).count > 2
    }
}
