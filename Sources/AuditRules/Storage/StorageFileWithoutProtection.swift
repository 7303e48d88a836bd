import SwiftSyntax
import AuditKit

/// Files written with no data protection (`.noFileProtection`, `FileProtectionType.none`,
/// `NSFileProtectionNone`), and secret-named data, or data written to a secret-named file
/// (`token.txt`, `credentials.json`, `private.key`), written with no protection option: the
/// default class, `completeUntilFirstUserAuthentication`, then applies.
struct StorageFileWithoutProtection: AuditRule {
    let metadata = RuleMetadata(
        id: "storage-file-without-protection",
        title: "Sensitive file written without complete data protection",
        severity: .medium,
        category: .storage,
        masvs: "MASVS-STORAGE-1",
        cwe: 311,
        rationale:
            "A file's data-protection class decides when its key is available. With .noFileProtection / FileProtectionType.none it is protected only by the device key and readable at any time, even on a locked phone that was never unlocked since boot. A token or password written without an option gets the default class (completeUntilFirstUserAuthentication), readable by anything running after the first unlock, and String.write cannot ask for more.",
        fix:
            "Keep secrets in the Keychain (DeviceTrust's Keychain.save). For sensitive files, write with .completeFileProtection (or .completeFileProtectionUnlessOpen for work that must finish after locking), or set FileProtectionType.complete on the file or through the Data Protection entitlement; check isProtectedDataAvailable before reading in the background. For documents, DeviceTrust's ProtectedFileStore (SecureStorage) encrypts each file under a key kept only in the Keychain and sets the class on every write: pass fileProtection: .complete and keyAccessibility: .whenUnlockedThisDeviceOnly for files no background work needs, and destroy() erases them by deleting the key."
    )

    let triggers = ["write(to", "writeToFile", "writeToURL", "createFile", "Protection"]

    let skipsTestCode = true

    /// In Swift, an explicit "no protection" option (reported whatever is written: a bare
    /// `.none` only as a protection value, so next to a protection-named identifier), or a
    /// `write` or `createFile` call with a secret-named identifier or key somewhere in the
    /// file or a secret-named file name.
    let preCheck = PreCheck.any([
        .swiftText(["noFileProtection", "FileProtectionNone"]),
        .all([.swiftText([".none"]), .swiftIdentifierContaining(["protection"])]),
        .all([
            .swiftIdentifier(["write", "createFile"]),
            .any([
                .swiftSecretNames,
                .swiftLiteralWhere("a secret-named file name", { StorageFileWithoutProtection.sensitiveFileName($0) != nil }),
            ]),
        ]),
    ])

    private static let noneConstants: Set<String> = ["NSFileProtectionNone", "NSDataWritingFileProtectionNone", "NSURLFileProtectionNone"]

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        // Explicitly unprotected.
        for member in file.index.memberAccesses {
            let name = member.declName.baseName.text
            if name == "noFileProtection" {
                matches.append(Match(file.range(of: member), ".noFileProtection writes the file with no data protection"))
            } else if name == "none", isProtectionNone(member), !Self.createsEmptyFile(around: member) {
                matches.append(Match(file.range(of: member), "\(member.trimmedDescription) as the file protection leaves the file readable on a locked device"))
            }
        }
        for reference in file.index.references where Self.noneConstants.contains(reference.baseName.text) {
            matches.append(Match(file.range(of: reference), "\(reference.baseName.text) leaves the file readable on a locked device"))
        }
        // Secrets written without a protection option.
        let values = SensitiveValues(file: file)
        for write in FileWrite.writes(in: file) {
            if let protection = write.protection,
                protection.trimmedDescription.contains("omplete") || protection.trimmedDescription.contains("oneProtection")
                    || protection.trimmedDescription.contains("noFileProtection") || protection.trimmedDescription.contains(".none")
            {
                continue
            }
            if write.producer(in: file) != nil { continue }  // archived or encoded: the archive rules report it
            if let base = write.call.calledExpression.as(MemberAccessExprSyntax.self)?.base, write.call.calleeName == "write",
                WrittenDictionary.resolve(base) != nil
            {
                continue
            }
            let secret: String
            // Ciphertext is not the secret, unless its key is hard-coded (the same policy in Objective-C).
            if let encryption = FileWrite.origin(of: write.data).as(FunctionCallExprSyntax.self),
                let hardCoded = EncryptedValues.hasHardCodedKey(encryption, in: file)
            {
                guard hardCoded else { continue }
                secret = "\(BindingValues.unwrap(write.data).trimmedDescription), encrypted under a hard-coded key,"
            } else if let name = values.secretName(of: write.data) {
                secret = name
            } else if let fileName = sensitiveFileName(of: write) {
                secret = "\(BindingValues.unwrap(write.data).trimmedDescription), going to the secret-named file \(fileName),"
            } else {
                continue
            }
            let reportAt = write.call.calleeName == "write" ? ExprSyntax(write.call.calledExpression) : ExprSyntax(write.call)
            let how = write.acceptsProtection ? "with no protection option" : "as a String, which cannot ask for file protection"
            matches.append(Match(file.range(of: reportAt), "\(secret) is written to a file \(how)"))
        }
        return matches
    }

    /// Whether `member` is an attribute of `createFile(atPath:contents:attributes:)` whose
    /// contents are `nil` or `Data()`: a marker file, whose existence is its only content.
    private static func createsEmptyFile(around member: MemberAccessExprSyntax) -> Bool {
        var node = Syntax(member).parent
        while let current = node, !current.is(CodeBlockItemSyntax.self) {
            if let call = current.as(FunctionCallExprSyntax.self), call.calleeName == "createFile" {
                guard let contents = call.argument("contents").map(BindingValues.unwrap) else { return false }
                return contents.is(NilLiteralExprSyntax.self) || contents.trimmedDescription == "Data()"
            }
            node = current.parent
        }
        return false
    }

    /// `FileProtectionType.none` / `.none` as a protection value: `[.protectionKey: .none]`,
    /// `values.fileProtection = .none`; not in a comparison.
    private func isProtectionNone(_ member: MemberAccessExprSyntax) -> Bool {
        let base = member.base?.trimmedDescription
        if base == "FileProtectionType" || base == "URLFileProtection" {
            if let sequence = member.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
                sequence.elements.contains(where: { ["==", "!="].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") })
            {
                return false
            }
            return true
        }
        guard base == nil else { return false }
        if let element = member.parent?.as(DictionaryElementSyntax.self) {
            return element.key.trimmedDescription.hasSuffix("protectionKey")
        }
        if let sequence = member.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && elements[2].id == ExprSyntax(member).id
                && elements[0].trimmedDescription.hasSuffix("fileProtection")
        }
        return false
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if Self.noneConstants.contains(token.text) {
                guard !ObjectiveCExpressions.isCompared(index, in: tokens) else { continue }
                matches.append(Match(file.range(of: token), "\(token.text) leaves the file readable on a locked device"))
                continue
            }
            guard token.text == "writeToFile" || token.text == "writeToURL", index >= 2, index + 1 < tokens.count, tokens[index + 1].text == ":",
                let open = (0..<index).reversed().first(where: {
                    tokens[$0].text == "[" && ObjectiveCSyntax.matching(tokens, open: $0).map { $0 > index } == true
                }),
                let close = ObjectiveCSyntax.matching(tokens, open: open)
            else { continue }
            let message = tokens[index..<close]
            if message.contains(where: { $0.text.contains("FileProtection") }) { continue }  // an explicit class (None is reported above)
            let receiver = (open + 1)..<index
            guard ObjectiveCDictionary.resolve(receiver, in: file) == nil, let secret = secretName(receiver, in: file) else { continue }
            let how = message.contains(where: { $0.text == "encoding" }) ? "as a string, which cannot ask for file protection" : "with no protection option"
            matches.append(Match(file.range(of: token), "\(secret) is written to a file \(how)"))
        }
        return matches
    }

    /// The secret-named identifier of the receiver `range`, or of what a local receiver was
    /// assigned in the same body (not an archive: that is the archive rule's).
    private func secretName(_ range: Range<Int>, in file: ObjectiveCFile) -> String? {
        let tokens = file.tokens
        let name = ObjectiveCExpressions.identifier(range, in: tokens)
        if let name, let body = file.bodyRange(containing: range.lowerBound) {
            for position in stride(from: range.lowerBound - 1, through: body.lowerBound, by: -1)
            where tokens[position].text == name && position + 1 < range.lowerBound && tokens[position + 1].text == "=" {
                let end = (position..<range.lowerBound).first { tokens[$0].text == ";" } ?? range.lowerBound
                let assigned = (position + 2)..<end
                if tokens[assigned].contains(where: { $0.text == "NSKeyedArchiver" }) { return nil }
                // Ciphertext is not the secret, unless its key is hard-coded (the same policy in Swift).
                if let encryption = EncryptedValues.hardCodedKey(in: assigned, tokens: tokens) {
                    guard encryption.hardCoded else { return nil }
                    return "\(name), encrypted under " + (encryption.key.map { "the hard-coded key \($0)," } ?? "a hard-coded key,")
                }
                if SensitiveValues.isSecretName(name) { return name }
                return tokens[assigned].first { $0.kind == .identifier && SensitiveValues.isSecretName($0.text) }?.text
            }
        }
        return tokens[range].first(where: { $0.kind == .identifier && SensitiveValues.isSecretName($0.text) })?.text
    }
}
