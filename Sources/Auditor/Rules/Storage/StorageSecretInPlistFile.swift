import SwiftSyntax

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
        rationale: "A .plist the app writes is plain XML or binary text in its container: it is copied into iTunes/Finder and iCloud backups and readable on a jailbroken or forensically imaged device with any file browser. A plist shipped in the bundle is readable by everyone who downloads the .ipa. Passwords, tokens and PINs kept there are disclosed.",
        fix: "Keep secrets in the Keychain with a ThisDeviceOnly accessibility class (DeviceTrust's Keychain.save) and only non-sensitive settings in plist files. Never ship credentials in the bundle: get per-user tokens from the server after sign-in."
    )

    let triggers = ["write(to", "writeToFile", "writeToURL", "PropertyList", "<key>"]

    let examples: [RuleExample] = [
        .swift("""
        // DVIA-style: the login form saved to a plist in Documents.
        func saveCredentials(username: String, password: String) {
            let path = NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true)[0] + "/userInfo.plist"
            let dict = NSMutableDictionary()
            dict.setValue(username, forKey: "username")
            dict.setValue(password, forKey: "password")
            ↓dict.write(toFile: path, atomically: true)
        }
        """),
        .swift("""
        func cache(session: String, url: URL) {
            let info: [String: Any] = ["user": "alice", "sessionToken": session]
            ↓(info as NSDictionary).write(to: url, atomically: true)
            let pinInfo = NSDictionary(objects: [pin], forKeys: ["pin" as NSCopying])
            ↓pinInfo.write(toFile: pinPath, atomically: false)
        }
        """),
        .swift("""
        struct Credentials: Codable { let user: String; let password: String }
        func persist(_ credentials: Credentials, to url: URL) throws {
            let data = try PropertyListEncoder().encode(credentials)
            try ↓data.write(to: url, options: .completeFileProtection)
        }
        """),
        .swift("""
        func persist(settings: Settings, to url: URL) throws {
            let prefs: [String: Any] = ["theme": "dark", "fontSize": 14]
            (prefs as NSDictionary).write(to: url, atomically: true)
            let data = try PropertyListEncoder().encode(settings)
            try data.write(to: url, options: .completeFileProtection)
            try token.write(toFile: tokenPath, atomically: true, encoding: .utf8)
        }
        """),
        .objectiveC("""
        - (void)saveUser:(NSString *)user password:(NSString *)password {
            NSMutableDictionary *info = [[NSMutableDictionary alloc] init];
            [info setObject:user forKey:@"username"];
            [info setObject:password forKey:@"password"];
            [info ↓writeToFile:[self plistPath] atomically:YES];
        }
        """),
        .objectiveC("""
        - (void)saveSession:(NSString *)token {
            NSDictionary *session = @{ @"authToken": token, @"expires": self.expiry };
            [session ↓writeToURL:self.sessionURL atomically:YES];
        }
        - (void)saveTheme:(NSString *)theme {
            NSDictionary *prefs = @{ @"theme": theme };
            [prefs writeToFile:self.prefsPath atomically:YES];
            [self.data writeToFile:self.cachePath atomically:YES];
        }
        """),
        .plist("Config.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>environment</key>
            <string>production</string>
            ↓<key>adminPassword</key>
            <string>Adm1n!2019</string>
            <key>users</key>
            <array>
                <dict>
                    <key>name</key>
                    <string>demo</string>
                    ↓<key>password</key>
                    <string>demo1234</string>
                </dict>
            </array>
        </dict>
        </plist>
        """),
        .plist("Config.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>passwordMinLength</key>
            <integer>12</integer>
            <key>tokenKeychainKey</key>
            <string>com.bank.token</string>
            <key>authToken</key>
            <string>$(AUTH_TOKEN)</string>
            <key>password</key>
            <string></string>
            <key>refreshToken</key>
            <string>YOUR_REFRESH_TOKEN_HERE</string>
        </dict>
        </plist>
        """),
    ]

    /// The last word of a key that holds a user credential (API keys and client secrets
    /// are `secret-hardcoded`'s subject).
    private static let credentialWords: Set<String> = [
        "password", "passwd", "passcode", "pwd", "pin", "token", "credential", "credentials", "otp", "cvv", "pincode",
    ]
    private static let placeholderMarkers = ["$(", "${", "your", "xxx", "<", "placeholder", "changeme", "change_me", "example", "todo", "replace", "insert", "redacted", "****"]

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        switch file {
        case .swift(let swift): checkSwift(swift)
        case .objectiveC(let objc): checkObjectiveC(objc)
        case .propertyList(let plist) where plist.role == .other: checkBundled(plist)
        default: []
        }
    }

    // MARK: Swift

    private func checkSwift(_ file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        let values = SensitiveValues(file: file)
        // `dict.write(toFile:atomically:)`, `dict.write(to:atomically:)`, `dict.write(to:)`
        for call in file.index.calls where call.calleeName == "write" {
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            guard labels == ["toFile", "atomically"] || labels == ["to", "atomically"] || labels == ["to"],
                  let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                  let dictionary = WrittenDictionary.resolve(base) else { continue }
            let secret = dictionary.keys.first(where: SensitiveValues.isSecretName)
                ?? dictionary.values.lazy.compactMap { values.secretName(of: $0) }.first
            guard let secret else { continue }
            matches.append(Match(file.range(of: call), "a dictionary holding \(secret) is written to a property list file by \(base.trimmedDescription)"))
        }
        // `PropertyListEncoder().encode(secret)` written to a file.
        for write in FileWrite.writes(in: file) {
            guard let (producer, value) = write.producer(in: file), producer == .propertyList,
                  let secret = values.secretName(of: value) else { continue }
            matches.append(Match(file.range(of: write.call), "\(secret) is encoded as a property list and written to a file"))
        }
        return matches
    }

    // MARK: Objective-C

    private func checkObjectiveC(_ file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && (token.text == "writeToFile" || token.text == "writeToURL") {
            guard index + 3 < tokens.count, tokens[index + 1].text == ":",
                  let open = (0..<index).reversed().first(where: { tokens[$0].text == "[" && ObjectiveCSyntax.matching(tokens, open: $0).map { $0 > index } == true }),
                  let close = ObjectiveCSyntax.matching(tokens, open: open),
                  (index..<close).contains(where: { tokens[$0].text == "atomically" }),
                  !(index..<close).contains(where: { tokens[$0].text == "encoding" }),
                  let dictionary = ObjectiveCDictionary.resolve((open + 1)..<index, in: file) else { continue }
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
        guard let last = SensitiveNames.splitWords(key).last else { return false }
        return Self.credentialWords.contains(last)
    }

    private func looksLikeRealValue(_ text: String) -> Bool {
        let lowered = text.lowercased()
        guard text.count >= 4, !text.contains(" "), !Self.placeholderMarkers.contains(where: { lowered.contains($0) }) else { return false }
        return Set(text).count > 2
    }
}
